import { expect, loginAs, test } from './fixtures.ts'
import {
  adminHeaders,
  dayRate,
  fillPassenger,
  openNewForm,
  pasteTicket,
  seedCustomer,
  sharedTicket,
  shoot,
  vendorIn,
} from './helpers.ts'

// Issue 34 item 3 (decision 136): a ticket pasted priced in dollars, bought from a consolidator kept
// in dollars: "Use as Payable To Vendor" puts the dollars in the payable at the rate; the profit is rupees.
test('a pasted USD ticket from a dollar vendor: the payable in USD at the rate, the profit in rupees', async ({
  page,
}) => {
  const text = sharedTicket('amadeus-twd-lahore.txt')
  const headers = await adminHeaders(page.request)
  const vendor = `Gulf Consolidator ${Date.now().toString(36)}`
  await dayRate(page.request, 'USD', '280.1234')
  await vendorIn(page.request, vendor, 'USD')
  await loginAs(page, 'admin')
  await page.goto('/admin/tickets')
  await page.getByRole('button', { name: 'Add New' }).click()
  await pasteTicket(page, text)
  await page.getByLabel('Reference').fill('FX-TICKET-E2E')
  await page.getByRole('button', { name: 'Next' }).click()
  const first = page.getByRole('group', { name: 'Passenger 1 Details' })
  await first.getByLabel('Title').selectOption('Mr')
  await first.getByLabel('Document Number').fill('UV3XPC002')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Total Receivable Amount').fill('250000')
  await page.getByLabel('Paid Cash').fill('0')
  await page.getByLabel('Paid In Bank').fill('0')
  await page.getByLabel('Vendor Name').selectOption(vendor)
  await expect(page.getByLabel('Vendor Currency')).toHaveValue('USD')
  const pasted = page.getByRole('region', { name: 'From the pasted ticket' })
  await expect(pasted).toContainText('The vendor keeps USD: the payable is USD 771.15 at this rate.')
  await pasted.getByRole('button', { name: 'Use as Payable To Vendor' }).click()
  await expect(page.getByLabel('Payable To Vendor')).toHaveValue('771.15')
  // USD 771.15 × 280.1234 = Rs 216,017.16: the profit is the rupees left of Rs 250,000.
  await expect(page.getByLabel('Profit')).toHaveValue('33,982.84')
  await shoot(page, 'fx-ticket-form')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Ticket saved')).toBeVisible()

  const list = await page.request.get('/api/ticket', { headers, params: { q: 'FX-TICKET-E2E' } })
  const saved = (await list.json()).ticket[0]
  expect(saved).toMatchObject({
    vendor_currency: 'USD',
    rates: { USD: 280.1234 },
    payable_to_vendor: 771.15,
    profit: 33982.84,
  })
})

// Decision 136: a NAVTCC whose Paid To Bank is owed to a vendor kept in dollars.
test('a NAVTCC paid to a dollar vendor: Paid To Bank in USD at the day’s rate, the profit in rupees', async ({
  page,
}) => {
  const headers = await adminHeaders(page.request)
  const vendor = `Dollar Trainer ${Date.now().toString(36)}`
  await dayRate(page.request, 'USD', '280.5')
  await vendorIn(page.request, vendor, 'USD')
  await seedCustomer(page.request, 'Zubair Dollar, Sialkot')
  await loginAs(page, 'admin')
  await openNewForm(page, '/admin/navtcc', 'New NAVTCC', 'Navtcc')
  await page.getByLabel('Customer Address').selectOption('Zubair Dollar, Sialkot')
  await page.getByLabel('Reference').fill('REF-NV-USD')
  await page.getByLabel('Airline').fill('Qatar Airways')
  await page.getByRole('button', { name: 'Next' }).click()
  await fillPassenger(page, {
    title: 'Mr',
    firstName: 'Zubair',
    lastName: 'Dollar',
    dob: '1991-02-03',
    nationality: 'Pakistani',
    documentNo: 'BX7766554',
    documentExpiry: '2031-06-14',
    issueCountry: 'Pakistan',
  })
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Receivable Amount').fill('40000')
  await page.getByLabel('Paid Cash').fill('0')
  await page.getByLabel('Paid In Bank').fill('0')
  await page.getByLabel('Vendor Name').selectOption(vendor)
  await expect(page.getByLabel('Vendor Currency')).toHaveValue('USD')
  await expect(page.getByLabel('Rate (Rs per 1 USD)')).toHaveValue('280.5')
  await page.getByLabel('Paid To Bank').fill('100')
  // USD 100 × 280.5 = Rs 28,050.
  await expect(page.getByLabel('Profit')).toHaveValue('11,950')
  await shoot(page, 'fx-navtcc-form')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('row', { name: /Zubair Dollar, Sialkot/ })).toBeVisible()
  const list = await page.request.get('/api/navtcc', { headers, params: { q: 'REF-NV-USD' } })
  expect((await list.json()).navtcc[0]).toMatchObject({
    vendor_currency: 'USD',
    rates: { USD: 280.5 },
    payed_to_bank: 100,
    profit: 11950,
  })
})
