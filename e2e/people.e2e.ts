import type { Page } from '@playwright/test'
import { expect, loginAs, test } from './fixtures.ts'
import { adminHeaders, openNewForm } from './helpers.ts'

/** A Pakistani passport with correct check digits (document AB1234562). */
const PAK = ['P<PAKRAZA<<IMRAN<<<<<<<<<<<<<<<<<<<<<<<<<<<<', 'AB12345626PAK8503149M30072283520212345671<98']

/**
 * With SHOTS_DIR set: the screen as it loads at 1366 and at 375 px (reloaded at each width, so the
 * phone layout starts with its sidebar closed, as a phone opens it).
 */
const shoot = async (page: Page, name: string) => {
  const dir = process.env.SHOTS_DIR
  if (!dir) return
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await page.reload()
    await page.waitForLoadState('networkidle')
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.reload()
}

const addDays = (days: number) => {
  const d = new Date()
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

test('paste an MRZ into a ticket passenger block and save; the ticket list opens the passenger file with the ticket on its timeline', async ({
  page,
}) => {
  await page.request.post('/api/customers', {
    headers: await adminHeaders(page.request),
    data: { name: 'People Traders', mobile_number: '03005556667', address: 'Lahore', passport_number: '' },
  })
  await loginAs(page, 'employee')
  await openNewForm(page, '/tickets', 'New Ticket')
  await page.getByLabel('Customer').selectOption('People Traders')
  await page.getByLabel('Depart Date').fill(addDays(40))
  await page.getByLabel('Sector').fill('LHE-RUH')
  await page.getByLabel('Airline').fill('Saudia')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('button', { name: /Passengers/ }).click()
  await page.getByRole('button', { name: 'Add one to Adults' }).click()
  await page.getByRole('button', { name: 'Done' }).click()
  const block = page.getByRole('group', { name: 'Passenger 1 Details' })
  await block.getByRole('button', { name: 'Paste MRZ' }).click()
  const dialog = page.getByRole('dialog', { name: 'Paste Passport MRZ' })
  await dialog.getByLabel('MRZ lines').fill(PAK.join('\n'))
  await dialog.getByRole('button', { name: 'Fill Passenger' }).click()
  await expect(block.getByLabel('Document Number')).toHaveValue('AB1234562')
  await block.getByLabel('Title').selectOption('Mr')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Total Receivable Amount').fill('120000')
  await page.getByLabel('Paid Cash').fill('20000')
  await page.getByLabel('Payable To Vendor').fill('0')
  await page.getByRole('button', { name: 'Submit' }).click()

  const row = page.getByRole('row', { name: /People Traders/ })
  await expect(row).toBeVisible()
  const entry = ((await row.getByRole('cell').first().textContent()) ?? '').trim()
  await page.getByRole('button', { name: 'Show Passport Details' }).click()
  await row.getByRole('link', { name: 'AB1234562' }).click()

  await expect(page).toHaveURL(/\/passengers\/AB1234562$/)
  await expect(page.getByTestId('passenger-passport')).toHaveText('Passport AB1234562')
  await expect(page.getByText('Mr IMRAN RAZA').first()).toBeVisible()
  const ticket = page.getByTestId('timeline-record').filter({ hasText: 'Ticket' }).filter({ hasText: entry })
  await expect(ticket).toBeVisible()
  await expect(ticket).toContainText('Customer: People Traders')
  await expect(page.getByText('Passport: 22/07/2030')).toBeVisible()
  await shoot(page, 'passenger-file-employee')

  // The customer's page lists the ticket and what they owe.
  await page.goto('/customers')
  await page.getByLabel('Search customers').fill('People Traders')
  await page.getByRole('link', { name: 'People Traders', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'People Traders' })).toBeVisible()
  await expect(page.getByTestId('customer-balance')).toContainText('Rs 100,000')
  await expect(
    page.getByLabel('Customer records').getByRole('row', { name: new RegExp(entry) }),
  ).toBeVisible()
  // The statement is the customer's account in the books: the ticket's line, closing at what they owe.
  await expect(page.getByTestId('statement-closing')).toHaveText('Rs 100,000')
  // The sale at its full price and what was paid at booking, each a line (decision 054).
  const entryRows = page.getByLabel('Customer statement').getByRole('row', { name: new RegExp(entry) })
  await expect(entryRows).toHaveCount(2)
  await expect(entryRows.nth(1)).toContainText('Paid in')
  await shoot(page, 'customer-page-employee')
  await page.goto('/customers')
  await expect(page.getByRole('button', { name: 'Merge' })).toHaveCount(0)
  await shoot(page, 'customers-employee')
  await page.goto('/dashboard')
  await expect(page.getByTestId('expiry-alerts')).toBeVisible()
  await shoot(page, 'dashboard-alerts-employee')
})

