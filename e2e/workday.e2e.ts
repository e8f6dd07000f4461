import { businessToday, formatAmount, formatDate } from '@booking/shared'
import { expect, test } from './fixtures.ts'
import { shoot } from './helpers.ts'

/**
 * Issue 37, "A day without workarounds": each figure of a screen has one meaning, and nothing is
 * closed or sold by mistake. The money behind each is proved on both databases in
 * apps/server/test/workday.test.ts; here the screens say it as staff read it.
 */

test('a void cancels the sale: the list, the form and the receipt say VOID, the profit report drops it', async ({
  page,
  as,
  api,
  seed,
}) => {
  await seed.names()
  const ticket = await seed.record('tickets', {
    customer_add: 'Void Test Traders',
    depart_date: '2026-12-01',
    return_date: null,
    receivable_amount: 145_000,
    paid_cash: 0,
    paid_in_bank: 0,
    payable_to_vendor: 138_500,
  })
  const profit = async () =>
    (
      await api.get<{ rows: Array<{ key: string; receivable: number }> }>('/reports/profit?by=type')
    ).rows.find((r) => r.key === 'Ticket')?.receivable ?? 0
  const before = await profit()

  await as('admin')
  await page.goto(`/admin/tickets?q=${encodeURIComponent('Void Test Traders')}`)
  const row = page.getByRole('row', { name: /Void Test Traders/ })
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: 'Edit' }).click()
  await page.getByRole('button', { name: 'Void this ticket' }).click()
  const dialog = page.getByRole('dialog', { name: `Void ${ticket.entry}?` })
  await expect(dialog).toContainText("the vendor's payable are reversed in the books")
  await dialog.getByLabel('Reason').fill('')
  await dialog.getByRole('button', { name: 'Void ticket' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('A reason is required to void a ticket')
  await dialog.getByLabel('Reason').fill('Voided by PIA the same day')
  await shoot(page, 'void-dialog-admin')
  await dialog.getByRole('button', { name: 'Void ticket' }).click()
  await expect(page.getByText(`${ticket.entry} is void`)).toBeVisible()

  await page.goto(`/admin/tickets?q=${encodeURIComponent('Void Test Traders')}`)
  await expect(row.getByTestId('void-mark')).toHaveText('VOID')
  await shoot(page, 'void-list-admin')
  expect(await profit()).toBe(before - 145_000)

  await page.goto(`/admin/receipt?path=/ticket&id=${ticket.id}`)
  await expect(page.getByRole('article', { name: 'Receipt' })).toContainText(
    'VOID: Voided by PIA the same day',
  )
  await shoot(page, 'void-receipt-admin')

  // The employee sees the mark too, and the form says why it cannot be changed.
  await as('employee')
  await page.goto(`/tickets?q=${encodeURIComponent('Void Test Traders')}`)
  await expect(row.getByTestId('void-mark')).toHaveText('VOID')
  await shoot(page, 'void-list-employee')
  // The agent's statement: the ticket's lines cancel, and it says the ticket was voided.
  await page.goto('/statements')
  await page.getByLabel('Name').selectOption(ticket.agent_name)
  await page.getByRole('button', { name: 'Show statement' }).click()
  await expect(page.getByTestId('statement-voided')).toContainText(
    `${ticket.entry} VOID, ${formatDate(businessToday())}: Voided by PIA the same day`,
  )
  await shoot(page, 'void-statement-employee')
})

test("To Collect's owed in all is what the receivables report says is owed", async ({ page, as, api }) => {
  await as('admin')
  const owed = (await api.get<{ totals: { total: number } }>('/reports/receivables')).totals.total
  expect(owed).toBeGreaterThan(0)
  await page.goto('/admin/toCollect')
  await expect(page.getByText(/owed in all\./)).toContainText(`Rs ${formatAmount(owed)} owed in all.`)
  await shoot(page, 'to-collect-admin')
})

