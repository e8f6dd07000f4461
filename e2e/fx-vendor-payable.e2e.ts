import { todayIso } from '@booking/shared'
import { expect, loginAs, test } from './fixtures.ts'
import { adminHeaders, openNewForm, seedCustomer, shoot } from './helpers.ts'

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

// Decision 140: a Service whose typed profit gives way to a USD vendor's payable, at the rate of its
// Booking Date.
test('a Service from a USD vendor: the rate of its Booking Date proposed, the profit the payable leaves', async ({
  page,
}) => {
  const headers = await adminHeaders(page.request)
  const vendor = `Texas Docs ${Date.now().toString(36)}`
  const customer = 'House 7, Model Town'
  await seedCustomer(page.request, customer)
  await page.request.put('/api/admin/currencies/USD', { headers, data: { enabled: true } })
  await page.request.post('/api/rates', {
    headers,
    data: { date: '2026-03-01', currency: 'USD', rate: '279.5', source: 'SBP' },
  })
  await page.request.post('/api/vender-names', { headers, data: { name: vendor } })
  await page.request.put(`/api/vendors/${encodeURIComponent(vendor)}`, { headers, data: { currency: 'USD' } })
  await loginAs(page, 'admin')
  await openNewForm(page, '/admin/services', 'New Service')
  await page.getByLabel('Customer Address').selectOption(customer)
  await page.getByLabel('Booking Date').fill('2026-03-15')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Specific Detail').fill('FX-SERVICE-E2E attestation')
  await page.getByLabel('Visa Type').selectOption('VISIT VISA')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Receivable Amount').fill('20000')
  await page.getByLabel('Profit').fill('5000')
  await page.getByLabel('Vendor Name').selectOption(vendor)
  await expect(page.getByLabel('Vendor Currency')).toHaveValue('USD')
  await expect(page.getByLabel('Rate (Rs per 1 USD)')).toHaveValue('279.5')
  await page.getByLabel('Payable To Vendor').fill('40')
  // USD 40 × 279.5 = Rs 11,180: the typed Rs 5,000 gives way to the Rs 8,820 left.
  await expect(page.getByLabel('Profit')).toHaveValue('8,820')
  await shoot(page, 'fx-service-form')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Service saved')).toBeVisible()
  const list = await page.request.get('/api/services', { headers, params: { q: 'FX-SERVICE-E2E' } })
  expect((await list.json()).services[0]).toMatchObject({
    vendor_name: vendor,
    vendor_currency: 'USD',
    rates: { USD: 279.5 },
    payable_to_vendor: 40,
    profit: 8820,
  })
})
