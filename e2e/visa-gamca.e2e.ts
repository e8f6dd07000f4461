import { expect, test } from './fixtures.ts'
import { adminHeaders, fillPassenger, openNewForm } from './helpers.ts'

const CUSTOMER = 'Hamza Traders'

test.beforeEach(async ({ request }) => {
  const headers = await adminHeaders(request)
  const { customers } = await (await request.get('/api/customers', { headers })).json()
  if (!customers.some((c: { name: string }) => c.name === CUSTOMER))
    await request.post('/api/customers', {
      headers,
      data: { name: CUSTOMER, mobile_number: '03001234567', address: 'Lahore', passport_number: 'PK1' },
    })
})

test('an employee creates a visa processing record through the four steps', async ({ page, as }) => {
  await as('employee')
  await openNewForm(page, '/visa', 'New Visa Processing')
  await expect(page.getByLabel('Employee Name')).toHaveValue('staff')
  await expect(page.getByLabel('Employee Name')).toHaveAttribute('readonly', '')

  await page.getByLabel('File Number').fill('FL-12')
  await page.getByLabel('Sponsor Name').fill('Al Noor LLC')
  await page.getByLabel('Customer').selectOption(CUSTOMER)
  await page.getByLabel('Sponsor Name').press('Enter')

  await expect(page.getByRole('button', { name: /Passport Details/ })).toHaveAttribute('data-state', 'active')
  await fillPassenger(page, { firstName: 'Usman', lastName: 'Tariq' })
  await expect(page.getByLabel('Document Type')).toHaveValue('Passport')
  await page.getByRole('button', { name: 'Next' }).click()

  await page.getByLabel('Embassy Send Date').fill('2026-02-01')
  await page.getByRole('button', { name: 'Next' }).click()

  // A validation message in the browser, then live figures.
  await page.getByLabel('Receivable Amount').fill('-5')
  await page.getByLabel('Receivable Amount').blur()
  await expect(page.getByText('Receivable Amount cannot be negative')).toBeVisible()
  await page.getByLabel('Receivable Amount').fill('150000')
  await page.getByLabel('Additional Charges').fill('12000')
  await page.getByLabel('Pay For Protector').fill('8000')
  await page.getByLabel('Paid Cash').fill('50000')
  await page.getByLabel('Paid In Bank').fill('25000')
  await page.getByLabel('Bank Title').selectOption('UBL Account 1')
  await expect(page.getByLabel('Profit')).toHaveValue('130,000')
  await expect(page.getByLabel('Remaining Amount')).toHaveValue('75,000')
  await page.getByRole('button', { name: 'Submit' }).click()

  const row = page.getByRole('row', { name: /Al Noor LLC/ })
  await expect(row).toBeVisible()
  await expect(row).toContainText('01/02/2026')
  await expect(row).toContainText('150,000')
  await expect(row).toContainText('75,000')
  await page.getByRole('button', { name: 'Show Passport Details' }).click()
  await expect(row).toContainText('Usman Tariq')
  await expect(page.getByRole('button', { name: 'Hide Passport Details' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)
})

test('an employee creates a GAMCA token; missing fields send the wizard back', async ({ page, as }) => {
  await as('employee')
  await openNewForm(page, '/gamcaToken', 'New GAMCA Token')

  await page.getByRole('button', { name: /Payment Details/ }).click()
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible()
  await page.getByLabel('Receivable Amount').press('Enter')
  await expect(page.getByRole('button', { name: /Basic Info/ })).toHaveAttribute('data-state', 'active')
  await expect(page.getByText('Customer is required', { exact: true })).toBeVisible()

  await page.getByLabel('Customer').selectOption(CUSTOMER)
  await page.getByLabel('Reference').fill('Ref G')
  await page.getByLabel('Country').fill('Saudi Arabia')
  await page.getByRole('button', { name: 'Next' }).click()

  await fillPassenger(page, {
    title: 'Ms',
    firstName: 'Sana',
    lastName: 'Iqbal',
    dob: '1995-08-20',
    nationality: 'Pakistani',
    documentNo: 'PK7654321',
    documentExpiry: '2031-08-19',
    issueCountry: 'Pakistan',
  })
  await page.getByRole('button', { name: 'Next' }).click()

  await page.getByLabel('Receivable Amount').fill('18000')
  await page.getByLabel('Paid Cash').fill('5000')
  await page.getByLabel('Bank Title').selectOption('United Bank (holder Account 1)')
  await page.getByLabel('Paid In Bank').fill('3000')
  await page.getByLabel('Profit').fill('2500')
  await expect(page.getByLabel('Remaining Amount')).toHaveValue('10,000')
  await page.getByLabel('Profit').press('Enter')

  const row = page.getByRole('row', { name: /Sana Iqbal/ })
  await expect(row).toBeVisible()
  // The bank column is picked in; it shows the bank's own name (the record keeps GAMCA's title).
  await page.getByRole('button', { name: 'Columns' }).click()
  await page.getByRole('checkbox', { name: 'Bank Title' }).check()
  await expect(row).toContainText('UBL Account 1')
  await expect(row).toContainText('18,000')
  await expect(row).toContainText('10,000')
})

test('an admin edits and deletes a protector entry', async ({ page, as, seed }) => {
  const seeded = await seed.record('protectors', {
    name: 'Kamran Edit',
    protector_date: '2026-04-04',
    additional_charges: 700,
  })
  // The answer is typed as the API's Protector row.
  expect([seeded.name, seeded.additional_charges]).toEqual(['Kamran Edit', 700])
  await as('admin')
  await page.goto('/admin/protector')
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeVisible()
  const row = page.getByRole('row', { name: /Kamran Edit/ })
  await row.getByRole('button', { name: 'Edit' }).click()
  await expect(page.getByRole('heading', { name: 'Update Protector' })).toBeVisible()
  await expect(page.getByLabel('Protector Date')).toHaveValue('04/04/2026')
  await page.getByLabel('Name', { exact: true }).fill('Kamran Updated')
  await page.getByRole('button', { name: 'Update' }).click()

  const updated = page.getByRole('row', { name: /Kamran Updated/ })
  await expect(updated).toBeVisible()
  await expect(page.getByRole('row', { name: /Kamran Edit/ })).toHaveCount(0)

  // Hold the delete call briefly so the busy text can be seen.
  await page.route('**/api/protector/*', async (route) => {
    if (route.request().method() === 'DELETE') await new Promise((r) => setTimeout(r, 800))
    await route.continue()
  })
  await updated.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Delete Confirmation')
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(dialog.getByRole('button', { name: 'Deleting...' })).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('row', { name: /Kamran Updated/ })).toHaveCount(0)
})
