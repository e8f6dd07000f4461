import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

/**
 * Screenshots at the two widths staff use (SHOTS: where to keep them); the screen is opened afresh
 * at each width (`open`), as a phone would, so the sidebar starts closed.
 */
const shot = async (page: Page, name: string, open: () => Promise<void>) => {
  const dir = process.env.SHOTS ?? '/tmp/shots-one-truth'
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await open()
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true, animations: 'disabled' })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

// Issue 21 item 2 (decision 054): the receipt on screen lists every later payment; the list row adds up.
test('a receipt printed after two later payments shows each payment, received and remaining', async ({
  page,
  as,
  api,
  seed,
}) => {
  await seed.names()
  const ticket = await seed.record('tickets', {
    customer_add: 'Hamid Receipt',
    agent_name: '',
    receivable_amount: 375_000,
    paid_cash: 100_000,
    bank_title: '',
    paid_in_bank: 0,
  })
  const receipts: string[] = []
  for (const [amount, bank] of [
    [100_000, ''],
    [50_000, 'UBL Account 1'],
  ] as const) {
    const paid = await api.post<{ payment: { receipt_no: string } }>('/payments', {
      source_type: 'ticket',
      source_id: ticket.id,
      amount,
      method: bank ? 'bank' : 'cash',
      bank_title: bank,
    })
    receipts.push(paid.payment.receipt_no)
  }
  await as('employee')
  await page.goto(`/receipt?path=/ticket&id=${ticket.id}`)
  const receipt = page.getByRole('article', { name: 'Receipt' })
  await expect(receipt).toContainText('375,000')
  for (const r of receipts) await expect(receipt).toContainText(r)
  await expect(
    receipt.getByText('Received', { exact: true }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(/250,000/)
  await expect(
    receipt.getByText('Remaining', { exact: true }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(/125,000/)
  await expect(receipt).toContainText('Two Lakh Fifty Thousand')
  // The list row adds up: Paid Cash (at booking) + Paid In Bank + Paid Later + Remaining = Receivable.
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto('/tickets')
  const row = page.getByRole('row').filter({ hasText: 'Hamid Receipt' }).first()
  await expect(page.getByRole('columnheader', { name: 'Paid Later' })).toBeVisible()
  await expect(row).toContainText('150,000')
  await expect(row).toContainText('125,000')
  await shot(page, 'money-ticket-list', async () => {
    await page.goto('/tickets')
    // A table row at 1366 px, a card at 375 px.
    await expect(page.getByText('Paid Later').first()).toBeVisible()
  })
  await shot(page, 'money-receipt', async () => {
    await page.goto(`/receipt?path=/ticket&id=${ticket.id}`)
    await expect(receipt).toContainText(receipts[1]!)
  })
})

test('the Net Profit report: income, cost of sales, expenses and net profit', async ({
  page,
  as,
  api,
  seed,
}) => {
  await seed.names()
  await seed.record('visa_processing', {
    receivable_amount: 150_000,
    additional_charges: 20_000,
    pay_for_protector: 5_000,
  })
  await api.post('/expenses', {
    user_name: 'admin',
    date: '2026-11-20',
    detail: 'Rent',
    total_amount: 7_000,
    selection: 'OFFICE EXPENSE',
    withdraw: 7_000,
  })
  const report = await api.get<{ totals: { net_profit: number } }>('/reports/net-profit')
  await as('admin')
  await page.goto('/admin/reports')
  await page.getByRole('tab', { name: 'Net Profit' }).click()
  const table = page.getByRole('table', { name: 'Net profit' })
  await expect(table).toContainText('Cost of sales')
  await expect(table).toContainText('Expense: OFFICE EXPENSE')
  await expect(page.getByTestId('report-total')).toHaveText(
    new RegExp(new Intl.NumberFormat('en-US').format(Math.trunc(report.totals.net_profit))),
  )
  await shot(page, 'money-net-profit', async () => {
    await page.goto('/admin/reports')
    await page.getByRole('tab', { name: 'Net Profit' }).click()
    await expect(table).toContainText('Net profit')
  })
})
