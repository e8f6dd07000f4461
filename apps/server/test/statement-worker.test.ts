import type { Readable } from 'node:stream'
import { formatAmount } from '@booking/shared'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { poolState } from '../src/areas/platform/documents/render-pool.ts'
import { tableDocStream, WORKER_FROM_ROWS } from '../src/areas/platform/documents/table-doc.ts'
import { agencySettings } from '../src/areas/platform/settings/routes.ts'
import { buildStatement, statementDoc } from '../src/areas/readers/statements/document.ts'
import { agentAccount, CASH } from '../src/books/accounts.ts'
import { move } from '../src/books/moves.ts'
import { postEntry } from '../src/books/post.ts'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'
import { download, pdfText } from './paperwork-helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

/**
 * Decision 079: a statement document past WORKER_FROM_ROWS is read and built in the document
 * worker, through its own read-only connection; its files are the ones the main thread would make
 * from the same books (split sales, an edit's reversal, an opening balance), with the same headers.
 */
const AGENT = 'Agent Many'
const LINES = WORKER_FROM_ROWS + 80
const RANGE = { from: '2026-02-01' }
const url = (format: string) =>
  `/api/statements/agent/${encodeURIComponent(AGENT)}?from=${RANGE.from}&format=${format}`

const t = setupTestApp(async (t) => {
  await addNames(t, { ...COMMON_NAMES, agents: [...COMMON_NAMES.agents, AGENT] })
  // Sales with payments at booking (the statement splits them) and an edit (a reversal).
  const ids: number[] = []
  for (const [i, paid] of [5_000, 0, 7_250.5].entries()) {
    const res = await t.call('admin', 'POST', '/api/ticket', {
      ...VALID_BODIES['/api/ticket']!.body,
      agent_name: AGENT,
      return_date: null,
      receivable_amount: 60_000 + i * 1_000,
      paid_cash: paid,
      paid_in_bank: i === 1 ? 2_000 : 0,
    })
    if (res.status !== 201) throw new Error(JSON.stringify(res.body))
    ids.push(Number(res.body.ticket.id))
  }
  const edit = await t.call('admin', 'PUT', `/api/ticket/${ids[0]}`, {
    ...VALID_BODIES['/api/ticket']!.body,
    agent_name: AGENT,
    return_date: null,
    receivable_amount: 64_000,
    paid_cash: 4_000,
    paid_in_bank: 0,
  })
  if (edit.status !== 200) throw new Error(JSON.stringify(edit.body))
  // Many plain lines through the books' own write (one transaction keeps the setup short): one in
  // ten in January (before the period: its opening), the rest in February and March.
  await t.app.db.transaction().execute(async (trx) => {
    for (let i = 1; i <= LINES; i++) {
      const day = `2026-0${i % 10 ? 2 + (i % 2) : 1}-${String(1 + (i % 28)).padStart(2, '0')}`
      await postEntry(trx, {
        source: { type: 'agent_entries', id: 1_000_000 + i },
        day,
        meta: { entry: `AE-${i}`, detail: `Ledger line ${i}, "quoted", with a comma` },
        moves:
          i % 4 ? move(CASH, agentAccount(AGENT), 1_000 + i / 100) : move(agentAccount(AGENT), CASH, 25_000),
      })
    }
  })
})

const collect = async (s: Readable) => {
  const chunks: Buffer[] = []
  for await (const c of s) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

/** The statement's document as the main thread builds it from the same books. */
const onMain = async () => {
  const settings = await agencySettings(t.app.db)
  const statement = await buildStatement(t.app.db, 'agent', AGENT, RANGE)
  return { settings, statement, doc: statementDoc('agent', AGENT, RANGE, statement, settings.currency) }
}

const idle = async () => {
  for (let i = 0; i < 50 && poolState().running + poolState().queued > 0; i++)
    await new Promise((r) => setTimeout(r, 20))
  return poolState()
}

describe(`statement documents read in the worker (${DB_KIND})`, () => {
  it('a large CSV, read in the worker, is byte for byte the one the main thread makes, with the same headers', async () => {
    const { settings, statement, doc } = await onMain()
    expect(doc.rows.length).toBeGreaterThan(WORKER_FROM_ROWS)
    expect(statement.opening).not.toBe(0)
    expect(statement.rows.some((r) => r.detail.startsWith('Paid in cash at booking'))).toBe(true)
    const reads = poolState().reads
    const csv = await download(t, 'employee', url('csv'))
    expect(csv.status).toBe(200)
    expect(poolState().reads).toBe(reads + 1)
    expect(csv.type).toBe('text/csv; charset=utf-8')
    expect(csv.res.headers['content-disposition']).toBe(
      `attachment; filename="statement-agent-Agent-Many-${RANGE.from}-now.csv"`,
    )
    expect(csv.res.headers['cache-control']).toBe('no-store')
    const made = await collect(tableDocStream(settings, doc, 'csv', ''))
    expect(csv.bytes.equals(made)).toBe(true)
    expect(await idle()).toMatchObject({ running: 0, queued: 0 })
  })

  it('XLSX and PDF carry every row and the closing balance', async () => {
    const { statement } = await onMain()
    const xlsx = await download(t, 'admin', url('xlsx'))
    expect(xlsx.status).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(xlsx.bytes as unknown as ArrayBuffer)
    const values: unknown[][] = []
    wb.worksheets[0]!.eachRow((r) => values.push((r.values as unknown[]).slice(1)))
    const head = values.findIndex((r) => r[0] === 'Date')
    const body = values.slice(head + 2, head + 2 + statement.rows.length)
    expect(body.map((r) => r[1])).toEqual(statement.rows.map((r) => r.entry))
    expect(body.map((r) => r[5])).toEqual(statement.rows.map((r) => r.balance))
    expect(values.at(-1)![5]).toBe(statement.closing)

    const reads = poolState().reads
    const pdf = await download(t, 'employee', url('pdf'))
    expect(pdf.status).toBe(200)
    expect(poolState().reads).toBe(reads + 1)
    expect(pdf.type).toBe('application/pdf')
    expect(pdf.res.headers['content-disposition']).toBe(
      `attachment; filename="statement-agent-Agent-Many-${RANGE.from}-now.pdf"`,
    )
    const text = await pdfText(pdf.bytes)
    expect(text).toContain(`Closing balance Rs ${formatAmount(statement.closing)}`)
    expect(text).toContain(statement.rows.at(-1)!.detail)
    expect(text).toContain(`Totals / closing balance ${formatAmount(statement.totals.debit)}`)
    expect(await idle()).toMatchObject({ running: 0, queued: 0 })
  })
})
