import { apiToken, EMPLOYEE, expect, loginAs, test } from './fixtures.ts'
import { openNewForm, pageAs } from './helpers.ts'

const protector = (name: string) => ({
  employee: 'staff',
  name,
  passport: 'PK-TRUST',
  reference: 'R-T',
  file_no: 'F-T',
  withdraw: 0,
  mcb_fee_6000_date: '2026-02-01',
  ncb_fee_6700_date: '2026-02-02',
  ncb_fee_500_date: '2026-02-03',
  protector_date: '2026-02-04',
  additional_charges: 1200,
})

test("an employee's correction request is approved by the admin and the record follows", async ({
  page,
  browser,
}) => {
  const token = await apiToken(page.request, 'employee')
  await page.request.post('/api/protector', {
    headers: { Authorization: `Bearer ${token}` },
    data: protector('Correction Khan'),
  })
  await loginAs(page, 'employee')
  await page.goto('/protector')
  await page
    .getByRole('row', { name: /Correction Khan/ })
    .getByRole('button', { name: 'Request correction' })
    .click()
  await page.getByLabel('Reason for the correction').fill('Additional charges were 2,500')
  await page.getByLabel('Additional Charges').fill('2500')
  await page.getByLabel('Additional Charges').press('Enter')
  await expect(page.getByText('Correction request sent for approval')).toBeVisible()
  await page.goto('/corrections')
  const mine = page.getByRole('listitem', { name: /Correction/ }).first()
  await expect(mine).toContainText('Pending')
  await expect(mine).toContainText('1,200')
  await expect(mine).toContainText('2,500')

  const admin = await pageAs(browser, 'admin')
  await admin.goto('/admin/corrections')
  const request = admin.getByRole('listitem').filter({ hasText: 'Additional charges were 2,500' })
  await expect(request).toContainText('Asked by staff')
  await request.getByRole('button', { name: 'Approve' }).click()
  await expect(admin.getByText('Correction approved')).toBeVisible()
  await admin.goto('/admin/protector')
  const row = admin.getByRole('row', { name: /Correction Khan/ })
  await expect(row).toContainText('2,500')
  // The record's history names both people.
  await row.getByRole('button', { name: 'Edit' }).click()
  await expect(admin.getByRole('heading', { name: 'History' })).toBeVisible()
  await expect(admin.getByText('Edited by staff, approved by admin')).toBeVisible()

  await page.reload()
  await expect(page.getByRole('listitem', { name: /Correction/ }).first()).toContainText('Approved')
  await admin.context().close()
})

test('a session revoked mid-form: sign in again in the dialog and the save goes through with what was typed', async ({
  page,
}) => {
  await loginAs(page, 'employee')
  await openNewForm(page, '/protector', 'New Protector', 'Protector')
  await page.getByLabel('Name', { exact: true }).fill('Session Survivor')
  await page.getByLabel('Passport').fill('PK-SESSION')
  await page.getByLabel('Reference').fill('REF-S')
  await page.getByLabel('File No').fill('FN-S')
  await page.getByLabel('MCB fee 6000').fill('2026-04-01')
  await page.getByLabel('NCB fee 6700').fill('2026-04-02')
  await page.getByLabel('NCB fee 500').fill('2026-04-03')
  await page.getByLabel('Protector Date').fill('2026-04-04')
  await page.getByLabel('Additional Charges').fill('3750')

  // The server ends this session (as a logout elsewhere or a password change would).
  const token = await page.evaluate(() => localStorage.getItem('token'))
  const revoked = await page.request.post('/api/user/logout', {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(revoked.ok()).toBe(true)

  await page.getByLabel('Additional Charges').press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Password').fill(EMPLOYEE.password)
  await dialog.getByLabel('Password').press('Enter')
  await expect(dialog).toHaveCount(0)
  const row = page.getByRole('row', { name: /Session Survivor/ })
  await expect(row).toBeVisible()
  await expect(row).toContainText('PK-SESSION')
  await expect(row).toContainText('3,750')
  await expect(row).toContainText('04/04/2026')
})
