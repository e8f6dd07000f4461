import { expect, loginAs, test } from './fixtures.ts'
import { adminHeaders, dayRate, shoot, vendorIn } from './helpers.ts'

// Issue 34 item 6 (decision 150): a bank kept in riyals lists its Office Accounts in riyals, the
// running balance too, with the rupees under each figure and the rate of each row; a rupee bank's
// headers still say Rs. A riyal vendor's profile says what the office owes in riyals, rupees beside.
test('a riyal bank’s Office Accounts and a riyal vendor’s profile in riyals with the rupees beside', async ({
  page,
}) => {
  const headers = await adminHeaders(page.request)
  const stamp = Date.now().toString(36)
  const bank = `Al Rajhi SAR ${stamp}`
  const vendor = `Makkah Hotels ${stamp}`
  await dayRate(page.request, 'SAR', '74.85', { date: '2026-10-01' })
  expect(
    (
      await page.request.post('/api/admin/banks', { headers, data: { name: bank, currency: 'SAR' } })
    ).status(),
  ).toBe(201)
  await vendorIn(page.request, vendor, 'SAR')
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await page.request.post(path, { headers, data })
    expect(res.status(), await res.text()).toBe(201)
  }
  const entry = { employee_name: 'admin', vendor_name: '', credit: 0, debit: 0 }
  // SAR 1,000.50 in at 74.85 (Rs 74,887.43), SAR 200.25 out at 76 (Rs 15,219).
  await post('/api/accounts', {
    ...entry,
    bank_name: bank,
    date: '2026-10-02',
    detail: 'Opening balance',
    credit: 1000.5,
  })
  await post('/api/accounts', {
    ...entry,
    bank_name: bank,
    date: '2026-10-05',
    detail: 'Owner drawings',
    debit: 200.25,
    rate: 76,
  })
  // The vendor billed SAR 1,000 and paid SAR 400 from the bank at 76: SAR 600 owed.
  await post('/api/vender', {
    vender_name: vendor,
    date: '2026-10-03',
    detail: 'Rooms',
    bank_title: 'Cash',
    credit: 1000,
    debit: 0,
    withdraw: 0,
  })
  await post('/api/accounts', {
    ...entry,
    bank_name: bank,
    vendor_name: vendor,
    date: '2026-10-06',
    detail: 'Hotel part paid',
    debit: 400,
    rate: 76,
  })

  await loginAs(page, 'admin')
  await page.goto('/admin/officeAccount')
  await page.getByLabel('Bank').selectOption(bank)
  const table = page.getByRole('table')
  await expect(table).toContainText('(SAR)')
  await expect(table).not.toContainText('(Rs)')
  // Newest first: SAR 400.25 left after the vendor's 400 (Rs 74,887.43 − 15,219 − 30,400).
  const newest = table.getByRole('row').nth(1)
  await expect(newest).toContainText('06/10/2026')
  await expect(newest).toContainText('400.25')
  await expect(newest).toContainText('Rs 29,268.43')
  const opening = table.getByRole('row', { name: /Opening balance/ })
  await expect(opening).toContainText('1,000.50')
  await expect(opening).toContainText('Rs 74,887.43')
  await expect(opening).toContainText('74.85')
  await shoot(page, 'fx-office-accounts')
  // A rupee account's list is as it was: Rs headers, no rate column.
  await page.getByLabel('Bank').selectOption('Cash in Office')
  await expect(table.getByRole('columnheader', { name: /Balance \(Rs\)/ })).toBeVisible()
  await expect(table.getByRole('columnheader', { name: 'Rate' })).toHaveCount(0)
  // The dashboard says the banks' riyals beside their rupees (decision 123).
  await page.goto('/admin/dashboard')
  await expect(page.getByRole('region', { name: 'Balances in other currencies' })).toContainText(
    /banks SAR -?[\d,.]+ \(Rs -?[\d,.]+\)/,
  )

  // The vendor's profile beside its statement: riyals owed, the rupees beside.
  await page.goto('/admin/statements')
  await page.getByLabel('Statement of').selectOption('vendor')
  await page.getByLabel('Name', { exact: true }).selectOption(vendor)
  await page.getByRole('button', { name: 'Show statement' }).click()
  const profile = page.getByRole('region', { name: 'Party profile' })
  await expect(profile.getByTestId('profile-balance')).toHaveText(/^SAR 600 \(Rs [\d,]+(\.\d\d)?\)$/)
  await expect(profile).toContainText('SAR 400 (Rs 30,400)')
  await shoot(page, 'fx-office-vendor-profile')
})
