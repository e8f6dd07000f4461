import { readFileSync } from 'node:fs'
import { expect, test } from './fixtures.ts'
import { fillPassenger, openNewForm, pasteTicket, seedCustomer, shoot } from './helpers.ts'

/**
 * Issue 37 item 7, typed where the app knows: the customer proposed from a pasted ticket's lead
 * passenger; each pilgrim's nationality and issue country from the first pilgrim; Services' Paid
 * Cash and Paid In Bank start at 0.
 */

const PIA = readFileSync(
  new URL('../packages/shared/src/tickets/samples/pia-eticket-3pax-return.txt', import.meta.url),
  'utf8',
)

test('a pasted ticket proposes its lead passenger as the customer', async ({ page, as }) => {
  await seedCustomer(page.request, 'Zahid Iqbal Bhatti')
  await as('employee')
  await openNewForm(page, '/tickets', 'New Ticket')
  await pasteTicket(page, PIA)
  // The registered customer of the lead passenger's name, picked in the list.
  await expect(page.getByLabel('Customer')).toHaveValue('Zahid Iqbal Bhatti')
  await expect(page.getByText('Customer from the lead passenger: Zahid Iqbal Bhatti')).toBeVisible()
  await shoot(page, 'typed-paste-customer-employee')
})

test("each pilgrim takes the first pilgrim's nationality and issue country", async ({ page, as }) => {
  await as('admin')
  await openNewForm(page, '/admin/umrah', 'New Umrah Booking')
  await page.getByRole('button', { name: 'Next' }).click()
  await fillPassenger(page.getByRole('group', { name: 'Passenger 1 Details' }), {
    nationality: 'Pakistani',
    issueCountry: 'Pakistan',
  })
  // A second pilgrim counted on the first step.
  await page.getByRole('button', { name: /Basic Info/ }).click()
  await page.getByLabel('Adults').fill('2')
  await page.getByRole('button', { name: 'Next' }).click()
  const second = page.getByRole('group', { name: 'Passenger 2 Details' })
  await expect(second.getByLabel('Nationality')).toHaveValue('Pakistani')
  await expect(second.getByLabel('Issue Country')).toHaveValue('Pakistan')
  // Typed over, it stays as typed.
  await second.getByLabel('Nationality').fill('British')
  await expect(second.getByLabel('Nationality')).toHaveValue('British')
  await shoot(page, 'typed-umrah-pilgrims-admin')
})

test("a new service's Paid Cash and Paid In Bank start at 0", async ({ page, as }) => {
  await seedCustomer(page.request, 'Service Walk E2E')
  await as('employee')
  await openNewForm(page, '/services', 'New Service')
  await page.getByLabel('Customer Address').selectOption('Service Walk E2E')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Specific Detail').fill('Visa attestation')
  await page.getByLabel('Visa Type').selectOption('VISIT VISA')
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByLabel('Paid Cash')).toHaveValue('0')
  await expect(page.getByLabel('Paid In Bank')).toHaveValue('0')
  // A sale on credit: the amount and profit only, nothing typed into the paid boxes.
  await page.getByLabel('Receivable Amount').fill('15000')
  await page.getByLabel('Profit').fill('3000')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Service saved', { exact: true })).toBeVisible()
})

test("a statement's agent is picked from the list, not typed", async ({ page, as, seed }) => {
  await seed.names()
  await as('employee')
  await page.goto('/statements')
  await page.getByLabel('Statement of').selectOption('agent')
  const name = page.getByLabel('Name')
  await expect(name).toHaveValue('')
  await expect(name.locator('option', { hasText: 'Choose an agent' })).toHaveCount(1)
  const first = (await name.locator('option:not([disabled])').first().textContent())?.trim() ?? ''
  expect(first).not.toBe('')
  await name.selectOption(first)
  await page.getByRole('button', { name: 'Show statement' }).click()
  await expect(page.getByRole('article', { name: 'Statement' })).toContainText(`Agent: ${first}`)
  await shoot(page, 'typed-statement-agent-employee')
})
