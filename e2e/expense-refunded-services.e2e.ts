import { expect, test } from './fixtures.ts'
import { deleteRow, openNewForm, pageAs, seedCustomer } from './helpers.ts'

test('an employee adds an expense and sees it listed', async ({ page, as }) => {
  await as('employee')
  await openNewForm(page, '/expense', 'EXPENSE FORM', 'Expense')
  await expect(page.getByLabel('Employee Name')).toHaveValue('staff')

  await page.getByLabel('Detail').focus()
  await page.getByLabel('Detail').blur()
  await expect(page.getByText('Enter Detail')).toBeVisible()

  await page.getByLabel('Date', { exact: true }).fill('2026-04-12')
  await page.getByLabel('Withdraw').fill('1500')
  await page.getByLabel('Detail').fill('Office internet bill')
  await page.getByLabel('Total Amount').fill('23450.5')
  await page.getByLabel('Type').selectOption('UTILITY BILL')
  await page.getByLabel('Total Amount').press('Enter')

  const row = page.getByRole('row', { name: /Office internet bill/ })
  await expect(row).toBeVisible()
  await expect(row).toContainText('12/04/2026')
  await expect(row).toContainText('23,450.50')
  await expect(row).toContainText('UTILITY BILL')
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)
})

test('an employee adds a refunded entry and sees it listed', async ({ page, as }) => {
  await as('employee')
  await openNewForm(page, '/refunded', 'REFUNDED FORM', 'Refunded MCB')
  await expect(page.getByLabel('Employee', { exact: true })).toHaveValue('staff')
  await expect(page.getByLabel('Withdraw')).toHaveValue('0')

  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Name is required')).toBeVisible()
  await expect(page.getByText('Total balance is required')).toBeVisible()

  await page.getByLabel('Date', { exact: true }).fill('2026-04-01')
  await page.getByLabel('Name', { exact: true }).fill('Hamza Tariq')
  await page.getByLabel('Passport').fill('PK112233')
  await page.getByLabel('Reference').fill('MCB-77')
  await page.getByLabel('Paid Fee Date').fill('2026-04-03')
  await page.getByLabel('Total Balance').fill('98765.43')
  await page.getByRole('button', { name: 'Submit' }).click()

  const row = page.getByRole('row', { name: /Hamza Tariq/ })
  await expect(row).toBeVisible()
  await expect(row).toContainText('01/04/2026')
  await expect(row).toContainText('03/04/2026')
  await expect(row).toContainText('98,765.43')
})

test('services: an employee adds one through the wizard, an admin edits and deletes it', async ({
  page,
  as,
  browser,
}) => {
  await seedCustomer(page.request, 'House 12, Satellite Town')
  await as('employee')
  await openNewForm(page, '/services', 'New Service')
  await expect(page.getByLabel('User Name')).toHaveValue('staff')

  // Next checks the step being left.
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Customer Address is required')).toBeVisible()
  await page.getByLabel('Customer Address').selectOption('House 12, Satellite Town')
  await page.getByLabel('Booking Date').fill('2026-06-15')
  await page.getByLabel('Booking Date').press('Enter')

  await expect(page.getByLabel('Specific Detail')).toBeVisible()
  await page.getByLabel('Specific Detail').fill('Visa attestation')
  await page.getByLabel('Visa Type').selectOption('VISIT VISA')
  await page.getByRole('button', { name: 'Next' }).click()

  await page.getByLabel('Receivable Amount').fill('60000')
  await page.getByLabel('Paid Cash').fill('25000.5')
  await page.getByLabel('Paid In Bank').fill('10000')
  await page.getByLabel('Bank Title').selectOption('HBL Account 1')
  await page.getByLabel('Profit').fill('12000')
  await expect(page.getByLabel('Remaining Amount')).toHaveValue('24,999.50')
  await page.getByRole('button', { name: 'Submit' }).click()

  let row = page.getByRole('row', { name: /Satellite Town/ })
  await expect(row).toBeVisible()
  await expect(row).toContainText('15/06/2026')
  await expect(row).toContainText('24,999.50')

  const admin = await pageAs(browser, 'admin')
  await admin.goto('/admin/services')
  row = admin.getByRole('row', { name: /Satellite Town/ })
  await row.getByRole('button', { name: 'Edit' }).click()
  await expect(admin.getByRole('heading', { name: 'Update Service' })).toBeVisible()
  await admin.getByRole('button', { name: 'Payment Details' }).click()
  await admin.getByLabel('Paid Cash').fill('50000')
  await expect(admin.getByLabel('Remaining Amount')).toHaveValue('0')
  await admin.getByRole('button', { name: 'Update' }).click()
  await expect(row).toContainText('50,000')

  await deleteRow(admin, /Satellite Town/)
  await admin.context().close()
})
