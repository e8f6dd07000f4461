import { expect, loginAs, test } from './fixtures.ts'
import { adminHeaders, fillPassenger, openNewForm, seedCustomer } from './helpers.ts'

const vendor = `Refund Vendor ${Date.now()}`

test.beforeAll(async ({ request }) => {
  await request.post('/api/vender-names', {
    headers: await adminHeaders(request),
    data: { name: vendor },
  })
  await seedCustomer(request, 'Hina Tariq')
  await seedCustomer(request, 'Kamran Ali, Multan')
})

test('an employee records a customer refund through the two-step wizard', async ({ page }) => {
  await loginAs(page, 'employee')
  await openNewForm(page, '/refundCustomer', 'New Customer Refund', 'Refund Customer')
  await expect(page.getByLabel('Employee')).toHaveValue('staff')

  // Enter moves to the next step only when this one is valid, and shows its messages.
  await page.getByLabel('Passport').press('Enter')
  await expect(page.getByText('Name is required', { exact: true })).toBeVisible()
  await expect(page.getByText('Passport is required')).toBeVisible()

  await page.getByLabel('Customer Name').selectOption('Hina Tariq')
  await page.getByLabel('Passport').fill('PK7788990')
  await page.getByLabel('Reference').fill('REF-RC-1')
  await page.getByLabel('Detail / Sector').fill('LHE-JED')
  await page.getByLabel('Vendor Name').selectOption(vendor)
  await page.getByLabel('Reference').press('Enter')
  await expect(page.getByLabel('Total Amount')).toBeVisible()

  await page.getByLabel('Total Amount').fill('120000')
  await page.getByLabel('Return From Vendor').fill('30000')
  await page.getByLabel('Office Service Charges').fill('5000')
  await expect(page.getByLabel('Remaining Amount')).toHaveValue('85,000')
  await page.getByLabel('Paid Cash').fill('50000')
  await page.getByLabel('Paid In Bank').fill('20000')
  await page.getByLabel('Bank Title').selectOption({ index: 1 })
  await expect(page.getByLabel('Balance')).toHaveValue('15,000')
  await page.getByRole('button', { name: 'Submit' }).click()

  const row = page.getByRole('row', { name: /Hina Tariq/ })
  await expect(row).toBeVisible()
  await expect(row).toContainText('120,000')
  await expect(row).toContainText('15,000')
  await expect(row).toContainText(vendor)
})

test('an admin records a NAVTCC entry through the three-step wizard', async ({ page }) => {
  await loginAs(page, 'admin')
  await openNewForm(page, '/admin/navtcc', 'New NAVTCC', 'Navtcc')

  await page.getByLabel('Customer Address').selectOption('Kamran Ali, Multan')
  await page.getByLabel('Reference').fill('REF-NV-1')
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Airline is required')).toBeVisible()
  await page.getByLabel('Airline').fill('Qatar Airways')
  await page.getByRole('button', { name: 'Next' }).click()

  await expect(page.getByLabel('Document Type')).toHaveValue('Passport')
  await fillPassenger(page, {
    title: 'Mr',
    firstName: 'Kamran',
    lastName: 'Ali',
    dob: '1990-06-15',
    nationality: 'Pakistani',
    documentNo: 'BX9988776',
    documentExpiry: '2031-06-14',
    issueCountry: 'Pakistan',
  })
  await page.getByRole('button', { name: 'Next' }).click()

  await page.getByLabel('Receivable Amount').fill('75000')
  await page.getByLabel('Paid Cash').fill('25000')
  await page.getByLabel('Paid In Bank').fill('10000')
  await page.getByLabel('Paid From Bank').selectOption({ index: 1 })
  await expect(page.getByLabel('Remaining Amount')).toHaveValue('40,000')
  await page.getByLabel('Paid To Bank').fill('60000')
  await expect(page.getByLabel('Profit')).toHaveValue('15,000')
  await page.getByLabel('Vendor Name').selectOption(vendor)
  await page.getByRole('button', { name: 'Submit' }).click()

  const row = page.getByRole('row', { name: /Kamran Ali, Multan/ })
  await expect(row).toBeVisible()
  await expect(row).toContainText('Mr Kamran Ali')
  await expect(row).toContainText('75,000')
  await expect(row).toContainText('Qatar Airways')
  await expect(row.getByRole('button', { name: 'Delete' })).toBeVisible()
})
