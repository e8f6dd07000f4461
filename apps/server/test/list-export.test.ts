import ExcelJS from 'exceljs'
import { describe, expect, it, vi } from 'vitest'
import { EXPORT_CHUNK } from '../src/areas/platform/exports/list-export.ts'
import { addNames, COMMON_NAMES, passenger, setupTestApp } from './helpers.ts'
import { download } from './paperwork-helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

/** RFC 4180 rows (quoted fields with commas, quotes and line breaks). */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const s = text.replace(/^\uFEFF/, '')
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && s[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += c
  }
  if (cell || row.length) rows.push([...row, cell])
  return rows
}

const readXlsx = async (bytes: Buffer) => {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(bytes as unknown as ArrayBuffer)
  const sheet = wb.worksheets[0]!
  const rows: unknown[][] = []
  sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)))
  return rows
}

// Seeding over a thousand saves through the API takes a while on a busy PostgreSQL.
vi.setConfig({ hookTimeout: 240_000 })

// Enough tickets that an export takes several chunks; some share a depart date so ties are broken by id.
const COUNT = EXPORT_CHUNK * 2 + 37
const t = setupTestApp(async (t) => {
  await addNames(t, COMMON_NAMES)
  const base = VALID_BODIES['/api/ticket']!.body
  // Twenty at a time: the saves share commits, so seeding stays well inside the hook's time.
  const one = async (i: number) => {
    const res = await t.call('employee', 'POST', '/api/ticket', {
      ...base,
      customer_add: i % 3 === 0 ? `Export, "Quoted" ${i}` : `Other ${i}`,
      depart_date: `2026-0${1 + (i % 9)}-${String(1 + (i % 27)).padStart(2, '0')}`,
      return_date: null,
      passport_detail: JSON.stringify([passenger('Ali', `Khan${i}`)]),
      receivable_amount: 1000 + i + (i % 2 ? 0.5 : 0),
      paid_cash: 100,
      paid_in_bank: 0,
    })
    if (res.status !== 201) throw new Error(JSON.stringify(res.body))
  }
  for (let i = 0; i < COUNT; i += 20) {
    await Promise.all(Array.from({ length: Math.min(20, COUNT - i) }, (_, k) => one(i + k)))
  }
})

const sum = (xs: number[]) => Math.round(xs.reduce((s, x) => s + Math.round(x * 100), 0)) / 100

describe('list exports', () => {
  for (const filters of [
    'q=Quoted&sort=-depart_date',
    'sort=depart_date',
    'sort=-entry',
    'sort=receivable_amount',
    'from=2026-03-01&to=2026-07-31',
    '',
  ]) {
    it(`CSV and XLSX hold exactly the rows, order and totals of the JSON list (${filters || 'no filters'})`, async () => {
      const json = await t.call('employee', 'GET', `/api/ticket?${filters}`)
      expect(json.status).toBe(200)
      const tickets = json.body.ticket as Array<{
        entry: string
        receivable_amount: number
        customer_add: string
      }>
      expect(tickets.length).toBeGreaterThan(0)

      const csv = await download(t, 'employee', `/api/ticket?${filters}&format=csv`)
      expect(csv.status).toBe(200)
      expect(csv.type).toContain('text/csv')
      const [head, ...rows] = parseCsv(csv.bytes.toString('utf8'))
      const entry = head!.indexOf('Entry')
      const amount = head!.indexOf('Receivable Amount')
      const customer = head!.indexOf('Customer Add')
      expect(head).toContain('Passengers')
      expect(rows.map((r) => r[entry])).toEqual(tickets.map((r) => r.entry))
      expect(rows.map((r) => r[customer])).toEqual(tickets.map((r) => r.customer_add))
      expect(sum(rows.map((r) => Number(r[amount])))).toBe(sum(tickets.map((r) => r.receivable_amount)))

      const xlsx = await download(t, 'employee', `/api/ticket?${filters}&format=xlsx`)
      expect(xlsx.status).toBe(200)
      expect(xlsx.type).toContain('spreadsheetml')
      const [xhead, ...xrows] = await readXlsx(xlsx.bytes)
      const xe = xhead!.indexOf('Entry')
      const xa = xhead!.indexOf('Receivable Amount')
      expect(xrows.map((r) => r[xe])).toEqual(tickets.map((r) => r.entry))
      expect(xrows.every((r) => typeof r[xa] === 'number')).toBe(true)
      expect(sum(xrows.map((r) => r[xa] as number))).toBe(sum(tickets.map((r) => r.receivable_amount)))
    })
  }

  it('ledger lists export with their running balances; admin-only lists stay admin-only', async () => {
    const agent = await t.call('employee', 'GET', '/api/agent?name=Agent%20A')
    const csv = await download(t, 'employee', '/api/agent?name=Agent%20A&format=csv')
    const [head, ...rows] = parseCsv(csv.bytes.toString('utf8'))
    const balance = head!.indexOf('Balance')
    expect(rows.map((r) => Number(r[balance]))).toEqual(
      agent.body.agents.map((r: { balance: number }) => r.balance),
    )
    expect((await download(t, 'employee', '/api/vender?format=csv')).status).toBe(403)
    expect((await download(t, 'admin', '/api/vender?format=xlsx')).status).toBe(200)
  })

  it('refuses an unknown format with a 400', async () => {
    const res = await t.call('employee', 'GET', '/api/ticket?format=doc')
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Format must be json, csv or xlsx')
  })
})