test('the Day Book says Out once: the cash count box shows expected, counted and short', async ({
  page,
  as,
  api,
}) => {
  const today = businessToday()
  await api.post('/accounts', {
    bank_name: 'Cash in Office',
    employee_name: 'admin',
    date: today,
    detail: 'Float for the day book',
    credit: 18_500,
    debit: 0,
  })
  const before = await api.get<{ cash: { closing: number; counted: number | null; over_short: number } }>(
    `/reports/day-book?date=${today}`,
  )
  // The books' cash before this count (a count already made today is replaced by this one).
  const expected = before.cash.closing - (before.cash.counted === null ? 0 : before.cash.over_short)
  await api.post('/cash-counts', { date: today, counted: expected - 500, note: 'Short in the drawer' })
  const day = await api.get<{ accounts: Array<{ account: string; out: number }> }>(
    `/reports/day-book?date=${today}`,
  )
  const cashOut = day.accounts.find((a) => a.account === 'Cash in office')!.out

  await as('admin')
  await page.goto('/admin/reports')
  await page.getByRole('tab', { name: 'Day Book' }).click()
  const box = page.getByTestId('day-book-cash-count')
  // In and Out live in the balances table only, the count's Rs 500 short included there.
  await expect(box.getByText(/^(In|Out|Opening)$/)).toHaveCount(0)
  await expect(box).toContainText(`Expected when countedRs ${formatAmount(expected)}`)
  await expect(box).toContainText(`CountedRs ${formatAmount(expected - 500)}`)
  await expect(box).toContainText('Short by Rs 500')
  await expect(
    page.getByRole('table', { name: 'Balances' }).getByRole('row', { name: /Cash in office/ }),
  ).toContainText(`Rs ${formatAmount(cashOut)}`)
  await shoot(page, 'day-book-admin')
})

test('Total Entries says how it meets the type cards', async ({ page, as, api }) => {
  await as('admin')
  const s = await api.get<Record<string, number>>('/dashboard')
  const bookings = s.ticket! + s.umrah! + s.visa! + s.gamcaToken! + s.service!
  const note = page.getByTestId('entries-note')
  await expect(note).toContainText(`${bookings.toLocaleString('en-US')} in the type cards`)
  if (s.totalEntries! > bookings)
    await expect(note).toContainText(`+ ${(s.totalEntries! - bookings).toLocaleString('en-US')} other entr`)
  await shoot(page, 'dashboard-entries-admin')
})

test("Backups show the time in the agency's zone", async ({ page, as }) => {
  await as('admin')
  await page.goto('/admin/backups')
  await page.getByRole('button', { name: 'Make backup now' }).click()
  await expect(page.getByText(/^Backup .* created$/)).toBeVisible()
  const backups = await (
    await page.request.get('/api/admin/backups', {
      headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
    })
  ).json()
  const newest = backups.backups[0] as { name: string; created_at: string }
  const karachi = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Karachi',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(newest.created_at))
    .replace(',', '')
  await expect(page.getByRole('row').filter({ hasText: newest.name })).toContainText(karachi)
  await shoot(page, 'backups-admin')
})

test('Bank Reconciliation before any import says nothing is imported yet', async ({ page, as, api }) => {
  const bankName = `Nothing Yet ${Date.now() % 100000}`
  await api.post('/admin/banks', { name: bankName })
  await as('admin')
  await page.goto('/admin/bankReconciliation')
  await page.getByLabel('Bank', { exact: true }).selectOption(bankName)
  await expect(page.getByTestId('nothing-imported')).toContainText('Nothing imported yet')
  await expect(page.getByText('Every line is explained')).toHaveCount(0)
  await expect(page.getByTestId('difference')).toHaveCount(0)
  await shoot(page, 'bank-reconciliation-empty-admin')
})

test('Month End asks before closing mid-month, naming what is left', async ({ page, as, api }) => {
  await as('admin')
  const lockBefore = (await api.get<{ lock: { through: string | null } }>('/admin/books/lock')).lock.through
  try {
    await page.goto('/admin/monthEnd')
    await page.getByLabel('Close through').fill('15/02/2020')
    await page.getByRole('button', { name: 'Close through' }).click()
    const dialog = page.getByRole('dialog', { name: 'Close the books through 15/02/2020?' })
    await expect(dialog.getByTestId('close-left')).toContainText(
      "15/02/2020 is not the month's last day (29/02/2020)",
    )
    await shoot(page, 'month-end-confirm-admin')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
    expect((await api.get<{ lock: { through: string | null } }>('/admin/books/lock')).lock.through).toBe(
      lockBefore,
    )

    await page.getByRole('button', { name: 'Close through' }).click()
    await dialog.getByRole('button', { name: 'Close anyway' }).click()
    await expect(page.getByTestId('books-lock')).toContainText('The books are closed through 15/02/2020')
  } finally {
    const back = await page.request.put('/api/admin/books/lock', {
      headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
      data: { through: lockBefore ?? '2000-01-01', reason: 'Month End browser test done', confirm: true },
    })
    expect(back.status()).toBe(200)
  }
})
