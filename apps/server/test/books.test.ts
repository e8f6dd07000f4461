import { businessDayOf, CASH_IN_OFFICE, OVERPAID_PAYMENT } from '@booking/shared'
import type { Kysely } from 'kysely'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BOOKS_FULL, MAX_BOOK_PAISA } from '../src/books/lines.ts'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, journalRow, rowCount, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

/** Each form's bank money: the bank it names (as a bank name or a customer-facing title) and the amount. */
const BANK_MONEY: { path: string; key: string; bank: string; credit: number; debit: number }[] = [
  { path: '/api/ticket', key: 'ticket', bank: 'UBL Account 1', credit: 20000.5, debit: 0 },
  { path: '/api/umrah', key: 'umrahBooking', bank: 'MCB FIT', credit: 150000, debit: 0 },
  { path: '/api/visa-processing', key: 'visa_processing', bank: 'HBL Account 1', credit: 25000.25, debit: 0 },
  { path: '/api/gamca-token', key: 'gamcaToken', bank: 'UBL Account 1', credit: 3000.5, debit: 0 },
  { path: '/api/services', key: 'service', bank: 'UBL Account 2', credit: 10000.1, debit: 0 },
  { path: '/api/navtcc', key: 'navtcc', bank: 'HBL Account 1', credit: 15000, debit: 0 },
  { path: '/api/refund-customer', key: 'refundCustomer', bank: 'UBL Account 1', credit: 0, debit: 10000 },
]

