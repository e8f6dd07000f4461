import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

/**
 * Decision 077: a statement and a day book answer a page of their lines with `limit`/`offset`;
 * the pages laid end to end are the unpaged answer (rows, running balances, openings, totals),
 * through split sales (decision 054), later payments, an edit and a delete (reversals).
 */
const AGENT = 'Agent Paged'
const DAYS = ['2026-03-02', '2026-03-02', '2026-03-09', '2026-03-09', '2026-03-09', '2026-03-20']

const t = setupTestApp(async (t) => {
  await addNames(t, { ...COMMON_NAMES, agents: [...COMMON_NAMES.agents, AGENT] })
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await t.call('admin', 'POST', path, body)
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`)
    return res.body
  }
  const ids: number[] = []
  for (const [i, date] of DAYS.entries()) {
    const ticket = await post('/api/ticket', {
      ...VALID_BODIES['/api/ticket']!.body,
      agent_name: AGENT,
      depart_date: date,
      return_date: null,
      receivable_amount: 50_000 + i * 1_000,
      paid_cash: i % 3 === 2 ? 0 : 5_000 + i,
      paid_in_bank: i % 2 ? 2_000.5 : 0,
    })
    ids.push(Number(ticket.ticket.id))
    await post('/api/agent', {
      ...VALID_BODIES['/api/agent']!.body,
      agent_name: AGENT,
      date,
      detail: `ledger ${i}`,
      ...(i % 2 ? { debit: 700 + i, credit: 0 } : { debit: 0, credit: 900 + i }),
    })
  }
  await post('/api/payments', { source_type: 'ticket', source_id: ids[1], amount: 1_500, method: 'cash' })
  const edit = await t.call('admin', 'PUT', `/api/ticket/${ids[2]}`, {
    ...VALID_BODIES['/api/ticket']!.body,
    agent_name: AGENT,
    depart_date: DAYS[2],
    return_date: null,
    receivable_amount: 61_000,
    paid_cash: 3_000,
    paid_in_bank: 1_000,
  })
  if (edit.status !== 200) throw new Error(`edit: ${JSON.stringify(edit.body)}`)
  expect((await t.call('admin', 'DELETE', `/api/ticket/${ids[4]}`)).status).toBe(200)
})

type Row = Record<string, unknown>
const get = async (url: string) => {
  const res = await t.call('admin', 'GET', url)
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200)
  return res.body as Row & { rows: Row[] }
}

describe(`statement and day book pages (${DB_KIND})`, () => {
  it('pages of a statement laid end to end are the whole statement', async () => {
    const base = `/api/statements/agent/${encodeURIComponent(AGENT)}`
    // Sales post on the day they are made (today); the agent's own rows on March days.
    for (const range of ['', '?from=2026-03-05', '?from=2026-03-05&to=2026-03-20']) {
      const whole = await get(`${base}${range}`)
      // Split sales show more rows than lines: the whole books and the period from March hold some.
      const split = whole.rows.some((r) => String(r.detail).startsWith('Paid in bank at booking'))
      expect(split).toBe(!range.includes('to='))
      const sep = range ? '&' : '?'
      const rows: Row[] = []
      let lines = 0
      for (let offset = 0; ; offset += 3) {
        const page = (await get(`${base}${range}${sep}limit=3&offset=${offset}`)) as Row & {
          rows: Row[]
          page: { lines_total: number; opening: number; offset: number; limit: number }
        }
        for (const key of ['opening', 'closing', 'totals', 'kind', 'name', 'from', 'to'])
          expect(page[key], key).toEqual(whole[key])
        // The page's opening is the balance the whole statement shows just before its first row.
        const before = rows.length ? (rows[rows.length - 1]!.balance as number) : (whole.opening as number)
        if (page.rows.length) expect(page.page.opening).toBe(before)
        expect(page.page).toMatchObject({ offset, limit: 3 })
        lines = page.page.lines_total
        rows.push(...page.rows)
        if (page.rows.length === 0) break
      }
      expect(rows).toEqual(whole.rows)
      expect(lines).toBeGreaterThan(3)
      if (split) expect(lines).toBeLessThan(whole.rows.length)
      else expect(lines).toBe(whole.rows.length)
    }
    for (const bad of ['limit=0', 'limit=501', 'offset=-1', 'limit=x'])
      expect((await t.call('admin', 'GET', `${base}?${bad}`)).status).toBe(400)
  })

  it('pages of a day book laid end to end are the whole day', async () => {
    const whole0 = await get(`/api/statements/agent/${encodeURIComponent(AGENT)}`)
    const dates = [...new Set(whole0.rows.map((r) => String(r.date)))]
    let rowsSeen = 0
    for (const date of dates) {
      const whole = await get(`/api/reports/day-book?date=${date}`)
      const rows: Row[] = []
      for (let offset = 0; ; offset += 2) {
        const page = await get(`/api/reports/day-book?date=${date}&limit=2&offset=${offset}`)
        for (const key of ['date', 'cash', 'bank', 'accounts']) expect(page[key], key).toEqual(whole[key])
        expect(page.rows_total).toBe(whole.rows.length)
        expect(page.rows.length).toBeLessThanOrEqual(2)
        rows.push(...page.rows)
        if (page.rows.length < 2) break
      }
      expect(rows).toEqual(whole.rows)
      rowsSeen += rows.length
    }
    expect(rowsSeen).toBeGreaterThan(4)
    // Cash and a bank both move on the day the sales were made.
    const some = await get(`/api/reports/day-book?date=${dates[dates.length - 1]}`)
    expect((some.accounts as Row[]).length).toBeGreaterThan(1)
  })
})