test('admin: customers list, edit, merge and delete; the passport alert links to its passenger', async ({
  page,
}) => {
  const headers = await adminHeaders(page.request)
  const add = async (name: string, mobile: string) =>
    (
      await (
        await page.request.post('/api/customers', { headers, data: { name, mobile_number: mobile } })
      ).json()
    ).customer as { id: number } | undefined
  const from = await add('Merge Source', '03110000001')
  const into = await add('Merge Target', '03110000002')
  await add('Unused Person', '03110000003')
  expect(from && into).toBeTruthy()
  // A passport running out in three months, on a ticket: the dashboard's alert names it.
  const ticket = await page.request.post('/api/ticket', {
    headers,
    data: {
      employee_name: 'admin',
      agent_name: '',
      customer_add: 'Merge Source',
      reference: '',
      depart_date: addDays(20),
      return_date: '',
      sector: 'KHI-DXB',
      airline: 'PIA',
      adults: 1,
      children: 0,
      infants: 0,
      passport_detail: JSON.stringify([
        {
          title: 'Ms',
          firstName: 'Sana',
          lastName: 'Alert',
          dob: '1990-01-01',
          nationality: 'Pakistan',
          documentType: 'Passport',
          documentNo: 'ZX9988776',
          documentExpiry: addDays(90),
          issueCountry: 'Pakistan',
        },
      ]),
      receivable_amount: 5000,
      paid_cash: 0,
      bank_title: '',
      paid_in_bank: 0,
      payable_to_vendor: 0,
      vendor_name: '',
    },
  })
  expect(ticket.status()).toBe(201)

  await loginAs(page, 'admin')
  const alert = page.getByTestId('expiry-alerts').getByRole('listitem').filter({ hasText: 'ZX9988776' })
  await expect(alert).toContainText('Passport expires within 6 months')
  await shoot(page, 'dashboard-alerts-admin')
  await alert.getByRole('link', { name: 'ZX9988776' }).click()
  await expect(page).toHaveURL(/\/admin\/passengers\/ZX9988776$/)
  await expect(page.getByTestId('timeline-record')).toHaveCount(1)
  await shoot(page, 'passenger-file-admin')

  await page.goto('/admin/customers')
  await page.getByLabel('Search customers').fill('Merge')
  await expect(page.getByRole('row', { name: /Merge Source/ })).toBeVisible()
  await shoot(page, 'customers-admin')

  // Delete refuses a customer with records; merge moves them.
  await page
    .getByRole('row', { name: /Merge Source/ })
    .getByRole('button', { name: 'Delete' })
    .click()
  const confirm = page.getByRole('dialog', { name: 'Delete Confirmation' })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(confirm.getByRole('alert')).toContainText('merge them into another customer')
  await confirm.getByRole('button', { name: 'Cancel' }).click()

  await page
    .getByRole('row', { name: /Merge Source/ })
    .getByRole('button', { name: 'Merge' })
    .click()
  const merge = page.getByRole('dialog', { name: 'Merge Customer' })
  await merge.getByLabel('Merge into').fill('Merge Target')
  await merge.getByRole('button', { name: /Merge Target/ }).click()
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/customer-merge-admin-1366.png` })
  await merge.getByRole('button', { name: 'Merge into Merge Target' }).click()
  await expect(merge).toBeHidden()
  await expect(page.getByRole('row', { name: /Merge Source/ })).toHaveCount(0)
  await page.getByRole('link', { name: 'Merge Target', exact: true }).click()
  await expect(page.getByTestId('customer-balance')).toContainText('Rs 5,000')
  await expect(page.getByLabel('Customer records')).toContainText('KHI-DXB')
  await shoot(page, 'customer-page-admin')

  await page.goto('/admin/customers')
  await page.getByLabel('Search customers').fill('Unused Person')
  await page
    .getByRole('row', { name: /Unused Person/ })
    .getByRole('button', { name: 'Edit' })
    .click()
  const edit = page.getByRole('dialog', { name: 'Edit Customer' })
  await edit.getByLabel('Address').fill('Multan')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('row', { name: /Unused Person/ })).toContainText('Multan')
  await page
    .getByRole('row', { name: /Unused Person/ })
    .getByRole('button', { name: 'Delete' })
    .click()
  await page
    .getByRole('dialog', { name: 'Delete Confirmation' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(page.getByRole('row', { name: /Unused Person/ })).toHaveCount(0)
})