describe(`books (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, COMMON_NAMES))

  const bankRows = async (bank: string) => {
    const res = await t.call('admin', 'GET', `/api/accounts/${encodeURIComponent(bank)}`)
    expect(res.status).toBe(200)
    return res.body as {
      entry: string
      credit: number
      debit: number
      balance: number
      source_type: string
    }[]
  }
  const cashInOffice = async () =>
    (await t.call('admin', 'GET', '/api/dashboard')).body.cashInOffice as number
  const cashAccount = async () =>
    (await t.call('admin', 'GET', '/api/reports/cash-in-office')).body.cashInOffice
  const booksOk = async () => {
    const check = await t.call('admin', 'GET', '/api/reports/books-check')
    expect(check.status).toBe(200)
    expect(check.body.first_divergence).toBeUndefined()
    expect(check.body.ok).toBe(true)
    const tb = await t.call('admin', 'GET', '/api/reports/trial-balance')
    expect(tb.body.totals.debit).toBe(tb.body.totals.credit)
    // Cash in Office on the dashboard is the cash account's balance.
    expect(await cashInOffice()).toBe(await cashAccount())
    return tb.body
  }

  it('a bank payment on every form reaches that bank’s Office Accounts ledger', async () => {
    for (const m of BANK_MONEY) {
      const before = await bankRows(m.bank)
      const saved = await t.call('admin', 'POST', m.path, VALID_BODIES[m.path].body)
      expect(saved.status, `${m.path} ${JSON.stringify(saved.body)}`).toBe(201)
      const after = await bankRows(m.bank)
      expect(after.length, m.path).toBe(before.length + 1)
      const row = after.find((r) => r.entry === saved.body[m.key].entry)
      expect(row, m.path).toMatchObject({ credit: m.credit, debit: m.debit })
      // Compared in paisa: exact, no float tolerance.
      const last = (rows: typeof after) => Math.round((rows.at(-1)?.balance ?? 0) * 100)
      const paisa = (rupees: number) => Math.round(rupees * 100)
      expect(last(after), m.path).toBe(last(before) + paisa(m.credit) - paisa(m.debit))
    }
    const tb = await booksOk()
    const bank = (name: string) => tb.accounts.find((a: { code: string }) => a.code === `bank:${name}`)
    // 20000.5 + 3000.5 − 10000 into UBL Account 1; 25000.25 + 15000 into HBL Account 1.
    expect(bank('UBL Account 1')).toMatchObject({ kind: 'bank', balance: 13001 })
    expect(bank('HBL Account 1')).toMatchObject({ kind: 'bank', balance: 40000.25 })
    // Income and cost accounts read with the record type's screen name.
    expect(tb.accounts.find((a: { code: string }) => a.code === 'income:gamca_tokens')).toMatchObject({
      kind: 'income',
      name: 'Income: Gamca Token',
    })
  })

  it('a bank named by no bank account is refused before anything is stored', async () => {
    const before = await rowCount(t, 'visa_processing')
    const res = await t.call('admin', 'POST', '/api/visa-processing', {
      ...VALID_BODIES['/api/visa-processing'].body,
      bank_title: 'Meezan Nowhere',
    })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({ bank_title: 'Select a bank from the list' })
    expect(await rowCount(t, 'visa_processing')).toBe(before)
  })

  it('a vendor payment comes out of the named bank, or out of Cash in Office', async () => {
    const cash = await cashInOffice()
    const hbl2 = await bankRows('HBL Account 2')
    const fromBank = await t.call('admin', 'POST', '/api/vender', {
      vender_name: 'Vendor V',
      date: '2026-11-20',
      detail: 'Tickets for November',
      bank_title: 'HBL Account 2',
      credit: 0,
      debit: 5000,
    })
    expect(fromBank.status).toBe(201)
    const after = await bankRows('HBL Account 2')
    expect(after).toHaveLength(hbl2.length + 1)
    expect(after.at(-1)).toMatchObject({
      debit: 5000,
      credit: 0,
      balance: (hbl2.at(-1)?.balance ?? 0) - 5000,
    })
    expect(await cashInOffice()).toBe(cash)

    const fromCash = await t.call('admin', 'POST', '/api/vender', {
      vender_name: 'Vendor V',
      date: '2026-11-20',
      detail: 'Cash to the courier',
      bank_title: 'Cash',
      credit: 0,
      debit: 3000,
    })
    expect(fromCash.status).toBe(201)
    expect(await cashInOffice()).toBe(cash - 3000)
    const unknown = await t.call('admin', 'POST', '/api/vender', {
      vender_name: 'Vendor V',
      date: '2026-11-20',
      detail: 'x',
      bank_title: 'Bank of Nowhere',
      credit: 0,
      debit: 10,
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors.bank_title).toBe('Select a bank from the list')
    await booksOk()
  })

  it('a page of the Cash in Office ledger carries the same balances as the whole ledger', async () => {
    for (const [i, date] of [
      '2026-03-02',
      '2026-03-02',
      '2026-04-15',
      '2026-05-01',
      '2026-05-01',
    ].entries()) {
      const res = await t.call('employee', 'POST', '/api/agent', {
        agent_name: 'Agent A',
        employee: 'emp',
        date,
        detail: `Cash page ${i}`,
        credit: 1000 * (i + 1),
        debit: 0,
        paid_cash: 1000 * (i + 1),
        paid_bank: 0,
      })
      expect(res.status).toBe(201)
    }
    const name = encodeURIComponent(CASH_IN_OFFICE)
    const whole = (await t.call('admin', 'GET', `/api/accounts/${name}`)).body as Array<{
      id: number
      date: string
      balance: number
    }>
    const balanceOf = new Map(whole.map((r) => [r.id, r.balance]))
    const sum = whole.length
    expect(sum).toBeGreaterThanOrEqual(5)
    for (const qs of [
      'limit=2&offset=1',
      'limit=3&offset=0&sort=-date',
      'limit=2&from=2026-04-01&to=2026-05-31',
    ]) {
      const page = await t.call('admin', 'GET', `/api/accounts?name=${name}&${qs}`)
      expect(page.status, qs).toBe(200)
      expect(page.body.accounts.length, qs).toBeGreaterThan(0)
      for (const r of page.body.accounts) expect(r.balance, `${qs} row ${r.id}`).toBe(balanceOf.get(r.id))
    }
    const ranged = await t.call(
      'admin',
      'GET',
      `/api/accounts?name=${name}&limit=10&from=2026-04-01&to=2026-05-31`,
    )
    expect(ranged.body.total).toBe(
      whole.filter((r) => r.date >= '2026-04-01' && r.date <= '2026-05-31').length,
    )
    const newest = await t.call('admin', 'GET', `/api/accounts?name=${name}&limit=1&sort=-date`)
    expect(newest.body.accounts[0].balance).toBe(whole.at(-1)?.balance)
  })

  it('cash received from an agent raises Cash in Office; bank received reaches the bank', async () => {
    const cash = await cashInOffice()
    const res = await t.call('employee', 'POST', '/api/agent', {
      agent_name: 'Agent A',
      employee: 'emp',
      date: '2026-11-21',
      detail: 'Received against November tickets',
      credit: 40000,
      debit: 0,
      paid_cash: 40000,
      paid_bank: 0,
    })
    expect(res.status).toBe(201)
    expect(await cashInOffice()).toBe(cash + 40000)
    const ledger = (await t.call('admin', 'GET', `/api/accounts/${encodeURIComponent(CASH_IN_OFFICE)}`)).body
    expect(ledger.find((r: { entry: string }) => r.entry === res.body.agent.entry)).toMatchObject({
      credit: 40000,
    })
    expect(ledger.at(-1).balance).toBe(cash + 40000)

    const noBank = await t.call('employee', 'POST', '/api/agent', {
      agent_name: 'Agent A',
      employee: 'emp',
      date: '2026-11-21',
      detail: 'By transfer',
      credit: 2500,
      paid_bank: 2500,
    })
    expect(noBank.status).toBe(400)
    expect(noBank.body.errors.bank_title).toBe('Bank Title is required')
    const jaz = await bankRows('JAZ C')
    const byBank = await t.call('employee', 'POST', '/api/agent', {
      agent_name: 'Agent A',
      employee: 'emp',
      date: '2026-11-21',
      detail: 'By transfer',
      credit: 2500,
      paid_bank: 2500,
      bank_title: 'JAZ C',
    })
    expect(byBank.status).toBe(201)
    expect(await bankRows('JAZ C')).toHaveLength(jaz.length + 1)
    await booksOk()
  })

  it('a payment lowers the remaining amount, issues a receipt, and overpaying is refused', async () => {
    const ticket = (await t.call('employee', 'POST', '/api/ticket', VALID_BODIES['/api/ticket'].body)).body
      .ticket
    expect(ticket.remaining_amount).toBe(49999.5)
    const agentBefore = (await t.call('admin', 'GET', '/api/agent')).body.agents.filter(
      (r: { agent_name: string }) => r.agent_name === 'Agent A',
    ).length
    const pay = (body: Record<string, unknown>, role: 'admin' | 'employee' = 'employee') =>
      t.call(role, 'POST', '/api/payments', { source_type: 'ticket', source_id: ticket.id, ...body })

    const first = await pay({ amount: 20000, method: 'cash', date: '2026-11-22', note: 'First instalment' })
    expect(first.status).toBe(201)
    expect(first.body.payment).toMatchObject({
      receipt_no: expect.stringMatching(/^Receipt \d+$/),
      amount: 20000,
      method: 'cash',
      bank_title: '',
      date: '2026-11-22',
    })
    const read = async () => (await t.call('admin', 'GET', `/api/ticket/${ticket.id}`)).body.ticket
    expect((await read()).remaining_amount).toBe(29999.5)
    expect(Number((await journalRow(t, 'tickets', ticket.id))?.remaining)).toBe(2999950)

    const over = await pay({ amount: 30000, method: 'cash' })
    expect(over.status).toBe(400)
    expect(over.body.message).toBe(OVERPAID_PAYMENT)
    expect(over.body.errors.amount).toBe(OVERPAID_PAYMENT)
    expect((await read()).remaining_amount).toBe(29999.5)

    const rest = await pay({ amount: 29999.5, method: 'bank', bank_title: 'HBL Account 2' })
    expect(rest.status).toBe(201)
    expect((await read()).remaining_amount).toBe(0)
    expect((await bankRows('HBL Account 2')).at(-1)).toMatchObject({
      credit: 29999.5,
      entry: rest.body.payment.receipt_no,
    })
    const none = await pay({ amount: 1, method: 'cash' })
    expect(none.status).toBe(400)
    // The agent's ledger shows both receipts.
    const agentRows = (await t.call('admin', 'GET', '/api/agent')).body.agents.filter(
      (r: { agent_name: string }) => r.agent_name === 'Agent A',
    )
    expect(agentRows).toHaveLength(agentBefore + 2)

    const list = await t.call('employee', 'GET', `/api/payments?source_type=ticket&source_id=${ticket.id}`)
    expect(list.body.payments.map((p: { amount: number }) => p.amount)).toEqual([20000, 29999.5])
    // A record with payments is not deleted; an employee cannot delete a payment.
    expect((await t.call('admin', 'DELETE', `/api/ticket/${ticket.id}`)).status).toBe(409)
    expect((await t.call('employee', 'DELETE', `/api/payments/${first.body.payment.id}`)).status).toBe(403)
    // An edit keeps the payments: remaining is receivable − paid − payments, never below.
    const lower = await t.call('admin', 'PUT', `/api/ticket/${ticket.id}`, {
      ...VALID_BODIES['/api/ticket'].body,
      receivable_amount: 60000,
    })
    expect(lower.status).toBe(400)
    await booksOk()

    const removed = await t.call('admin', 'DELETE', `/api/payments/${first.body.payment.id}`)
    expect(removed.status).toBe(200)
    expect((await read()).remaining_amount).toBe(20000)
    expect(
      (await t.call('employee', 'GET', `/api/payments?source_type=ticket&source_id=${ticket.id}`)).body
        .payments,
    ).toHaveLength(1)
    await booksOk()
  })

  it('999,999,999.99 is stored and read back exactly, and posted to the paisa', async () => {
    const saved = await t.call('employee', 'POST', '/api/expenses', {
      user_name: 'emp',
      date: '2026-11-23',
      detail: 'Large transfer',
      total_amount: 999_999_999.99,
      selection: 'OFFICE EXPENSE',
      withdraw: 0,
    })
    expect(saved.status).toBe(201)
    const read = await t.call('employee', 'GET', `/api/expenses/${saved.body.expense.id}`)
    expect(read.body.expense.total_amount).toBe(999_999_999.99)
    const db = t.app.db
    const line = await db
      .selectFrom('posting_lines')
      .select(['account', 'debit'])
      .where('source_type', '=', 'expenses')
      .where('source_id', '=', saved.body.expense.id)
      .where('debit', '>', 0)
      .executeTakeFirstOrThrow()
    expect(line.account).toBe('expense:OFFICE EXPENSE')
    expect(String(line.debit)).toBe('99999999999')
    await booksOk()
  })

  it('a write that would take the books’ total debits past 2^53 − 1 paisa is refused (issue 12)', async () => {
    const db = t.app.db as unknown as Kysely<any>
    const kept = await db
      .selectFrom('books_totals')
      .select('debit')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
    // As if the books already held almost the most they keep exactly.
    await db
      .updateTable('books_totals')
      .set({ debit: (MAX_BOOK_PAISA - 5000n).toString() })
      .where('id', '=', 1)
      .execute()
    try {
      const before = await rowCount(t, 'expenses')
      const res = await t.call('employee', 'POST', '/api/expenses', {
        user_name: 'emp',
        date: '2026-11-23',
        detail: 'One rupee too far',
        total_amount: 51,
        selection: 'OFFICE EXPENSE',
        withdraw: 0,
      })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(BOOKS_FULL)
      expect(await rowCount(t, 'expenses')).toBe(before)
      const fits = await t.call('employee', 'POST', '/api/expenses', {
        user_name: 'emp',
        date: '2026-11-23',
        detail: 'Just fits',
        total_amount: 50,
        selection: 'OFFICE EXPENSE',
        withdraw: 0,
      })
      expect(fits.status).toBe(201)
      const total = await db
        .selectFrom('books_totals')
        .select('debit')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow()
      expect(BigInt(String(total.debit))).toBe(MAX_BOOK_PAISA)
      await t.call('admin', 'DELETE', `/api/expenses/${fits.body.expense.id}`)
    } finally {
      await db
        .updateTable('books_totals')
        .set({ debit: String(kept.debit) })
        .where('id', '=', 1)
        .execute()
    }
    await booksOk()
  })

  describe('the business day', () => {
    const zone = process.env.TZ
    afterEach(() => {
      vi.useRealTimers()
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    })

    it.each(['UTC', 'Pacific/Honolulu'])(
      'money saved at 02:00 Pakistan time is dated the Pakistan day (server TZ=%s)',
      async (tz) => {
        process.env.TZ = tz
        // 02:00 on 25 November in Karachi is 21:00 on 24 November UTC and 11:00 on 24 November in Honolulu.
        vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T21:00:00Z') })
        const admin = await t.app.db
          .selectFrom('users')
          .select(['id', 'username', 'email', 'role'])
          .where('username', '=', 'admin')
          .executeTakeFirstOrThrow()
        const token = await t.app.signToken({ ...admin, id: Number(admin.id) })
        const post = (url: string, payload: Record<string, unknown>) =>
          t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } })
        const res = await post('/api/ticket', VALID_BODIES['/api/ticket'].body)
        expect(res.statusCode, res.body).toBe(201)
        const ticket = res.json().ticket
        expect(businessDayOf(ticket.created_at, 'Asia/Karachi')).toBe('2026-11-25')
        expect((await journalRow(t, 'tickets', ticket.id))?.date).toBe('2026-11-25')
        const lines = await t.app.db
          .selectFrom('posting_lines')
          .select('date')
          .where('source_type', '=', 'tickets')
          .where('source_id', '=', ticket.id)
          .execute()
        expect(lines.length).toBeGreaterThan(0)
        expect(new Set(lines.map((l) => l.date))).toEqual(new Set(['2026-11-25']))
        const pay = await post('/api/payments', {
          source_type: 'ticket',
          source_id: ticket.id,
          amount: 10,
          method: 'cash',
        })
        expect(pay.statusCode, pay.body).toBe(201)
        expect(pay.json().payment.date).toBe('2026-11-25')
      },
    )
  })
})
