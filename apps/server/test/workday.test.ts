import { businessToday } from '@booking/shared'
import { recordInput } from '@booking/shared/test-data'
import { describe, expect, it } from 'vitest'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'
import { download, pdfText } from './paperwork-helpers.ts'

/**
 * Issue 37 ("A day without workarounds"), the money items: a void reverses the ticket's entry and
 * leaves the profit report and the vendor's payable (decision 092); To Collect's "owed in all" is the
 * receivables report's total; closing the books mid-month or with things left asks first (094); a
 * count refused for want of a reason says over or short and by how much (095).
 */
const DAY = '2026-11-03'

describe('a void cancels the sale', () => {
  const t = setupTestApp((t) => addNames(t, COMMON_NAMES))
  const profitOfTickets = async (by = 'type') => {
    const rows = (await t.call('admin', 'GET', `/api/reports/profit?by=${by}`)).body.rows as Array<{
      key: string
      count: number
      receivable: number
      profit: number
    }>
    return (
      rows.find((r) => r.key === (by === 'type' ? 'Ticket' : 'emp')) ?? { count: 0, receivable: 0, profit: 0 }
    )
  }
  const vendorOwed = async () => {
    const tb = (await t.call('admin', 'GET', '/api/reports/trial-balance?to=2999-12-31')).body
      .accounts as Array<{
      code: string
      balance: number
    }>
    return tb.find((a) => a.code === 'vendor:Vendor V')?.balance ?? 0
  }

  it('reverses the sale and the payable; the ticket says VOID; refunds stay refunds', async () => {
    const kept = await t.call('employee', 'POST', '/api/ticket', {
      ...recordInput('tickets'),
      depart_date: DAY,
      return_date: null,
      receivable_amount: 100_000,
      paid_cash: 0,
      paid_in_bank: 0,
      payable_to_vendor: 90_000,
    })
    expect(kept.status, JSON.stringify(kept.body)).toBe(201)
    const sold = await t.call('employee', 'POST', '/api/ticket', {
      ...recordInput('tickets'),
      depart_date: DAY,
      return_date: null,
      receivable_amount: 145_000,
      paid_cash: 5_000,
      paid_in_bank: 0,
      payable_to_vendor: 138_500,
    })
    expect(sold.status, JSON.stringify(sold.body)).toBe(201)
    const id = sold.body.ticket.id as number
    expect(await profitOfTickets()).toMatchObject({ count: 2, receivable: 245_000, profit: 16_500 })
    expect(await vendorOwed()).toBe(-228_500)
    const cashBefore = (await t.call('admin', 'GET', '/api/dashboard')).body.cashInOffice as number

    // Admins only (spec §1: employees view and add); a reason is required; nothing changes.
    expect(
      (await t.call('employee', 'POST', `/api/ticket/${id}/void`, { reason: 'Airline void' })).status,
    ).toBe(403)
    const noReason = await t.call('admin', 'POST', `/api/ticket/${id}/void`, { reason: ' ' })
    expect(noReason.status).toBe(400)
    expect(noReason.body.errors).toEqual({ reason: 'A reason is required to void a ticket' })
    expect((await t.call('admin', 'POST', '/api/ticket/999999/void', { reason: 'x' })).status).toBe(404)
    expect(await vendorOwed()).toBe(-228_500)

    const voided = await t.call('admin', 'POST', `/api/ticket/${id}/void`, {
      reason: 'Voided by PIA same day',
    })
    expect(voided.status, JSON.stringify(voided.body)).toBe(200)
    expect(voided.body.ticket).toMatchObject({
      id,
      voided_by: 'admin',
      void_reason: 'Voided by PIA same day',
      receivable_amount: 145_000,
      remaining_amount: 0,
    })
    // The sale, its cash and its payable are gone from the books; the kept ticket is untouched.
    for (const by of ['type', 'employee'])
      expect(await profitOfTickets(by), by).toMatchObject({ count: 1, receivable: 100_000, profit: 10_000 })
    expect(await vendorOwed()).toBe(-90_000)
    expect((await t.call('admin', 'GET', '/api/dashboard')).body.cashInOffice).toBe(cashBefore - 5_000)
    const payables = (await t.call('admin', 'GET', '/api/reports/payables?as_of=2999-12-31')).body
    expect(payables.totals.total).toBe(90_000)
    const statement = (await t.call('admin', 'GET', '/api/statements/vendor/Vendor%20V?to=2999-12-31')).body
    // Its lines cancel, so no row shows it; the statement says it was voided.
    expect(JSON.stringify(statement.rows)).not.toContain(sold.body.ticket.entry)
    expect(statement.voided).toEqual([
      { entry: sold.body.ticket.entry, date: expect.any(String), reason: 'Voided by PIA same day' },
    ])
    const paper = await pdfText(
      (await download(t, 'admin', '/api/statements/vendor/Vendor%20V?to=2999-12-31&format=pdf')).bytes,
    )
    expect(paper).toContain(`VOID in this period ${sold.body.ticket.entry}`)
    const agent = (await t.call('employee', 'GET', '/api/statements/agent/Agent%20A?to=2999-12-31&limit=50'))
      .body
    expect(agent.voided.map((v: { entry: string }) => v.entry)).toEqual([sold.body.ticket.entry])
    const check = (await t.call('admin', 'GET', '/api/reports/books-check')).body
    expect(check.ok, JSON.stringify(check)).toBe(true)

    // The ticket stays, marked: the list, the record and the All Bookings row say VOID.
    const got = (await t.call('employee', 'GET', `/api/ticket/${id}`)).body.ticket
    expect(got.voided_at).not.toBe('')
    const list = (await t.call('employee', 'GET', '/api/ticket')).body.ticket as Array<{
      id: number
      voided_at: string
    }>
    expect(list.find((r) => r.id === id)?.voided_at).toBe(got.voided_at)
    const feed = (await t.call('admin', 'GET', '/api/dashboard/bookings?limit=50')).body.bookings as Array<{
      entry: string
      name: string
      receivable_amount: number
    }>
    const row = feed.find((b) => b.entry === sold.body.ticket.entry)
    expect(row?.name).toMatch(/^VOID · /)
    expect(row?.receivable_amount).toBe(0)
    // The entry history shows the reversal: a void is a reversal, not a rewrite.
    const entries = (await t.call('admin', 'GET', `/api/books/entries?source_type=tickets&source_id=${id}`))
      .body.entries as Array<{ reverses: number | null }>
    expect(entries.some((e) => e.reverses !== null)).toBe(true)

    // Once void: no second void, no edit; a ticket with payments is refunded, not voided.
    expect((await t.call('admin', 'POST', `/api/ticket/${id}/void`, { reason: 'again' })).status).toBe(409)
    const edit = await t.call('admin', 'PUT', `/api/ticket/${id}`, {
      ...recordInput('tickets'),
      depart_date: DAY,
      return_date: null,
    })
    expect(edit.status).toBe(409)
    expect(edit.body.message).toBe('This ticket is void: it cannot be changed')
    const paid = await t.call('employee', 'POST', '/api/payments', {
      source_type: 'ticket',
      source_id: kept.body.ticket.id,
      date: DAY,
      amount: 1_000,
      method: 'cash',
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    // The receipts: the void one says so first; a later payment says it came in cash.
    const voidReceipt = await pdfText((await download(t, 'employee', `/api/ticket/${id}/receipt.pdf`)).bytes)
    expect(voidReceipt).toContain('VOID: Voided by PIA same day')
    expect(voidReceipt).toContain('Remaining Rs 0')
    const keptReceipt = await pdfText(
      (await download(t, 'employee', `/api/ticket/${kept.body.ticket.id}/receipt.pdf`)).bytes,
    )
    expect(keptReceipt).toContain(`${paid.body.payment.receipt_no}, 03/11/2026, cash`)
    const refused = await t.call('admin', 'POST', `/api/ticket/${kept.body.ticket.id}/void`, { reason: 'x' })
    expect(refused.status).toBe(409)
    expect(await profitOfTickets()).toMatchObject({ receivable: 100_000, profit: 10_000 })
  })
})

describe('the figures of one screen agree', () => {
  const t = setupTestApp((t) => addNames(t, COMMON_NAMES))

  it("To Collect's owed in all is the receivables report's total, overdue or not", async () => {
    const today = businessToday()
    for (const [date, amount] of [
      ['2026-01-05', 400_000],
      [today, 895_000],
    ] as const) {
      const res = await t.call('employee', 'POST', '/api/ticket', {
        ...recordInput('tickets'),
        depart_date: date,
        return_date: null,
        receivable_amount: amount,
        paid_cash: 0,
        paid_in_bank: 0,
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
    }
    const receivables = (await t.call('admin', 'GET', '/api/reports/receivables')).body
    expect(receivables.totals.total).toBe(1_295_000)
    for (const days of [0, 30]) {
      const collect = (await t.call('admin', 'GET', `/api/collections?min_days=${days}`)).body
      expect(collect.totals.total, `${days} days`).toBe(1_295_000)
    }
    // Owed, none of it overdue yet (both sales were booked today): the list is empty, the total is not.
    expect((await t.call('admin', 'GET', '/api/collections?min_days=30')).body.totals.overdue).toBe(0)
  })

  it('a close mid-month or with things left is a 409 naming them, unless confirmed', async () => {
    const closeThrough = (body: Record<string, unknown>) =>
      t.call('admin', 'PUT', '/api/admin/books/lock', body)
    const mid = await closeThrough({ through: '2026-01-15' })
    expect(mid.status).toBe(409)
    expect(mid.body.message).toBe('Closing the books here needs your confirmation')
    expect(mid.body.errors.month_end).toBe("15/01/2026 is not the month's last day (31/01/2026)")
    // January had cash? No: the ticket was unpaid. What is left is listed, and nothing closed.
    expect(mid.body.left).toEqual(Object.values(mid.body.errors))
    expect((await t.call('admin', 'GET', '/api/admin/books/lock')).body.lock.through).toBeNull()
    // A month's last day with nothing left closes without asking.
    const clean = await closeThrough({ through: '2025-12-31' })
    expect(clean.status, JSON.stringify(clean.body)).toBe(200)
    // Confirmed: closes, and says so.
    const confirmed = await closeThrough({ through: '2026-01-15', confirm: true })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.lock.through).toBe('2026-01-15')
  })

  it('a count with a difference and no reason says over or short and by how much', async () => {
    const today = businessToday()
    const cash = await t.call('admin', 'POST', '/api/accounts', {
      bank_name: 'Cash in Office',
      employee_name: 'admin',
      date: today,
      detail: 'Float',
      credit: 10_000,
      debit: 0,
    })
    expect(cash.status, JSON.stringify(cash.body)).toBe(201)
    const over = await t.call('employee', 'POST', '/api/cash-counts', { date: today, counted: 10_500 })
    expect(over.status).toBe(400)
    expect(over.body.errors.note).toBe('The cash is over by Rs 500. Say why the cash is over or short.')
    const exact = await t.call('employee', 'POST', '/api/cash-counts', { date: today, counted: 10_000 })
    expect(exact.status, JSON.stringify(exact.body)).toBe(201)
  })

  it("a customer has one language: the profile's is the customer's papers'", async () => {
    const made = await t.call('employee', 'POST', '/api/customers', {
      name: 'Urdu Reader',
      mobile_number: '03001112223',
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const id = made.body.customer.id as number
    const customer = { name: 'Urdu Reader', mobile_number: '03001112223', address: '', passport_number: '' }
    expect(
      (await t.call('admin', 'PUT', `/api/customers/${id}`, { ...customer, paper_language: 'ur' })).status,
    ).toBe(200)
    expect((await t.call('employee', 'GET', `/api/customers/${id}/profile`)).body.profile.language).toBe('ur')
    const saved = await t.call('employee', 'PUT', `/api/customers/${id}/profile`, { language: 'en' })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const found = (await t.call('employee', 'GET', `/api/customers?q=Urdu%20Reader`)).body
      .customers as Array<{
      id: number
      paper_language: string
    }>
    expect(found.find((c) => c.id === id)?.paper_language).toBe('en')
  })
})
