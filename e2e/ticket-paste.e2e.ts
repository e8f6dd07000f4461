import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { adminHeaders, openNewForm, pageAs, seedCustomer, shoot } from './helpers.ts'

/** The project's own 3-passenger PIA return ticket (invented people and numbers). */
const PIA = readFileSync(
  new URL('../packages/shared/src/tickets/samples/pia-eticket-3pax-return.txt', import.meta.url),
  'utf8',
)
const NUMBERS = '2142409917301 2142409917302 2142409917303'
const VOIDED = readFileSync(
  new URL('../packages/shared/src/tickets/samples/galileo-te-void.txt', import.meta.url),
  'utf8',
)

/** Paste the ticket, check the wizard filled, add what a ticket text never holds, and submit. */
const pasteAndSave = async (page: Page, shots?: string, afterFill?: () => Promise<void>) => {
  await openNewForm(page, page.url().includes('/admin') ? '/admin/tickets' : '/tickets', 'New Ticket')
  await page.getByRole('button', { name: 'Paste ticket' }).click()
  const dialog = page.getByRole('dialog', { name: 'Paste Ticket' })
  await dialog.getByLabel('Ticket text').fill(PIA)
  if (shots) await shoot(page, `${shots}-box`)
  await dialog.getByRole('button', { name: 'Fill Ticket' }).click()
  await expect(dialog).toHaveCount(0)
  await afterFill?.()

  await expect(page.getByLabel('Reference')).toHaveValue('QZ7K4M')
  await expect(page.getByLabel('Sector')).toHaveValue('LHE-JED')
  await expect(page.getByLabel('Airline')).toHaveValue('PIA')
  await expect(page.getByLabel('Depart Date')).toHaveValue('14/01/2027')
  await expect(page.getByLabel('Return Date')).toHaveValue('02/02/2027')
  await expect(page.getByLabel('Ticket Numbers')).toHaveValue(NUMBERS)
  await page.getByLabel('Customer').selectOption('Bhatti Family')
  if (shots) await shoot(page, `${shots}-filled`)
  await page.getByRole('button', { name: 'Next' }).click()

  await expect(page.getByRole('button', { name: /Passengers/ })).toContainText('2 Adults, 1 Child, 0 Infants')
  const people = [
    ['Mr', 'ZAHID IQBAL', 'BHATTI'],
    ['Mrs', 'SAIMA', 'ZAHID'],
    ['Mr', 'HAMZA', 'ZAHID'],
  ]
  for (const [i, [title, first, last]] of people.entries()) {
    const block = page.getByRole('group', { name: `Passenger ${i + 1} Details` })
    await expect(block.getByLabel('Title')).toHaveValue(title)
    await expect(block.getByLabel('First Name')).toHaveValue(first)
    await expect(block.getByLabel('Last Name')).toHaveValue(last)
    // A ticket holds no passport number: the one thing typed per passenger.
    await block.getByLabel('Document Number').fill(`BX90${i}1234`)
  }
  if (shots) await shoot(page, `${shots}-passengers`)
  await page.getByRole('button', { name: 'Next' }).click()

  const pasted = page.getByRole('region', { name: 'From the pasted ticket' })
  await expect(pasted).toContainText('PKR 246,000')
  await expect(pasted).toContainText('YQ 18,600 · PK 4,500 · SP 2,250')
  await expect(pasted).toContainText('PKR 271,350')
  await page.getByLabel('Total Receivable Amount').fill('285000')
  await page.getByLabel('Paid Cash').fill('0')
  await page.getByLabel('Paid In Bank').fill('0')
  await page.getByLabel('Payable To Vendor').fill('271350')
  if (shots) await shoot(page, `${shots}-payment`)
  await page.getByRole('button', { name: 'Submit' }).click()
}

