import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { adminHeaders, fillPassenger, openNewForm, pageAs, seedCustomer, shoot } from './helpers.ts'

/**
 * Issue 37 item 2: an employee's sale refused by the credit limit offers "Send for approval"; the
 * sale is kept whole with its employee; an admin approves it in the app's own dialog (never
 * window.prompt) and the saved ticket names the employee who sold it; another is refused with a reason.
 */

const AGENT = 'Approval Agent E2E'

/** The ticket wizard filled by hand as the employee would, sold on credit to the agent. */
const fillTicket = async (staff: Page, reference: string, amount: string) => {
  await openNewForm(staff, '/tickets', 'New Ticket')
  await staff.getByLabel('Customer').selectOption('Hamid Raza')
  await staff.getByLabel('Reference').fill(reference)
  await staff.getByLabel('Depart Date').fill('2026-12-10')
  await staff.getByLabel('Sector').fill('LHE-JED')
  await staff.getByLabel('Airline').fill('PIA')
  await staff.getByRole('button', { name: 'Next' }).click()
  await staff.getByRole('button', { name: /Passengers/ }).click()
  await staff.getByRole('button', { name: 'Add one to Adults' }).click()
  await staff.getByRole('button', { name: 'Done' }).click()
  await fillPassenger(staff.getByRole('group', { name: 'Passenger 1 Details' }), {
    title: 'Mr',
    firstName: 'Hamid',
    lastName: 'Raza',
    documentType: 'Passport',
    documentNo: 'HR1234567',
  })
  await staff.getByRole('button', { name: 'Next' }).click()
  await staff.getByLabel('Total Receivable Amount').fill(amount)
  await staff.getByLabel('Agent Name').selectOption(AGENT)
  await staff.getByLabel('Payable To Vendor').fill('0')
}

test('an employee sends a sale past the limit for approval; the admin approves one and refuses one', async ({
  page,
  browser,
}) => {
  const headers = await adminHeaders(page.request)
  await page.request.post('/api/agent-names', { headers, data: { name: AGENT } })
  await seedCustomer(page.request, 'Hamid Raza')
  const limit = await page.request.put(`/api/agents/${encodeURIComponent(AGENT)}`, {
    headers,
    data: { phone: '', email: '', city: '', note: '', credit_limit: 100_000, language: 'en' },
  })
  expect(limit.status()).toBe(200)
  const dialogs: string[] = []

  const staff = await pageAs(browser, 'employee')
  staff.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
  await fillTicket(staff, 'PNR-APPR-1', '120000')
  await staff.getByRole('button', { name: 'Submit' }).click()
  const send = staff.getByRole('dialog', { name: 'Send for approval' })
  await expect(send).toContainText(`Credit limit of Rs 100,000 for ${AGENT} exceeded by Rs 20,000`)
  await shoot(staff, 'approval-send-employee')
  await send.getByLabel('Note for the admin (optional)').fill('Pays on Friday')
  await send.getByLabel('Note for the admin (optional)').press('Enter')
  await expect(staff.getByText('Sent to an admin for approval')).toBeVisible()
  await expect(send).toBeHidden()

  // A second one, refused later.
  await fillTicket(staff, 'PNR-APPR-2', '130000')
  await staff.getByRole('button', { name: 'Submit' }).click()
  await staff
    .getByRole('dialog', { name: 'Send for approval' })
    .getByRole('button', { name: 'Send for approval' })
    .click()
  await expect(staff.getByText('Sent to an admin for approval')).toBeVisible()

  // Nothing was saved yet.
  await staff.goto('/tickets')
  await expect(staff.getByRole('row', { name: /PNR-APPR/ })).toHaveCount(0)

  const admin = await pageAs(browser, 'admin')
  admin.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
  await admin.goto('/admin/corrections')
  const waiting = admin.getByRole('region', { name: 'Sales waiting for approval' })
  const first = waiting.getByRole('listitem').filter({ hasText: 'Rs 120,000' })
  await expect(first).toContainText(`Ticket for ${AGENT}, Rs 120,000`)
  await expect(first).toContainText('Sold by staff')
  await expect(first).toContainText('Note: Pays on Friday')
  await first.getByText('Show the sale as typed').click()
  await expect(first).toContainText('PNR-APPR-1')
  await expect(first).toContainText('HR1234567')
  await shoot(admin, 'approval-queue-admin')
  await first.getByRole('button', { name: 'Approve' }).click()
  const approve = admin.getByRole('dialog', { name: 'Approve the sale' })
  await approve.getByRole('button', { name: 'Approve' }).click()
  await expect(approve.getByRole('alert')).toHaveText('Reason is required')
  await approve.getByLabel('Reason for going past the limit').fill('Owner agreed on the phone')
  await shoot(admin, 'approval-approve-dialog-admin')
  await approve.getByLabel('Reason for going past the limit').press('Enter')
  await expect(approve).toBeHidden()
  await expect(admin.getByText(/Sale approved and saved as Ticket \d+\/\d+/)).toBeVisible()

  const second = waiting.getByRole('listitem').filter({ hasText: 'Rs 130,000' })
  await second.getByRole('button', { name: 'Refuse' }).click()
  const refuse = admin.getByRole('dialog', { name: 'Refuse the sale' })
  await refuse.getByLabel('Reason for refusing').fill('Collect the old balance first')
  await refuse.getByRole('button', { name: 'Refuse' }).click()
  await expect(refuse).toBeHidden()
  await expect(waiting).toHaveCount(0)

  // The saved ticket names the employee who sold it.
  await admin.goto('/admin/tickets')
  const row = admin.getByRole('row', { name: /PNR-APPR-1|Hamid Raza/ }).first()
  await expect(row).toContainText('120,000')
  await row.getByRole('button', { name: 'Edit' }).click()
  await expect(admin.getByLabel('Employee Name')).toHaveValue('staff')
  await expect(admin.getByLabel('Reference')).toHaveValue('PNR-APPR-1')

  // The employee sees both decisions.
  await staff.goto('/corrections')
  const mine = staff.getByRole('region', { name: 'My sales sent for approval' })
  await expect(mine.getByRole('listitem').filter({ hasText: 'Rs 120,000' })).toContainText('Approved')
  await expect(mine.getByRole('listitem').filter({ hasText: 'Rs 130,000' })).toContainText(
    'Reason: Collect the old balance first',
  )
  await shoot(staff, 'approval-mine-employee')
  expect(dialogs).toEqual([])
})

