import { todayIso } from '@booking/shared'
import { expect, loginAs, test } from './fixtures.ts'
import { adminHeaders, openNewForm, shoot } from './helpers.ts'

// Issue 34 item 3 (decision 140): a Visa whose visa is bought from a vendor kept in dirhams: the
// payable typed in AED at the day's rate proposed, the profit in rupees; the vendor's profile shows
// the payment in dirhams with the rupees beside.
test('a Visa bought from an AED vendor: the payable in dirhams at the day’s rate, the profit in rupees', async ({
  page,
}) => {
  const headers = await adminHeaders(page.request)
  const vendor = `Dubai Visa Desk ${Date.now().toString(36)}`
  await page.request.put('/api/admin/currencies/AED', { headers, data: { enabled: true } })
  await page.request.post('/api/rates', {
    headers,
    data: { date: todayIso(), currency: 'AED', rate: '76.25', source: 'open market' },
  })
  await page.request.post('/api/vender-names', { headers, data: { name: vendor } })
  const set = await page.request.put(`/api/vendors/${encodeURIComponent(vendor)}`, {
    headers,
    data: { currency: 'AED' },
  })
  expect(set.status()).toBe(200)
  await loginAs(page, 'admin')
  await openNewForm(page, '/admin/visa', 'New Visa Processing')
  await page.getByLabel('File Number').fill('FX-VISA-E2E')
  for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Receivable Amount').fill('60000')
  await page.getByLabel('Additional Charges').fill('1000')
  await page.getByLabel('Pay For Protector').fill('500')
  await page.getByLabel('Paid Cash').fill('0')
  await page.getByLabel('Paid In Bank').fill('0')
  await page.getByLabel('Vendor Name').selectOption(vendor)
  await expect(page.getByLabel('Vendor Currency')).toHaveValue('AED')
  await expect(page.getByLabel('Rate (Rs per 1 AED)')).toHaveValue('76.25')
  await page.getByLabel('Payable To Vendor').fill('500')
  // AED 500 × 76.25 = Rs 38,125, beside the charges and the fee (Rs 1,500).
  await expect(page.getByLabel('Profit')).toHaveValue('20,375')
  await shoot(page, 'fx-visa-form')
  // Enter submits from the last box, as on every form.
  await page.getByLabel('Payable To Vendor').press('Enter')
  await expect(page.getByText('Visa processing saved')).toBeVisible()
  const list = await page.request.get('/api/visa-processing', { headers, params: { q: 'FX-VISA-E2E' } })
  const saved = (await list.json()).visa_processing[0]
  expect(saved).toMatchObject({
    vendor_name: vendor,
    vendor_currency: 'AED',
    rates: { AED: 76.25 },
    payable_to_vendor: 500,
    profit: 20375,
  })

  // Paid in dirhams at 77: the profile's last payment in AED with its rupees beside.
  const paid = await page.request.post('/api/vender', {
    headers,
    data: {
      vender_name: vendor,
      date: todayIso(),
      detail: 'Visa paid',
      bank_title: 'Cash',
      credit: 0,
      debit: 500,
      withdraw: 0,
      rate: 77,
    },
  })
  expect(paid.status()).toBe(201)
  const statement = async () => {
    await page.goto('/admin/statements')
    await page.getByLabel('Statement of').selectOption('vendor')
    await page.getByLabel('Name', { exact: true }).selectOption(vendor)
    await page.getByRole('button', { name: 'Show statement' }).click()
    await expect(page.getByRole('region', { name: 'Party profile' })).toContainText('AED 500 (Rs 38,500)')
  }
  await statement()
  await shoot(page, 'fx-vendor-profile')
})
