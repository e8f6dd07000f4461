import { expect, test } from './fixtures.ts'
import { adminHeaders, fillPassenger, openNewForm } from './helpers.ts'

test('the Visa form takes a Visa Expiry Date beside the other dates and saves it', async ({
  page,
  as,
  request,
}) => {
  // Narrow from the start, as a phone opens it (the sidebar starts closed).
  await page.setViewportSize({ width: 375, height: 900 })
  await as('employee')
  await openNewForm(page, '/visa', 'New Visa Processing')
  await page.getByLabel('File Number').fill('FL-EXP')
  await page.getByLabel('Sponsor Name').fill('Expiry Sponsor')
  await page.getByRole('button', { name: 'Next' }).click()
  await fillPassenger(page, { firstName: 'Bilal', lastName: 'Khan' })
  await page.getByRole('button', { name: 'Next' }).click()

  await page.getByLabel('Expiry Medical Date').fill('2026-12-01')
  await page.getByLabel('Visa Expiry Date').fill('2027-03-15')
  await page.getByLabel('Visa Expiry Date').blur()
  await expect(page.getByLabel('Visa Expiry Date')).toHaveValue('15/03/2027')
  for (const width of [375, 1366]) {
    await page.setViewportSize({ width, height: width === 375 ? 900 : 800 })
    await expect(page.getByLabel('Visa Expiry Date')).toBeVisible()
    await page.screenshot({ path: `test-results/visa-expiry-form-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1366, height: 800 })
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('row', { name: /Expiry Sponsor/ })).toBeVisible()

  const headers = await adminHeaders(request)
  const res = await request.get('/api/visa-processing?q=Expiry%20Sponsor', { headers })
  const { visa_processing } = await res.json()
  expect(visa_processing[0].visa_expiry_date).toBe('2027-03-15')
})
