import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { setupTestApp } from './helpers.ts'
import { HOSTILE_WORKBOOKS, part, workbook } from './hostile-files.ts'

/**
 * Issue 33 item 8: hostile statement files and pasted texts, the issue's cases and random
 * mutations of real exports and tickets (/work/shared/fixtures), each answered 2xx or 4xx, never
 * a 5xx, a crash or a stall (one answer within STALL_MS), and nothing stored by a preview or a
 * refused import. RUNS per kind here (a few hundred requests in all); `npm run fuzz` sets
 * FUZZ_RUNS=1000.
 */
const RUNS = Math.max(50, Math.round(Number(process.env.FUZZ_RUNS ?? 100) * 0.8))
/*
 * Every property ends on its first failure (endOnFailure), its seed and case printed: no shrinking.
 * A case here may cost the server's time limit (5 s a paste, 10 s a file) before its 413, and so
 * may each smaller case fast-check tries: a paste the reader took 9 s over (seed 506) was shrunk
 * through 60 cases of 5 s, past the test's 300 s, a timeout that named no seed (CI, once).
 */
/** Far above any answer here (tens of ms), far below the minutes a quadratic reader took. */
const STALL_MS = 5_000
/** The shared fixtures beside the repository (../shared), or where the coordinator keeps them. */
const FIXTURES = [
  process.env.SHARED_FIXTURES,
  join(import.meta.dirname, '../../../../shared/fixtures'),
  '/work/shared/fixtures',
].find((d): d is string => d !== undefined && existsSync(d))
if (!FIXTURES) throw new Error('No shared fixtures: set SHARED_FIXTURES to the fixtures folder')
const STATEMENT = readFileSync(join(FIXTURES, 'bank-statements/hbl-style.csv'), 'utf8')
const TICKETS = readdirSync(join(FIXTURES, 'tickets'))
  .filter((f) => f.endsWith('.txt'))
  .map((f) => readFileSync(join(FIXTURES, 'tickets', f), 'utf8'))

const t = setupTestApp(async (t) => {
  const bank = await t.call('admin', 'POST', '/api/admin/banks', { name: 'Fuzz Bank' })
  bankId = bank.body.bank.id
})
let bankId = 0

/** Text that made readers backtrack or grow: brackets, runs of separators, tags, entities. */
const HOSTILE_UNITS = [
  '(',
  '(a',
  ')',
  '"',
  '""',
  ',',
  ';',
  '\t',
  '\n',
  '\r',
  ' ',
  '\u0000',
  '<row>',
  '<c r="ZZZZZZZ1">',
  '&#x',
  '&',
  'Status ',
  '12:00 PK1 ',
  'TKT-',
  'ELECTRONIC TICKET RECORD\n',
  '1761234567890',
  '\uD800',
  '٠١٢',
]

/** A mutation of `text`: some of its characters replaced, removed or repeated, hostile runs put in. */
const mutated = (text: string) =>
  fc
    .array(
      fc.record({
        at: fc.nat({ max: Math.max(0, text.length) }),
        cut: fc.nat({ max: 40 }),
        unit: fc.constantFrom(...HOSTILE_UNITS),
        times: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 100, max: 20_000 })),
      }),
      { minLength: 1, maxLength: 4 },
    )
    .map((edits) => {
      let out = text
      for (const e of edits) {
        const at = Math.min(e.at, out.length)
        out = out.slice(0, at) + e.unit.repeat(e.times) + out.slice(at + e.cut)
      }
      return out.slice(0, 390_000)
    })

const timedCall = async (method: 'POST', url: string, body: unknown) => {
  const started = performance.now()
  const res = await t.call('admin', method, url, body)
  return { ...res, ms: performance.now() - started }
}

const upload = async (route: string, bytes: Buffer, name: string) => {
  const boundary = `----fuzz${Math.random().toString(16).slice(2)}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const started = performance.now()
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/banks/${bankId}/${route}`,
    headers: {
      authorization: `Bearer ${t.tokens.admin}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  })
  return { status: res.statusCode, body: res.json() as { status: string }, ms: performance.now() - started }
}

const heard = (res: { status: number; ms: number; body: unknown }, what: string) => {
  expect(res.status < 500, `${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(true)
  expect(res.ms, what).toBeLessThan(STALL_MS)
}

const storedLines = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('bank_statement_lines')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

/** A sheet of the statement's rows as inline strings, to mutate as XML before it is zipped. */
const sheetRows = STATEMENT.trim()
  .split('\n')
  .map(
    (line, r) =>
      `<row r="${r + 1}">${line
        .split(',')
        .map(
          (cell, c) =>
            `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="inlineStr"><is><t>${cell.replace(/[<&]/g, '')}</t></is></c>`,
        )
        .join('')}</row>`,
  )
  .join('')

describe(`fuzzed statement files and pastes (${DB_KIND})`, () => {
  it('CSV: mutations of a real export, previewed as JSON and as an upload', async () => {
    await fc.assert(
      fc.asyncProperty(mutated(STATEMENT), async (csv) => {
        heard(await timedCall('POST', `/api/banks/${bankId}/statement-preview`, { csv }), 'json preview')
        heard(await upload('statement-preview', Buffer.from(csv), 'fuzz.csv'), 'upload preview')
      }),
      { numRuns: RUNS, endOnFailure: true },
    )
    expect(await storedLines()).toBe(0)
  }, 300_000)

  it('XLSX: the table of the issue, mutated sheet XML, and flipped bytes of a real workbook', async () => {
    for (const h of HOSTILE_WORKBOOKS)
      heard(await upload('statement-preview', h.file(), 'hostile.xlsx'), h.name)
    const good = workbook(sheetRows)
    const fine = await upload('statement-preview', good, 'good.xlsx')
    expect(fine.status, JSON.stringify(fine.body)).toBe(200)
    await fc.assert(
      fc.asyncProperty(
        mutated(sheetRows),
        fc.array(fc.tuple(fc.nat({ max: good.length - 1 }), fc.nat({ max: 255 })), { maxLength: 6 }),
        async (xml, flips) => {
          heard(await upload('statement-preview', workbook(xml), 'm.xlsx'), 'mutated sheet')
          const bytes = Buffer.from(good)
          for (const [at, v] of flips) bytes[at] = v
          heard(await upload('statement-imports', bytes, 'f.xlsx'), 'flipped workbook import')
          heard(
            await upload(
              'statement-preview',
              workbook(sheetRows, part('xl/sharedStrings.xml', xml)),
              's.xlsx',
            ),
            'mutated strings',
          )
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    )
    // Imports without a mapping are refused before anything is stored.
    expect(await storedLines()).toBe(0)
  }, 300_000)

  it('pasted tickets: mutations of the real tickets answer 200 or 400 quickly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TICKETS).chain((ticket) => mutated(ticket)),
        async (text) => {
          heard(await timedCall('POST', '/api/tickets/parse', { text }), 'ticket paste')
        },
      ),
      // A paste that never comes back fails its case (with the seed and the text to replay it).
      { numRuns: RUNS, timeout: 30_000, endOnFailure: true },
    )
  }, 300_000)
})
