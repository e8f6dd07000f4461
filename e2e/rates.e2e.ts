import { expect, test } from './fixtures.ts'
import { shoot } from './helpers.ts'

/**
 * Issue 34 item 1 (decision 107): the one place staff type the day's rates. An admin turns SAR on
 * on the same screen; the rate is typed with the keyboard and saved with Enter; the rate in force
 * shows with its date (dd/mm/yyyy) and source, and is what GET /api/rates answers.
 */
test('an admin turns SAR on; the day’s rate is typed in one place and is the rate in force', async ({
  page,
  as,
  api,
}) => {
  await as('admin')
  await page.getByRole('link', { name: 'Rates' }).first().click()
  await expect(page.getByRole('heading', { name: 'Rates' })).toBeVisible()
  const sar = page.getByRole('checkbox', { name: 'SAR' })
  // Turned on by the server: the box follows its answer, so it is clicked and then seen checked.
  if (!(await sar.isChecked())) await sar.click()
  await expect(sar).toBeChecked()
  await expect(page.getByLabel('SAR rate')).toBeVisible()
  await page.getByLabel('SAR rate').fill('74.851234')
  await page.getByLabel('SAR rate').press('Enter')
  // The SAR row (other browser tests may have typed today's rate of another currency).
  const inForce = page.getByRole('cell').filter({ hasText: 'Rs 74.851234' })
  await expect(inForce).toBeVisible()
  const today = await page.getByLabel('Date').inputValue()
  await expect(inForce).toContainText(`from ${today}, open market`)
  const iso = today.split('/').reverse().join('-')
  const answer = await api.get<{ rate: number; currency: string }>(`/rates?currency=SAR&date=${iso}`)
  expect(answer).toMatchObject({ currency: 'SAR', rate: 74.851234 })
  await shoot(page, 'rates')
})
