import { writeFileSync } from 'node:fs'
import { addDaysIso, formatDate, todayIso } from '@booking/shared'
import { expect, loginAs, test } from './fixtures.ts'
import {
  adminHeaders,
  dayRate,
  fillPassenger,
  pasteTicket,
  seedCustomer,
  sharedTicket,
  shoot,
  vendorIn,
} from './helpers.ts'

/**
 * Issue 34's must-show (items 3 and 6, decisions 123-124): an Umrah package bought from a Saudi
 * vendor in riyals and sold in rupees; the vendor paid in riyals a month later at another rate; the
 * vendor's statement in riyals with the rupee column and the rate on every line; the exchange report
 * shows the difference. The forms propose the day's rate of the record's date.
 */
test('an Umrah bought in SAR and sold in rupees, paid a month later at another rate: statement in riyals, the difference reported', async ({
  page,
}) => {
  const headers = await adminHeaders(page.request)
  const vendor = `Taif Stays ${Date.now().toString(36)}`
  const customer = 'Rana Riyal Family'
  const today = todayIso()
  const later = addDaysIso(today, 30)
  await dayRate(page.request, 'SAR', '74.85', { date: today, source: 'open market' })
  await dayRate(page.request, 'SAR', '76.10', { date: later, source: 'open market' })
  await vendorIn(page.request, vendor, 'SAR')
  await seedCustomer(page.request, customer)

  // The Umrah: sold for Rs 350,000, bought for SAR 4,000 at the day's rate the form proposes.
  await loginAs(page, 'admin')
  await page.goto('/admin/umrah')
  await page.getByRole('button', { name: 'Add New' }).click()
  await expect(page.getByRole('heading', { name: 'New Umrah Booking' })).toBeVisible()
  await page.getByLabel('Customer').selectOption(customer)
  await page.getByLabel('Reference').fill('FX-E2E')
  await page.getByLabel('Package Detail').fill('15 days, Makkah and Madinah')
  await page.getByLabel('Depart Date').fill(addDaysIso(today, 40))
  await page.getByLabel('Return Date').fill(addDaysIso(today, 55))
  await page.getByLabel('Sector').fill('LHE-JED')
  await page.getByLabel('Airline').fill('Saudia')
  await page.getByRole('button', { name: 'Next' }).click()
  await fillPassenger(page.getByRole('group', { name: 'Passenger 1 Details' }), {
    title: 'Mr',
    firstName: 'Omar',
    lastName: 'Rana',
    dob: '1975-03-04',
    nationality: 'Pakistani',
    documentNo: `FX${Date.now().toString().slice(-7)}`,
    documentExpiry: '2031-01-01',
    issueCountry: 'Pakistan',
  })
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Total Receivable Amount').fill('350000')
  await page.getByLabel('Paid Cash').fill('0')
  await page.getByLabel('Vendor Name').selectOption(vendor)
  await expect(page.getByLabel('Vendor Currency')).toHaveValue('SAR')
  await expect(page.getByLabel('Rate (Rs per 1 SAR)')).toHaveValue('74.85')
  await page.getByLabel('Payable To Vendor').fill('4000')
  // SAR 4,000 × 74.85 = Rs 299,400: the profit is in rupees.
  await expect(page.getByLabel('Profit')).toHaveValue('50,600')
  await shoot(page, 'fx-umrah-form')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Umrah booking saved')).toBeVisible()

  // A month later the vendor is paid SAR 4,000 at that day's rate, proposed by the Vendor form.
  await page.goto('/admin/vender')
  await page.getByRole('button', { name: 'Add New' }).click()
  await expect(page.getByRole('heading', { name: 'VENDOR FORM' })).toBeVisible()
  await page.getByLabel('Vendor Name', { exact: true }).selectOption(vendor)
  await page.getByLabel('Date').fill(later)
  await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('SAR')
  await expect(page.getByLabel('Rate (Rs per 1 SAR)')).toHaveValue('76.1')
  await page.getByLabel('Detail').fill('Hotel paid in riyals')
  await page.getByLabel('Bank Title').selectOption('Cash')
  await page.getByLabel('Paid (Debit)', { exact: true }).fill('4000')
  await shoot(page, 'fx-vendor-form')
  await page.getByLabel('Paid (Debit)', { exact: true }).press('Enter')
  await expect(page.getByRole('row', { name: /Hotel paid in riyals/ })).toBeVisible()

  // The vendor's statement: riyals, the rate and the rupees on every line; 0.00 in both at the end.
  await page.goto('/admin/statements')
  await page.getByLabel('Statement of').selectOption('vendor')
  await page.getByLabel('Name', { exact: true }).selectOption(vendor)
  await page.getByRole('button', { name: 'Show statement' }).click()
  const lines = page.getByRole('table', { name: 'Statement lines' })
  await expect(lines.getByRole('columnheader', { name: 'Balance SAR' })).toBeVisible()
  await expect(lines.getByRole('columnheader', { name: 'Balance in rupees' })).toBeVisible()
  const umrahRow = lines.getByRole('row', { name: /FX-E2E/ })
  await expect(umrahRow).toContainText(formatDate(today))
  await expect(umrahRow).toContainText('SAR 4,000')
  await expect(umrahRow).toContainText('74.85')
  await expect(umrahRow).toContainText('Rs 299,400')
  const paidRow = lines.getByRole('row', { name: /Hotel paid in riyals/ }).filter({ hasText: '76.1' })
  await expect(paidRow).toContainText(formatDate(later))
  await expect(paidRow).toContainText('SAR 4,000')
  await expect(paidRow).toContainText('Rs 304,400')
  // The rupees the two rates leave go to the realised difference in the payment's entry: a rupee line.
  const difference = lines.getByRole('row', { name: /Exchange difference: .*Hotel paid in riyals/ })
  await expect(difference).toContainText('Rs 5,000')
  await expect(page.getByTestId('Closing balance')).toHaveText('SAR 0')
  await expect(page.getByTestId('Closing balance in rupees')).toHaveText('Rs 0')
  await shoot(page, 'fx-vendor-statement')

  // The statement's PDF carries both currencies (looked at through pdftoppm).
  const pdf = await page.request.get(`/api/statements/vendor/${encodeURIComponent(vendor)}?format=pdf`, {
    headers,
  })
  expect(pdf.status()).toBe(200)
  if (process.env.SHOTS_DIR)
    writeFileSync(`${process.env.SHOTS_DIR}/fx-vendor-statement.pdf`, await pdf.body())

  // The exchange report: SAR 4,000 paid at 76.10 against a bill at 74.85 is a Rs 5,000 loss.
  await page.goto('/admin/rates')
  const card = page.getByRole('region', { name: 'Exchange differences' })
  await card.getByLabel('From').fill(today)
  await card.getByLabel('To').fill(later)
  await card.getByRole('button', { name: 'Show differences' }).click()
  const diff = card.getByRole('row', { name: new RegExp(vendor) })
  await expect(diff).toContainText('SAR')
  await expect(diff).toContainText('Rs -5,000')
  await shoot(page, 'fx-exchange-report')
})