test("an admin's own sale past the limit asks for the reason in the app's dialog", async ({ page, as }) => {
  const headers = await adminHeaders(page.request)
  await page.request.post('/api/agent-names', { headers, data: { name: AGENT } })
  await seedCustomer(page.request, 'Hamid Raza')
  await page.request.put(`/api/agents/${encodeURIComponent(AGENT)}`, {
    headers,
    data: { phone: '', email: '', city: '', note: '', credit_limit: 100_000, language: 'en' },
  })
  const dialogs: string[] = []
  page.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
  await as('admin')
  await page.goto('/admin/tickets')
  await page.getByRole('button', { name: 'Add New' }).click()
  await page.getByLabel('Customer').selectOption('Hamid Raza')
  await page.getByLabel('Depart Date').fill('2026-12-11')
  await page.getByLabel('Sector').fill('LHE-JED')
  await page.getByLabel('Airline').fill('PIA')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('button', { name: /Passengers/ }).click()
  await page.getByRole('button', { name: 'Add one to Adults' }).click()
  await page.getByRole('button', { name: 'Done' }).click()
  await fillPassenger(page.getByRole('group', { name: 'Passenger 1 Details' }), {
    title: 'Mr',
    firstName: 'Hamid',
    lastName: 'Raza',
    documentType: 'Passport',
    documentNo: 'HR7654321',
  })
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Total Receivable Amount').fill('500000')
  await page.getByLabel('Agent Name').selectOption(AGENT)
  await page.getByLabel('Payable To Vendor').fill('0')
  await page.getByRole('button', { name: 'Submit' }).click()
  const ask = page.getByRole('dialog', { name: 'Past the credit limit' })
  await expect(ask).toContainText('Save it anyway?')
  await ask.getByLabel('Reason for saving it anyway').fill('Group booking, paid in advance')
  await ask.getByRole('button', { name: 'Save anyway' }).click()
  await expect(ask).toBeHidden()
  await expect(page.getByText('Ticket saved')).toBeVisible()
  expect(dialogs).toEqual([])
})
