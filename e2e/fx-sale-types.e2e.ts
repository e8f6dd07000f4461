import { todayIso } from '@booking/shared'
import { expect, loginAs, test } from './fixtures.ts'
import { adminHeaders, customerIn, openNewForm, rateInForce, shoot } from './helpers.ts'

// Issue 34 item 3 (decision 151): a Visa sold to a customer kept in riyals is typed in riyals, the
// form proposing the day's rate as the Umrah's and Ticket's do; the profit in rupees.
test('a Visa sold to a SAR customer: the receivable, cash and remaining in riyals, the profit in rupees', async ({
  page,
}) => {
  const headers = await adminHeaders(page.request)
  const customer = `Jeddah Family ${Date.now().toString(36)}`
  const today = todayIso()
  await customerIn(page.request, customer, 'SAR', '03004445566')
  const inForce = await rateInForce(page.request, 'SAR', '74.85', today)

  await loginAs(page, 'admin')
  await openNewForm(page, '/admin/visa', 'New Visa Processing')
  await page.getByLabel('File Number').fill('FX-SALE-VISA')
  await page.getByLabel('Customer').selectOption(customer)
  for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('SAR')
  await expect(page.getByLabel('Rate (Rs per 1 SAR)')).toHaveValue(String(inForce))
  await page.getByLabel('Receivable Amount').fill('1000')
  await page.getByLabel('Additional Charges').fill('500')
  await page.getByLabel('Pay For Protector').fill('0')
  await page.getByLabel('Paid Cash').fill('200')
  await page.getByLabel('Paid In Bank').fill('0')
  await page.getByLabel('Rate (Rs per 1 SAR)').fill('75')
  // SAR 1,000 at 75 less the Rs 500 charges; SAR 800 left to pay.
  await expect(page.getByLabel('Profit')).toHaveValue('74,500')
  await expect(page.getByLabel('Remaining Amount')).toHaveValue('800')
  await shoot(page, 'fx-sale-visa-form')
  await page.getByLabel('Paid In Bank').press('Enter')
  await expect(page.getByText('Visa processing saved')).toBeVisible()
  // The list names the row's currency beside its remaining (rupee rows beside it say Rs).
  await expect(page.getByRole('cell', { name: /^(SAR )?800\.00$|^(SAR )?800$/ }).first()).toBeVisible()
  await shoot(page, 'fx-sale-visa-list')
  const list = await page.request.get('/api/visa-processing', { headers, params: { q: 'FX-SALE-VISA' } })
  const saved = (await list.json()).visa_processing[0]
  expect(saved).toMatchObject({
    customer_add: customer,
    currency: 'SAR',
    rates: { SAR: 75 },
    receivable_amount: 1000,
    profit: 74500,
    remaining_amount: 800,
  })
  // Settled at the sale's rate, so no open riyal balance is left for a later file's month end.
  const paid = await page.request.post('/api/payments', {
    headers,
    data: {
      source_type: 'visa-processing',
      source_id: saved.id,
      amount: 800,
      rate: 75,
      method: 'cash',
      bank_title: '',
      note: '',
    },
  })
  expect(paid.status()).toBe(201)
})
