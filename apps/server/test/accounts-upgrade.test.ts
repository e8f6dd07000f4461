import { describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { backBeforeAccounts, bookAnswerUrls, captureAnswers } from './before-accounts.ts'
import { DB_KIND, TEST_SECRET, type TestApp } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

/**
 * Issue 32 must-show: "Upgrade from the previous release ... every report, statement, ledger page
 * and dashboard answer byte-identical before and after (a test on a smaller file; the 1M figure in
 * bench/)". Books written through the API (every money-moving record type, a customer's sale on
 * account, payments, an edit, a delete) are answered, taken back to the release before the accounts
 * table (before-accounts.ts), upgraded by a new start, and answered again: every answer's status
 * and bytes are the same. bench/upgrade-accounts.ts does the same at 1M lines on both databases.
 */

/** The record types whose create posts money, from the shared valid bodies. */
const RECORD_PATHS = [
  '/api/ticket',
  '/api/umrah',
  '/api/visa-processing',
  '/api/gamca-token',
  '/api/services',
  '/api/protector',
  '/api/expenses',
  '/api/refunded',
  '/api/navtcc',
  '/api/refund-customer',
  '/api/agent',
  '/api/vender',
  '/api/accounts',
]

const created = (body: Record<string, unknown>) => {
  const row = Object.values(body).find((v) => typeof v === 'object' && v !== null && 'id' in v)
  return Number((row as { id: unknown } | undefined)?.id)
}

const write = async (t: TestApp, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const res = await t.call('admin', method, url, body)
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300)
  return res.body as Record<string, unknown>
}

describe(`accounts upgrade (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, COMMON_NAMES))

  it('the release before the accounts table upgrades with every books answer byte-identical', {
    timeout: 60_000,
  }, async () => {
    for (const path of RECORD_PATHS) {
      const entry = VALID_BODIES[path]
      expect(entry, path).toBeDefined()
      await write(t, 'POST', path, entry!.body)
    }
    const customer = created(
      await write(t, 'POST', '/api/customers', { name: 'Ali Traders', mobile_number: '3001234567' }),
    )
    const sale = created(
      await write(t, 'POST', '/api/visa-processing', {
        ...VALID_BODIES['/api/visa-processing']!.body,
        customer_add: 'Ali Traders',
        receivable_amount: 45_000,
        paid_cash: 5_000,
        paid_in_bank: 0,
        bank_title: '',
      }),
    )
    const ticket = VALID_BODIES['/api/ticket']!.body
    const second = created(
      await write(t, 'POST', '/api/ticket', { ...ticket, paid_cash: 1_000, paid_in_bank: 2_000 }),
    )
    const third = created(await write(t, 'POST', '/api/ticket', { ...ticket, receivable_amount: 77_000 }))
    await write(t, 'PUT', `/api/ticket/${second}`, { ...ticket, paid_cash: 3_000, receivable_amount: 90_000 })
    await write(t, 'DELETE', `/api/ticket/${third}`)
    await write(t, 'POST', '/api/payments', {
      source_type: 'visa-processing',
      source_id: sale,
      amount: 10_000,
      method: 'cash',
      bank_title: '',
    })
    await write(t, 'POST', '/api/payments', {
      source_type: 'ticket',
      source_id: second,
      amount: 4_000,
      method: 'cash',
      bank_title: '',
    })

    // The valid bodies are dated through 2026; payments are dated today.
    const urls = bookAnswerUrls({
      agent: COMMON_NAMES.agents[0]!,
      vendor: COMMON_NAMES.vendors[0]!,
      bank: 'UBL Account 1',
      customer,
      day: '2026-06-30',
      from: '2026-01-01',
      to: '2026-12-31',
    })
    const before = await captureAnswers(t.app, t.tokens.admin, urls)
    for (const [url, { status, body }] of before) expect(status, `${url}: ${body}`).toBe(200)
    // The answers show the books: the trial balance has the records' accounts, the statements lines.
    expect(JSON.parse(before.get('/api/reports/trial-balance')!.body).accounts.length).toBeGreaterThan(5)

    await backBeforeAccounts(t.databaseUrl)
    const app = await buildApp({ databaseUrl: t.databaseUrl, jwtSecret: TEST_SECRET })
    try {
      const accounts = await app.db.selectFrom('accounts').select('id').execute()
      expect(accounts.length).toBeGreaterThan(5)
      const unnamed = await app.db
        .selectFrom('posting_lines')
        .select('id')
        .where('account_id', 'is', null)
        .execute()
      expect(unnamed).toEqual([])
      const after = await captureAnswers(app, t.tokens.admin, urls)
      for (const url of urls) expect(after.get(url), url).toEqual(before.get(url))
    } finally {
      await app.close()
    }
  })
})