// Issue 34 item 7 (decision 125): a ticket priced in dollars proposes USD and the day's rate; the
// rupees it makes go into the payable on a click.
test('a pasted ticket priced in USD proposes USD and the day’s rate', async ({ page }) => {
  const text = sharedTicket('amadeus-twd-lahore.txt')
  await dayRate(page.request, 'USD', '280.1234')
  await seedCustomer(page.request, 'Safdar Family')
  await loginAs(page, 'admin')
  await page.goto('/admin/tickets')
  await page.getByRole('button', { name: 'Add New' }).click()
  await pasteTicket(page, text)
  await page.getByLabel('Customer').selectOption('Safdar Family')
  await page.getByRole('button', { name: 'Next' }).click()
  await page
    .getByRole('group', { name: 'Passenger 1 Details' })
    .getByLabel('Document Number')
    .fill('UV3XPC001')
  await page.getByRole('button', { name: 'Next' }).click()
  const pasted = page.getByRole('region', { name: 'From the pasted ticket' })
  await expect(pasted).toContainText('USD 771.15')
  await expect(pasted).toContainText('Priced in USD')
  await expect(pasted.getByLabel('Rate (Rs per 1 USD)')).toHaveValue('280.1234')
  // USD 771.15 × 280.1234 = Rs 216,017.16 (216,017.1596… to the paisa).
  await expect(pasted).toContainText('Rs 216,017.16')
  await pasted.getByRole('button', { name: 'Use as Payable To Vendor' }).click()
  await expect(page.getByLabel('Payable To Vendor')).toHaveValue('216017.16')
  await shoot(page, 'fx-ticket-paste')
})
