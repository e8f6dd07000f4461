import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test'
import { apiToken, expect, loginAs } from './fixtures.ts'

/** The admin's Authorization header, for setting up data through the API. */
export const adminHeaders = async (request: APIRequestContext) => ({
  Authorization: `Bearer ${await apiToken(request, 'admin')}`,
})

/** A customer the pick-lists offer (a customer needs a mobile or passport number). */
export const seedCustomer = async (request: APIRequestContext, name: string) => {
  const res = await request.post('/api/customers', {
    headers: await adminHeaders(request),
    data: { name, mobile_number: '03000000000', address: '', passport_number: '' },
  })
  // 409: an earlier test stored the same customer.
  expect([201, 409]).toContain(res.status())
}

/** A second signed-in user beside the test's own page, in a browser context of its own. */
export const pageAs = async (browser: Browser, role: 'admin' | 'employee') => {
  const page = await (await browser.newContext()).newPage()
  await loginAs(page, role)
  return page
}

/** Opens an area's list (checking its title when given), clicks Add New and waits for the form's title. */
export const openNewForm = async (page: Page, path: string, title: string, listTitle?: string) => {
  await page.goto(path)
  if (listTitle) await expect(page.getByRole('heading', { name: listTitle })).toBeVisible()
  await page.getByRole('button', { name: 'Add New' }).click()
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
}

export interface PassengerInput {
  title?: string
  firstName?: string
  lastName?: string
  dob?: string
  nationality?: string
  documentType?: string
  documentNo?: string
  documentExpiry?: string
  issueCountry?: string
}

/** Fills one passenger block (the page or a "Passenger N Details" group); fields left out stay as they are. */
export const fillPassenger = async (scope: Page | Locator, p: PassengerInput) => {
  if (p.title) await scope.getByLabel('Title').selectOption(p.title)
  if (p.firstName) await scope.getByLabel('First Name').fill(p.firstName)
  if (p.lastName) await scope.getByLabel('Last Name').fill(p.lastName)
  if (p.dob) await scope.getByLabel('Date of Birth').fill(p.dob)
  if (p.nationality) await scope.getByLabel('Nationality').fill(p.nationality)
  if (p.documentType) await scope.getByLabel('Document Type').selectOption(p.documentType)
  if (p.documentNo) await scope.getByLabel('Document Number').fill(p.documentNo)
  if (p.documentExpiry) await scope.getByLabel('Expiry Date').fill(p.documentExpiry)
  if (p.issueCountry) await scope.getByLabel('Issue Country').fill(p.issueCountry)
}

/** Deletes the row matching `name` through the confirmation dialog and waits for it to go. */
export const deleteRow = async (page: Page, name: RegExp) => {
  await page.getByRole('row', { name }).getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Confirmation' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('row', { name })).toHaveCount(0)
}

/** With SHOTS_DIR set, a full-page screenshot at desktop and phone widths (`{name}-1366.png`, `{name}-375.png`). */
export const shoot = async (page: Page, name: string) => {
  const dir = process.env.SHOTS_DIR
  if (!dir) return
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 })
    // The phone layout's sidebar slides away after the resize.
    await page.waitForTimeout(600)
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1366, height: 900 })
}

/**
 * Month End's "Close through" (decision 094): a close with checklist items left asks first in the
 * app's dialog; the browser tests that close a past month for their own reasons confirm it.
 */
export const closeThroughOnScreen = async (page: Page, dayShown: string) => {
  await page.getByRole('button', { name: 'Close through' }).click()
  const asked = page.getByRole('button', { name: 'Close anyway' })
  const closed = page.getByTestId('books-lock').getByText(`The books are closed through ${dayShown}`)
  await expect(asked.or(closed)).toBeVisible()
  if (await asked.isVisible()) await asked.click()
  await expect(closed).toBeVisible()
}
