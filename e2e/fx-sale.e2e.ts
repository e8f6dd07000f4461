import { writeFileSync } from 'node:fs'
import { addDaysIso, todayIso } from '@booking/shared'
import { expect, loginAs, test } from './fixtures.ts'
import { adminHeaders, customerIn, fillPassenger, rateInForce, shoot } from './helpers.ts'

/**
 * Issue 34 item 3, the selling side (decisions 137-139): an Umrah sold to a customer kept in riyals
 * is typed in riyals, the form proposing the day's rate; Receive Payment takes riyals at its own
 * rate; the receipt is in riyals with the rupees.
 */
test('an Umrah sold in SAR to a SAR customer: typed in riyals at the day’s rate, paid later in riyals', async ({
  page,
}) => {
  const headers = await adminHeaders(page.request)
  const sfx = Date.now().toString(36)
  const customer = `Riyadh Pilgrims ${sfx}`
  const vendor = `Lahore Umrah Desk ${sfx}`
  const today = todayIso()
  await page.request.post('/api/vender-names', { headers, data: { name: vendor } })
  await customerIn(page.request, customer, 'SAR', '03001112233')
  const inForce = await rateInForce(page.request, 'SAR', '74.85', today)

  await loginAs(page, 'admin')
  await page.goto('/admin/umrah')
  await page.getByRole('button', { name: 'Add New' }).click()
  await page.getByLabel('Customer').selectOption(customer)
  await page.getByLabel('Reference').fill(`SAR-SALE-${sfx}`)
  await page.getByLabel('Package Detail').fill('21 days, Makkah and Madinah')
  await page.getByLabel('Depart Date').fill(addDaysIso(today, 30))
  await page.getByLabel('Return Date').fill(addDaysIso(today, 51))
  await page.getByLabel('Sector').fill('LHE-JED')
  await page.getByLabel('Airline').fill('Saudia')
  await page.getByRole('button', { name: 'Next' }).click()
  await fillPassenger(page.getByRole('group', { name: 'Passenger 1 Details' }), {
    title: 'Mr',
    firstName: 'Saad',
    lastName: 'Qureshi',
    dob: '1980-06-01',
    nationality: 'Pakistani',
    documentNo: `SQ${Date.now().toString().slice(-7)}`,
    documentExpiry: '2032-01-01',
    issueCountry: 'Pakistan',
  })
  await page.getByRole('button', { name: 'Next' }).click()
  // The customer keeps riyals: the selling side is proposed in SAR at the day's rate.
  await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('SAR')
  await expect(page.getByLabel('Rate (Rs per 1 SAR)')).toHaveValue(String(inForce))
  await page.getByLabel('Total Receivable Amount').fill('5000')
  await page.getByLabel('Paid Cash').fill('1000')
  await page.getByLabel('Payable To Vendor').fill('300000')
  await page.getByLabel('Vendor Name').selectOption(vendor)
  await page.getByLabel('Rate (Rs per 1 SAR)').fill('75')
  // SAR 5,000 at 75 = Rs 375,000, less the Rs 300,000 payable: the profit is rupees.
  await expect(page.getByLabel('Profit')).toHaveValue('75,000')
  await expect(page.getByLabel('Remaining Amount')).toHaveValue('4,000')
  await shoot(page, 'fx-sale-umrah-form')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Umrah booking saved')).toBeVisible()

  // Receive Payment in riyals at the payment's own rate.
  const row = page.getByRole('row', { name: new RegExp(customer) }).first()
  await row.getByRole('button', { name: 'Receive Payment' }).click()
  const dialog = page.getByRole('dialog', { name: 'Receive Payment' })
  await expect(dialog).toContainText('SAR 4,000')
  await expect(dialog.getByLabel('Rate (Rs per 1 SAR)')).toHaveValue(String(inForce))
  await dialog.getByLabel('Amount').fill('1500')
  await dialog.getByLabel('Rate (Rs per 1 SAR)').fill('76')
  await expect(dialog.getByText(/SAR 1,500(\.00)? = Rs 114,000/)).toBeVisible()
  await shoot(page, 'fx-sale-payment-dialog')
  await dialog.getByRole('button', { name: 'Receive Payment' }).click()
  await expect(page.getByText(/Payment received: Receipt \d+/)).toBeVisible()

  // The payment as the books keep it: riyals at 76, and its receipt in riyals with the rupees.
  const list = await page.request.get(`/api/umrah?q=${encodeURIComponent(`SAR-SALE-${sfx}`)}`, {
    headers,
  })
  const umrah = (await list.json()).umrahBookings[0]
  expect(umrah).toMatchObject({
    reference: `SAR-SALE-${sfx}`,
    currency: 'SAR',
    rates: { SAR: 75 },
    profit: 75000,
  })
  const payments = await page.request.get(`/api/payments?source_type=umrah&source_id=${umrah.id}`, {
    headers,
  })
  const payment = (await payments.json()).payments[0]
  expect(payment).toMatchObject({ amount: 1500, currency: 'SAR', rate: 76 })
  const receipt = await page.request.get(`/api/payments/${payment.id}/receipt.pdf`, { headers })
  expect(receipt.status()).toBe(200)
  if (process.env.SHOTS_DIR)
    writeFileSync(`${process.env.SHOTS_DIR}/fx-sale-receipt.pdf`, await receipt.body())
  const booking = await page.request.get(`/api/umrah/${umrah.id}/receipt.pdf`, { headers })
  expect(booking.status()).toBe(200)
  if (process.env.SHOTS_DIR)
    writeFileSync(`${process.env.SHOTS_DIR}/fx-sale-booking-receipt.pdf`, await booking.body())

  // The rest in rupees (decision 152): converted at the payment's rate, the dialog saying what it settles.
  await page
    .getByRole('row', { name: new RegExp(customer) })
    .first()
    .getByRole('button', { name: 'Receive Payment' })
    .click()
  await expect(dialog).toContainText('SAR 2,500')
  await dialog.getByLabel('Paid In').selectOption('PKR')
  await dialog.getByLabel('Amount').fill('190000')
  await dialog.getByLabel('Rate (Rs per 1 SAR)').fill('76')
  await expect(dialog.getByText(/Rs 190,000(\.00)? settles SAR 2,500(\.00)?/)).toBeVisible()
  await shoot(page, 'fx-sale-rupee-payment-dialog')
  await dialog.getByRole('button', { name: 'Receive Payment' }).click()
  await expect(page.getByText(/Rs 190,000 settled SAR 2,500\.00 at 76/)).toBeVisible()
  const paid = await page.request.get(`/api/umrah/${umrah.id}`, { headers })
  expect((await paid.json()).umrahBooking).toMatchObject({ remainingAmount: 0 })
})
