import { existsSync, readFileSync } from 'node:fs'
import { todayIso } from '@booking/shared'
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

/**
 * An agent owing `debit` rupees from one sale on credit (nothing paid), dated `date`: the balance the
 * desk and the collection screens start from.
 */
export const agentOwing = async (
  request: APIRequestContext,
  agent: string,
  debit: number,
  { date = '2026-01-05', detail = 'Umrah group' } = {},
) => {
  const headers = await adminHeaders(request)
  await request.post('/api/agent-names', { headers, data: { name: agent } })
  const sale = await request.post('/api/agent', {
    headers,
    data: {
      agent_name: agent,
      employee: 'admin',
      date,
      detail,
      debit,
      credit: 0,
      paid_cash: 0,
      paid_bank: 0,
    },
  })
  expect(sale.status()).toBe(201)
}

/** An agent's profile (decision 116's phone, the credit limit, the desk's language) as the admin saves it. */
export const agentProfile = async (
  request: APIRequestContext,
  agent: string,
  profile: { phone?: string; city?: string; credit_limit: number | null; language: 'en' | 'ur' },
) => {
  const res = await request.put(`/api/agents/${encodeURIComponent(agent)}`, {
    headers: await adminHeaders(request),
    data: { phone: '', email: '', city: '', note: '', ...profile },
  })
  expect(res.status()).toBe(200)
}

/** A desk user of `agent`: invited by the admin, its password set through the invite's link. */
export const deskUser = async (
  request: APIRequestContext,
  agent: string,
  email: string,
  password: string,
) => {
  const invite = await request.post(`/api/agents/${encodeURIComponent(agent)}/users`, {
    headers: await adminHeaders(request),
    data: { email },
  })
  expect(invite.status()).toBe(201)
  const token = String(((await invite.json()) as { url: string }).url).split('/portal/invite/')[1]
  expect((await request.post(`/api/portal/invites/${token}`, { data: { password } })).status()).toBe(200)
}

/**
 * A desk user signs in on a phone (375 px) and lands on the desk. The invite page's own "Sign in"
 * link may have opened the login screen already; then it is used as it is.
 */
export const signInAtDesk = async (page: Page, email: string, password: string) => {
  await page.setViewportSize({ width: 375, height: 800 })
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByLabel('Password').press('Enter')
  await expect(page).toHaveURL(/\/portal$/)
}

/**
 * A foreign currency turned on with its rate for `date` (today unless named), as the Rates screen
 * saves it: the forms propose that rate for records of that day (issue 34).
 */
export const dayRate = async (
  request: APIRequestContext,
  currency: string,
  rate: string,
  { date = todayIso(), source = 'SBP' } = {},
) => {
  const headers = await adminHeaders(request)
  expect(
    (await request.put(`/api/admin/currencies/${currency}`, { headers, data: { enabled: true } })).status(),
  ).toBe(200)
  expect(
    (await request.post('/api/rates', { headers, data: { date, currency, rate, source } })).status(),
  ).toBe(201)
}

/** A customer kept in `currency` (decision 137): its sales and payments are typed in that currency. */
export const customerIn = async (
  request: APIRequestContext,
  name: string,
  currency: string,
  mobile: string,
) => {
  const headers = await adminHeaders(request)
  await request.put(`/api/admin/currencies/${currency}`, { headers, data: { enabled: true } })
  const made = await request.post('/api/customers', {
    headers,
    data: { name, mobile_number: mobile, address: '', passport_number: '' },
  })
  expect(made.status()).toBe(201)
  const id = (await made.json()).customer.id as number
  const profile = await request.put(`/api/customers/${id}/profile`, { headers, data: { currency } })
  expect(profile.status()).toBe(200)
}

/**
 * Types the day's rate and returns the one in force: another file may have typed today's rate too,
 * and the form proposes the one in force.
 */
export const rateInForce = async (
  request: APIRequestContext,
  currency: string,
  rate: string,
  date = todayIso(),
) => {
  const headers = await adminHeaders(request)
  await request.post('/api/rates', { headers, data: { date, currency, rate, source: 'open market' } })
  return (await (await request.get(`/api/rates?currency=${currency}&date=${date}`, { headers })).json())
    .rate as number
}

/** A vendor kept in `currency`: what is owed it is in that currency at the day's rate (decision 136). */
export const vendorIn = async (request: APIRequestContext, vendor: string, currency: string) => {
  const headers = await adminHeaders(request)
  await request.post('/api/vender-names', { headers, data: { name: vendor } })
  const set = await request.put(`/api/vendors/${encodeURIComponent(vendor)}`, { headers, data: { currency } })
  expect(set.status()).toBe(200)
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

/** The shared fixtures' ticket texts: beside the repository, or where the coordinator keeps them. */
const TICKET_FIXTURES = ['../../shared/fixtures/tickets', '/work/shared/fixtures/tickets'].map((d) =>
  d.startsWith('/') ? d : new URL(d, import.meta.url).pathname,
)

/** A ticket text from the shared fixtures, without its `#` notes (a GDS screen has none). */
export const sharedTicket = (file: string) => {
  const dir = TICKET_FIXTURES.find((d) => existsSync(`${d}/${file}`))
  if (!dir) throw new Error(`No shared ticket fixture ${file} (../shared/fixtures/tickets)`)
  return readFileSync(`${dir}/${file}`, 'utf8')
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .join('\n')
}

/** On an open ticket form: "Paste ticket", the text in its box, "Fill Ticket", and the box closes. */
export const pasteTicket = async (page: Page, text: string) => {
  await page.getByRole('button', { name: 'Paste ticket' }).click()
  const dialog = page.getByRole('dialog', { name: 'Paste Ticket' })
  await dialog.getByLabel('Ticket text').fill(text)
  await dialog.getByRole('button', { name: 'Fill Ticket' }).click()
  await expect(dialog).toHaveCount(0)
}

/** Deletes the row matching `name` through the confirmation dialog and waits for it to go. */
export const deleteRow = async (page: Page, name: RegExp) => {
  await page.getByRole('row', { name }).getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Confirmation' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('row', { name })).toHaveCount(0)
}

/** The sidebar slides away below 768 px: a screenshot waits for it to settle at the new width. */
const settled = (page: Page) => page.waitForTimeout(600)

/**
 * With SHOTS_DIR set, a full-page screenshot at desktop and phone widths (`{name}-1366.png`,
 * `{name}-375.png`), for the developer to look at. At each width `ready` runs first: by default the
 * layout settles; a test wanting the screen as it opens at that width (the phone menu closed) passes
 * one that reloads or opens it. The page goes back to the size it had, so the test goes on as before.
 */
export const shoot = async (page: Page, name: string, ready: (page: Page) => Promise<unknown> = settled) => {
  const dir = process.env.SHOTS_DIR
  if (!dir) return
  const size = page.viewportSize()
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await ready(page)
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
  }
  if (size) await page.setViewportSize(size)
  await settled(page)
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
