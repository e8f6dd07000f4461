import { expect, test } from './fixtures.ts'
import { openNewForm } from './helpers.ts'

test('an employee adds a protector entry and sees it listed, without edit or delete', async ({
  page,
  as,
}) => {
  await as('employee')
  await openNewForm(page, '/protector', 'New Protector', 'Protector')
  await expect(page.getByLabel('Employee')).toHaveValue('staff')

  // A validation message is shown under a field the user entered and left (a click, then Tab).
  await page.getByLabel('Name', { exact: true }).click()
  await page.keyboard.press('Tab')
  await expect(page.getByText('Enter Name')).toBeVisible()

  await page.getByLabel('Name', { exact: true }).fill('Bilal Ahmed')
  await page.getByLabel('Passport').fill('PK998877')
  await page.getByLabel('Reference').fill('REF-77')
  await page.getByLabel('File No').fill('FN-5')
  await page.getByLabel('MCB fee 6000').fill('2026-03-01')
  await page.getByLabel('NCB fee 6700').fill('2026-03-02')
  await page.getByLabel('NCB fee 500').fill('2026-03-03')
  await page.getByLabel('Protector Date').fill('2026-03-04')
  await page.getByLabel('Additional Charges').fill('1500')
  await page.getByLabel('Withdraw').fill('25000')
  await page.getByLabel('Withdraw').press('Enter')

  const row = page.getByRole('row', { name: /Bilal Ahmed/ })
  await expect(row).toBeVisible()
  await expect(row).toContainText('04/03/2026')
  await expect(row).toContainText('25,000')
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)
})
