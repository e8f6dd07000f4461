import { businessToday, formatAmount } from '@booking/shared'
import { expect, test } from './fixtures.ts'
import { closeThroughOnScreen, shoot } from './helpers.ts'

/**
 * Issue 24 items 3-4: an employee counts the drawer (a blind count: Cash in Office is shown only
 * after saving, and a difference needs its reason); an admin sees the month-end checklist and
 * closes the books through a day, after which a write dated on it is refused. The day closed is
 * long before any other test's records, so the shared e2e database stays open for them.
 */
const CLOSED = '2019-12-31'

test('an employee counts the cash; an admin closes the books through a day', async ({ page, as, api }) => {
  await as('employee')
  await page.getByRole('link', { name: 'Cash Count' }).first().click()
  await expect(page.getByRole('heading', { name: 'Cash Count' })).toBeVisible()
  const counted = page.getByLabel('Cash counted (Rs)')
  await counted.fill('1234567.5')
  await counted.press('Tab')
  await expect(counted).toHaveValue('1,234,567.50')
  await page.getByLabel('Reason if over or short').fill('Float from the safe')
  await page.getByLabel('Reason if over or short').press('Enter')
  const result = page.getByTestId('cash-count-result')
  await expect(result).toContainText('Counted Rs 1,234,567.50')
  const today = businessToday()
  const saved = (
    await api.get<{ cash_counts: { counted: number; expected: number; difference: number }[] }>(
      `/cash-counts?from=${today}&to=${today}`,
    )
  ).cash_counts[0]!
  expect(saved.counted).toBe(1_234_567.5)
  await expect(result).toContainText(`Cash in Office Rs ${formatAmount(saved.expected)}`)
  await expect(page.getByRole('region', { name: 'Cash counts' })).toContainText('Float from the safe')
  await shoot(page, 'close-cash-count-employee')

  await as('admin')
  // The day book shows what was counted and the over/short it posted.
  await page.goto('/admin/reports')
  await page.getByRole('tab', { name: 'Day Book' }).click()
  const dayCash = page.getByTestId('day-book-cash-count')
  await expect(dayCash).toContainText('1,234,567.5')
  await expect(dayCash).toContainText('Reason: Float from the safe')
  await shoot(page, 'close-day-book-admin')

  await page.goto('/admin/monthEnd')
  await expect(page.getByRole('heading', { name: 'Month End' })).toBeVisible()
  const checklist = page.getByRole('list', { name: 'Month-end checklist' })
  for (const line of [
    'Banks not reconciled',
    'Statement lines unmatched',
    'Cash days without a count',
    'Corrections waiting',
    'The books check',
  ])
    await expect(checklist).toContainText(line)
  await expect(page.getByTestId('month-end-books_check')).toContainText('The books check')
  await shoot(page, 'close-month-end-admin')
  const through = page.getByLabel('Close through')
  await through.fill('31/12/2019')
  await page.getByLabel(/^Reason/).fill('Old year filed')
  await closeThroughOnScreen(page, '31/12/2019')
  await expect(page.getByTestId('books-lock')).toContainText('Old year filed')

  // A write dated on the closed day is refused, with the day in the message.
  const refused = await page.request.post('/api/expenses', {
    headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
    data: { user_name: 'admin', date: CLOSED, detail: 'Late', total_amount: 10, selection: 'OFFICE EXPENSE' },
  })
  expect(refused.status()).toBe(409)
  expect((await refused.json()).message).toBe('The books are closed through 31/12/2019')
  await shoot(page, 'close-month-end-closed-admin')

  await page.goto('/admin/cashCount')
  await expect(page.getByRole('region', { name: 'Cash counts' })).toContainText('Float from the safe')
  await shoot(page, 'close-cash-count-admin')
})
