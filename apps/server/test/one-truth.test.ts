import { amountInWords, toPaisa } from '@booking/shared'
import { recordInput } from '@booking/shared/test-data'
import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'
import { download, pdfText } from './paperwork-helpers.ts'

/**
 * Issue 21 item 2, "one truth on every paper" (decisions 053-055): a receipt, a list row, the
 * customer page and a statement agree with each other and with the books after later payments;
 * every record's cost reaches the books; the dashboard's cards are the cash lines.
 */
const c = toPaisa

const t = setupTestApp(async (t) => {
  await addNames(t, COMMON_NAMES)
})

const pay = async (sourceType: string, id: number, amount: number, bank = '') => {
  const res = await t.call('employee', 'POST', '/api/payments', {
    source_type: sourceType,
    source_id: id,
    amount,
    method: bank ? 'bank' : 'cash',
    bank_title: bank,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.payment as { id: number; receipt_no: string }
}

const accountBalance = async (code: string, to?: string) => {
  const tb = await t.call('admin', 'GET', `/api/reports/trial-balance${to ? `?to=${to}` : ''}`)
  expect(tb.status).toBe(200)
  expect(c(tb.body.totals.debit)).toBe(c(tb.body.totals.credit))
  return c(tb.body.accounts.find((a: { code: string }) => a.code === code)?.balance ?? 0)
}

describe(`one truth on every paper (${DB_KIND})`, () => {
  /** A 375,000 ticket sold to a customer, 100,000 paid in cash at booking, then 100,000 and 50,000. */
  const sale = { customer: 0, ticket: 0, receipts: [] as string[], payments: [] as number[] }

  it('a receipt printed after two later payments shows every payment, what was received and what remains', async () => {
    const customer = await t.call('admin', 'POST', '/api/customers', {
      name: 'Hamid Truth',
      mobile_number: '3001112223',
    })
    expect(customer.status).toBe(201)
    sale.customer = customer.body.customer.id
    const created = await t.call(
      'employee',
      'POST',
      '/api/ticket',
      recordInput('tickets', {
        customer_add: 'Hamid Truth',
        agent_name: '',
        receivable_amount: 375_000,
        paid_cash: 100_000,
        bank_title: '',
        paid_in_bank: 0,
        payable_to_vendor: 300_000,
        vendor_name: 'Vendor V',
      }),
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    sale.ticket = created.body.ticket.id
    for (const p of [
      await pay('ticket', sale.ticket, 100_000),
      await pay('ticket', sale.ticket, 50_000, 'UBL Account 1'),
    ]) {
      sale.receipts.push(p.receipt_no)
      sale.payments.push(p.id)
    }

    const pdf = await download(t, 'employee', `/api/ticket/${sale.ticket}/receipt.pdf`)
    expect(pdf.status).toBe(200)
    const text = await pdfText(pdf.bytes)
    expect(text).toMatch(/Total amount Rs 375,000/)
    expect(text).toMatch(/Paid in cash Rs 100,000/)
    for (const r of sale.receipts) expect(text).toContain(r)
    expect(text).toMatch(/Received Rs 250,000/)
    expect(text).toMatch(/Remaining Rs 125,000/)
    expect(text).toContain(amountInWords(250_000))
    // The receipt's remaining is the record's remaining.
    const row = (await t.call('employee', 'GET', `/api/ticket/${sale.ticket}`)).body.ticket
    expect(c(row.remaining_amount)).toBe(c(125_000))
  })

  it("each payment's own receipt shows the record's total, the payments up to it and what remained after it", async () => {
    const first = await pdfText(
      (await download(t, 'employee', `/api/payments/${sale.payments[0]}/receipt.pdf`)).bytes,
    )
    expect(first).toMatch(/Amount received Rs 100,000/)
    expect(first).toMatch(/Total amount Rs 375,000/)
    expect(first).toMatch(/Paid at booking Rs 100,000/)
    expect(first).toMatch(/Received so far Rs 200,000/)
    expect(first).toMatch(/Remaining Rs 175,000/)
    expect(first).not.toContain(sale.receipts[1])
    const second = await pdfText(
      (await download(t, 'employee', `/api/payments/${sale.payments[1]}/receipt.pdf`)).bytes,
    )
    expect(second).toMatch(/Amount received Rs 50,000/)
    expect(second).toMatch(/Received so far Rs 250,000/)
    expect(second).toMatch(/Remaining Rs 125,000/)
  })

  it('a booking with nothing paid at booking and one later payment: received is the payment, not zero', async () => {
    const visa = await t.call(
      'employee',
      'POST',
      '/api/visa-processing',
      recordInput('visa_processing', { paid_cash: 0, paid_in_bank: 0, bank_title: '' }),
    )
    expect(visa.status, JSON.stringify(visa.body)).toBe(201)
    const id = visa.body.visa_processing.id
    await pay('visa-processing', id, 20_000)
    const text = await pdfText(
      (await download(t, 'employee', `/api/visa-processing/${id}/receipt.pdf`)).bytes,
    )
    expect(text).toMatch(/Received Rs 20,000/)
    expect(text).toContain(amountInWords(20_000))
    expect(text).not.toContain('Rupees Zero Only')
  })

  it('the list row and the customer page add up with later payments', async () => {
    const list = (await t.call('employee', 'GET', '/api/ticket?q=Hamid%20Truth')).body.ticket as Array<
      Record<string, number>
    >
    const row = list.find((r) => r.id === sale.ticket)!
    // Paid Cash and Paid In Bank are what was paid at booking; Paid Later is every later payment.
    expect(c(row.paid_cash)).toBe(c(100_000))
    expect(c(row.payments_total)).toBe(c(150_000))
    expect(c(row.paid_cash) + c(row.paid_in_bank) + c(row.payments_total) + c(row.remaining_amount)).toBe(
      c(row.receivable_amount),
    )
    const page = (await t.call('employee', 'GET', `/api/customers/${sale.customer}`)).body
    const customer = page.customer ?? page
    const record = customer.records.find((r: { table: string; id: number }) => r.table === 'tickets')
    expect(c(record.paid)).toBe(c(250_000))
    expect(c(record.remaining)).toBe(c(125_000))
    expect(c(record.paid) + c(record.remaining)).toBe(c(record.receivable))
    // Each payment once: 100,000 at booking and the two receipts.
    const amounts = customer.payments
      .map((p: { amount: number; receipt_no: string }) => [c(p.amount), p.receipt_no])
      .sort()
    expect(amounts).toEqual(
      [
        [c(100_000), ''],
        [c(100_000), sale.receipts[0]],
        [c(50_000), sale.receipts[1]],
      ].sort(),
    )
    expect(c(customer.balance)).toBe(c(125_000))
  })

  it('the customer statement shows the sale at its full price and each payment as its own line', async () => {
    const s = (await t.call('employee', 'GET', `/api/statements/customer/${sale.customer}`)).body
    const lines = s.rows.map((r: { debit: number; credit: number }) => [c(r.debit), c(r.credit)])
    expect(lines).toEqual([
      [c(375_000), 0],
      [0, c(100_000)],
      [0, c(100_000)],
      [0, c(50_000)],
    ])
    expect(s.rows[1].detail).toContain('Paid in cash at booking')
    expect(c(s.closing)).toBe(c(125_000))
    expect(c(s.closing)).toBe(await accountBalance(`customer:#${sale.customer}`))
  })

  it("every record's cost reaches the books: profit by type is the records' own profit", async () => {
    const before = (await t.call('admin', 'GET', '/api/reports/profit?by=type')).body
    const profitOf = (r: { rows: Array<{ key: string; profit: number }> }, key: string) =>
      c(r.rows.find((x) => x.key === key)?.profit ?? 0)
    const costBefore = await accountBalance('cost:sales')
    const visa = await t.call(
      'employee',
      'POST',
      '/api/visa-processing',
      recordInput('visa_processing', {
        receivable_amount: 150_000,
        additional_charges: 20_000,
        pay_for_protector: 5_000,
      }),
    )
    expect(visa.status).toBe(201)
    expect(c(visa.body.visa_processing.profit)).toBe(c(125_000))
    const gamca = await t.call(
      'employee',
      'POST',
      '/api/gamca-token',
      recordInput('gamca_tokens', { receivable_amount: 18_000, profit: 2_500 }),
    )
    expect(gamca.status).toBe(201)
    // Visa: 20,000 + 5,000; GAMCA: 18,000 − 2,500.
    expect((await accountBalance('cost:sales')) - costBefore).toBe(c(25_000 + 15_500))
    expect(await accountBalance('accrued:visa_processing')).toBeLessThanOrEqual(-c(25_000))
    const after = (await t.call('admin', 'GET', '/api/reports/profit?by=type')).body
    expect(profitOf(after, 'Visa Processing') - profitOf(before, 'Visa Processing')).toBe(c(125_000))
    expect(profitOf(after, 'GAMCA Token') - profitOf(before, 'GAMCA Token')).toBe(c(2_500))
    // An edit moves the cost with it.
    const id = visa.body.visa_processing.id
    const edited = await t.call(
      'admin',
      'PUT',
      `/api/visa-processing/${id}`,
      recordInput('visa_processing', {
        receivable_amount: 150_000,
        additional_charges: 0,
        pay_for_protector: 5_000,
      }),
    )
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect((await accountBalance('cost:sales')) - costBefore).toBe(c(5_000 + 15_500))
  })

  it('net profit: income less cost of sales less expenses, as the trial balance has them', async () => {
    const expense = await t.call('employee', 'POST', '/api/expenses', {
      user_name: 'emp',
      date: '2026-11-20',
      detail: 'Rent',
      total_amount: 7_000,
      selection: 'OFFICE EXPENSE',
      withdraw: 7_000,
    })
    expect(expense.status).toBe(201)
    const r = await t.call('admin', 'GET', '/api/reports/net-profit')
    expect(r.status).toBe(200)
    const tb = (await t.call('admin', 'GET', '/api/reports/trial-balance')).body.accounts as Array<{
      kind: string
      balance: number
    }>
    const of = (kind: string) => tb.filter((a) => a.kind === kind).reduce((s, a) => s + c(a.balance), 0)
    expect(c(r.body.totals.income)).toBe(-of('income'))
    expect(c(r.body.totals.cost_of_sales)).toBe(of('cost'))
    expect(c(r.body.totals.expenses)).toBe(of('expense'))
    expect(c(r.body.totals.net_profit)).toBe(-of('income') - of('cost') - of('expense'))
    expect(r.body.expenses.map((e: { name: string }) => e.name)).toContain('Expense: OFFICE EXPENSE')
    const profit = (await t.call('admin', 'GET', '/api/reports/profit')).body
    expect(c(profit.totals.profit)).toBe(c(r.body.totals.gross_profit))
    const pdf = await download(t, 'admin', '/api/reports/net-profit?format=pdf')
    expect(pdf.status).toBe(200)
    expect(await pdfText(pdf.bytes)).toContain('Net profit')
    expect((await t.call('employee', 'GET', '/api/reports/net-profit')).status).toBe(403)
    expect(
      (await t.call('admin', 'GET', '/api/reports/net-profit?from=2026-02-01&to=2026-01-01')).status,
    ).toBe(400)
  })

  it('a Cash in Office entry with a credit and a debit is netted on the dashboard as in the books', async () => {
    const day = '2025-03-05'
    const range = `from=${day}&to=${day}`
    const entry = (credit: number, debit: number) =>
      t.call('admin', 'POST', '/api/accounts', {
        bank_name: 'Cash in Office',
        employee_name: 'admin',
        vendor_name: '',
        date: day,
        detail: 'Both sides',
        credit,
        debit,
      })
    expect((await entry(500, 200)).status).toBe(201)
    let dash = (await t.call('admin', 'GET', `/api/dashboard?${range}`)).body
    expect(c(dash.totalPaidCash)).toBe(c(300))
    expect(c(dash.withdraw)).toBe(0)
    expect(c(dash.cashInOffice)).toBe(c(300))
    expect((await entry(100, 400)).status).toBe(201)
    dash = (await t.call('admin', 'GET', `/api/dashboard?${range}`)).body
    // The cards are the cash account's lines of the day: debits 300, credits 300.
    const moved = (await accountBalance('cash', day)) - (await accountBalance('cash', '2025-03-04'))
    expect(c(dash.totalPaidCash)).toBe(c(300))
    expect(c(dash.withdraw)).toBe(c(300))
    expect(c(dash.totalPaidCash) - c(dash.withdraw)).toBe(moved)
    expect(c(dash.cashInOffice)).toBe(moved)
    const charts = (await t.call('admin', 'GET', `/api/dashboard/charts?${range}`)).body
    expect(c(charts.monthly.find((m: { month: string }) => m.month === '2025-03')?.received ?? 0)).toBe(
      c(300),
    )
    const rows = (await t.call('admin', 'GET', `/api/dashboard/bookings?${range}`)).body.bookings as Array<{
      paid_cash: number
      withdraw: number
    }>
    expect(rows.map((r) => [c(r.paid_cash), c(r.withdraw)]).sort()).toEqual([
      [0, c(300)],
      [c(300), 0],
    ])
  })
})