test('paste a 3-passenger return ticket: the wizard fills, it saves, the list finds it by ticket number; a second paste warns', async ({
  page,
  browser,
}) => {
  await seedCustomer(page.request, 'Bhatti Family')
  const staff = await pageAs(browser, 'employee')
  await staff.goto('/tickets')
  await pasteAndSave(staff, 'paste-ticket')
  await expect(staff.getByText('Ticket saved')).toBeVisible()

  await staff.getByPlaceholder('Search...').fill('2142409917302')
  const rows = staff.getByRole('row', { name: /Bhatti Family/ })
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText('LHE-JED')
  await expect(rows).toContainText('14/01/2027')
  const entry = (await rows.getByRole('cell').first().textContent())?.trim() ?? ''
  expect(entry).toMatch(/^Ticket \d+\/\d+$/)
  await shoot(staff, 'paste-ticket-found')

  // The same ticket again: the employee is told at paste time which record holds it (issue 37),
  // and cannot save it.
  await pasteAndSave(staff, undefined, async () => {
    // One notice, under the numbers, before anything else is typed.
    await expect(staff.getByRole('region', { name: 'Duplicate ticket number' })).toContainText(entry)
    await expect(staff.getByText(`is already on ${entry}`)).toHaveCount(0)
  })
  await expect(staff.locator('#field-ticket_numbers-error')).toHaveText(
    `Ticket number 2142409917301 is already on ${entry}`,
  )
  const warning = staff.getByRole('region', { name: 'Duplicate ticket number' })
  await expect(warning.getByRole('link', { name: `Open ${entry}` })).toHaveAttribute(
    'href',
    '/tickets?q=2142409917301',
  )
  await expect(warning.getByRole('button', { name: 'Save anyway' })).toHaveCount(0)
  await shoot(staff, 'paste-ticket-duplicate')

  // An admin is warned at paste time and keeps the number there: Submit saves, with no second warning.
  const admin = await pageAs(browser, 'admin')
  await admin.goto('/admin/tickets')
  const adminWarning = admin.getByRole('region', { name: 'Duplicate ticket number' })
  await pasteAndSave(admin, undefined, async () => {
    await expect(adminWarning.getByRole('link', { name: `Open ${entry}` })).toHaveAttribute(
      'href',
      '/admin/tickets?q=2142409917301',
    )
    await shoot(admin, 'paste-ticket-duplicate-admin')
    await adminWarning.getByRole('button', { name: 'Keep this number' }).click()
    await expect(adminWarning).toHaveCount(0)
  })
  await expect(admin.getByText('Ticket saved')).toBeVisible()
  await expect(adminWarning).toHaveCount(0)
  await admin.getByPlaceholder('Search...').fill('2142409917303')
  await expect(admin.getByRole('row', { name: /Bhatti Family/ })).toHaveCount(2)
})

test('a pasted VOID ticket on a record offers Void this ticket (an admin voids it); on no record it fills nothing', async ({
  page,
  browser,
}) => {
  const headers = await adminHeaders(page.request)
  const saved = await page.request.post('/api/ticket', {
    headers,
    data: {
      employee_name: 'admin',
      customer_add: 'Qureshi Travels',
      depart_date: '2026-12-05',
      sector: 'KHI-MCT',
      airline: 'Qatar Airways',
      adults: 1,
      children: 0,
      infants: 0,
      passport_detail: JSON.stringify([
        {
          title: 'Mr',
          firstName: 'FAHAD',
          lastName: 'QURESHI',
          documentType: 'Passport',
          documentNo: 'QX1234567',
        },
      ]),
      receivable_amount: 125000,
      payable_to_vendor: 121900,
      ticket_numbers: '1572409960034',
    },
  })
  expect(saved.status()).toBe(201)
  const entry = (await saved.json()).ticket.entry as string
  const pasteVoid = async (p: Page, text: string) => {
    await p.getByRole('button', { name: 'Paste ticket' }).click()
    await p.getByLabel('Ticket text').fill(text)
    await p.getByRole('button', { name: 'Fill Ticket' }).click()
  }

  // The employee is told, and that an admin voids it (spec §1: employees add, admins change).
  const staff = await pageAs(browser, 'employee')
  await openNewForm(staff, '/tickets', 'New Ticket')
  await pasteVoid(staff, VOIDED)
  const offer = staff.getByRole('region', { name: 'Cancelled tickets' })
  await expect(offer).toContainText(`Ticket 1572409960034 (FAHAD QURESHI) is VOID and is on ${entry}.`)
  await expect(offer).toContainText(`Ask an admin to void ${entry}.`)
  await expect(offer.getByRole('link', { name: 'Open Refunded record' })).toHaveCount(0)
  await shoot(staff, 'paste-void-employee')

  // A VOID ticket whose number is on no record: said so, and no sale form is filled.
  await openNewForm(staff, '/tickets', 'New Ticket')
  await pasteVoid(staff, VOIDED.replace('157 2409960034', '157 2409960099'))
  await expect(offer).toContainText('Ticket 1572409960099 (FAHAD QURESHI) is VOID and is on no record')
  await expect(staff.getByLabel('Sector')).toHaveValue('')
  await expect(staff.getByLabel('Ticket Numbers')).toHaveValue('')

  const admin = await pageAs(browser, 'admin')
  await openNewForm(admin, '/admin/tickets', 'New Ticket')
  await pasteVoid(admin, VOIDED)
  const adminOffer = admin.getByRole('region', { name: 'Cancelled tickets' })
  await adminOffer.getByRole('button', { name: 'Void this ticket' }).click()
  const dialog = admin.getByRole('dialog', { name: `Void ${entry}?` })
  await expect(dialog.getByLabel('Reason')).toHaveValue('Voided by the airline')
  await shoot(admin, 'paste-void-admin')
  await dialog.getByRole('button', { name: 'Void ticket' }).click()
  await expect(admin.getByText(`${entry} is void`)).toBeVisible()
  const after = await (
    await page.request.get(`/api/ticket/${(await saved.json()).ticket.id}`, { headers })
  ).json()
  expect(after.ticket.void_reason).toBe('Voided by the airline')
})
