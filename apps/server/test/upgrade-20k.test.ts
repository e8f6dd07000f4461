import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { booksCheck, trialBalance } from '../src/areas/readers/reports/trial-balance.ts'
import { connect, type Db } from '../src/db/connect.ts'
import { DB_KIND, freshDatabase, TEST_SECRET } from './harness.ts'
import { type Expected, seedPreviousRelease } from './previous-release.ts'
import { freePort, ready, startServer, stopServer } from './server-process.ts'

const PER_KIND = 5_000

/** The books after the upgrade: balanced, checked, each balance the records' sum, each record posted once. */
const expectBooks = async (db: Db, expected: Expected) => {
  const check = await booksCheck(db)
  expect(check.first_divergence).toBeUndefined()
  expect(check.ok).toBe(true)
  const tb = await trialBalance(db)
  expect(tb.totals.debit).toBe(tb.totals.credit)
  const balance = (code: string) => tb.accounts.find((a) => a.code === code)?.balance
  expect(balance('cash')).toBe(expected.cash)
  expect(balance('bank:UBL Account 1')).toBe(expected.bankUbl)
  expect(balance('bank:Meezan old text')).toBe(expected.bankMeezan)
  expect(balance('bank:(bank not named)')).toBe(expected.bankUnnamed)
  expect(balance('agent:Agent A')).toBe(expected.agent)
  expect(balance('vendor:Vendor V')).toBe(expected.vendor)
  // Every record posted once, and nothing left to do.
  const sources = await sql<{
    n: unknown
  }>`SELECT count(*) AS n FROM (SELECT DISTINCT source_type, source_id FROM posting_lines) s`.execute(db)
  expect(Number(sources.rows[0].n)).toBe(expected.records)
  const totals = await db.selectFrom('books_totals').select('backfill').executeTakeFirstOrThrow()
  expect(Number(totals.backfill)).toBe(0)
}

describe(`upgrade of 20,000 records from the previous release (${DB_KIND})`, () => {
  it('the real server starts (no plugin timeout), and every books figure matches the records', {
    timeout: 300_000,
  }, async () => {
    const database = await freshDatabase()
    try {
      const t0 = performance.now()
      const expected = await seedPreviousRelease(database.url, PER_KIND)
      const seeded = performance.now()
      const server = startServer(database.url, await freePort())
      try {
        await ready(server, 280_000)
      } finally {
        await stopServer(server)
      }
      const started = performance.now()
      console.log(
        `${DB_KIND}: seeded ${expected.records} records in ${((seeded - t0) / 1000).toFixed(1)} s, upgraded and started in ${((started - seeded) / 1000).toFixed(1)} s`,
      )
      // Progress is told, and the last line is the whole: done of done, 100 %.
      const told = server.output().match(/upgrade\): [\d,]+ of [\d,]+ \(\d+ %\)/g) ?? []
      expect(told.length).toBeGreaterThan(0)
      expect(told.at(-1)).toMatch(/: ([\d,]+) of \1 \(100 %\)$/)
      const db = connect(database.url)
      try {
        await expectBooks(db, expected)
      } finally {
        await db.destroy()
      }
    } finally {
      await database.drop()
    }
  })
  it('a stop after one committed chunk resumes there on the next start, posting nothing twice', async () => {
    const database = await freshDatabase()
    try {
      const expected = await seedPreviousRelease(database.url, 60)
      const stop = new AbortController()
      const seen: number[] = []
      const first = await buildApp({
        databaseUrl: database.url,
        jwtSecret: TEST_SECRET,
        signal: stop.signal,
        backfillChunk: 50,
        onBackfillProgress: ({ done }) => {
          seen.push(done)
          stop.abort()
        },
      })
      try {
        expect(seen).toEqual([50])
        const place = await first.db
          .selectFrom('books_totals')
          .select(['backfill', 'backfill_table', 'backfill_after'])
          .executeTakeFirstOrThrow()
        expect(Number(place.backfill)).toBe(1)
        expect(Number(place.backfill_after)).toBeGreaterThan(0)
        const posted = await sql<{
          n: unknown
        }>`SELECT count(DISTINCT source_id) AS n FROM posting_lines WHERE source_type = ${place.backfill_table}`.execute(
          first.db,
        )
        expect(Number(posted.rows[0].n)).toBe(Number(place.backfill_after))
      } finally {
        await first.close()
      }
      const progress: number[] = []
      const totals: number[] = []
      const second = await buildApp({
        databaseUrl: database.url,
        jwtSecret: TEST_SECRET,
        backfillChunk: 50,
        onBackfillProgress: ({ done, total }) => {
          // At least the rows there were: posting can add rows to a later table as it goes.
          expect(total).toBeGreaterThanOrEqual(expected.rows)
          expect(done).toBeLessThanOrEqual(total)
          progress.push(done)
          totals.push(total)
        },
      })
      try {
        // Resumed at the 51st ticket (the ten left make the first chunk), then a chunk at a time to the end.
        expect(progress[0]).toBe(60)
        expect(progress.at(-1)).toBe(totals.at(-1))
        await expectBooks(second.db, expected)
      } finally {
        await second.close()
      }
    } finally {
      await database.drop()
    }
  })
})
