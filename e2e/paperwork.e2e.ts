import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, loginAs, test } from './fixtures.ts'
import { adminHeaders } from './helpers.ts'

const shot = async (page: Page, name: string) => {
  const dir = process.env.SHOTS ?? '/tmp/shots-paperwork'
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** A ticket for `agent` (created through the API), so statements and lists have a row to show. */
const seedTicket = async (page: Page, agent: string, customer: string) => {
  const headers = await adminHeaders(page.request)
  await page.request.post('/api/agent-names', { headers, data: { name: agent } })
  const res = await page.request.post('/api/ticket', {
    headers,
    data: {
      employee_name: 'admin',
      agent_name: agent,
      customer_add: customer,
      reference: null,
      depart_date: '2026-11-20',
      return_date: null,
      sector: 'LHE-DXB',
      airline: 'Emirates',
      adults: 1,
      children: 0,
      infants: 0,
      passport_detail: JSON.stringify([
        {
          title: 'Mr',
          firstName: 'Paper',
          lastName: 'Work',
          dob: '1990-01-01',
          nationality: 'Pakistani',
          documentType: 'Passport',
          documentNo: 'PW1234567',
          documentExpiry: '2030-01-01',
          issueCountry: 'Pakistan',
        },
      ]),
      receivable_amount: 150000,
      paid_cash: 100000,
      bank_title: 'UBL Account 1',
      paid_in_bank: 0,
      payable_to_vendor: 0,
      vendor_name: '',
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()).ticket as { id: number; entry: string }
}

test('a statement downloads as PDF from the Statements screen', async ({ page }) => {
  const suffix = Date.now().toString(36).slice(-5)
  const agent = `Paper Agent ${suffix}`
  const customer = `Statement Customer ${suffix}`
  await seedTicket(page, agent, customer)
  await loginAs(page, 'admin')
  await page.goto('/admin/statements')
  await expect(page.getByRole('heading', { name: 'Statements' })).toBeVisible()
  await page.getByLabel('Name', { exact: true }).selectOption(agent)
  await page.getByLabel('From', { exact: true }).fill('2026-11-01')
  await page.getByLabel('To', { exact: true }).fill('2026-11-30')
  await page.getByRole('button', { name: 'Show statement' }).click()
  // The agent owes 150,000 − 100,000 (statement balances are debit-normal).
  await expect(page.getByTestId('Closing balance')).toHaveText('Rs 50,000')
  // Statements read the books' posting lines (decision 033): a ticket's line names its customer.
  await expect(page.getByRole('table', { name: 'Statement lines' })).toContainText(customer)
  await shot(page, 'statement')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'PDF' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^statement-agent-.*\.pdf$/)
  const bytes = readFileSync(await download.path())
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
})

test('the ticket list exports its filtered rows as Excel', async ({ page }) => {
  const suffix = Date.now().toString(36).slice(-5)
  const customer = `Export Customer ${suffix}`
  await seedTicket(page, `Export Agent ${suffix}`, customer)
  await loginAs(page, 'admin')
  await page.goto('/admin/tickets')
  await page.getByLabel('Search').fill(customer)
  await expect(page.getByRole('main').getByText(customer)).toBeVisible()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Excel' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^ticket-.*\.xlsx$/)
  const bytes = readFileSync(await download.path())
  // An XLSX is a zip; the one matching row's customer is in its sheet.
  expect(bytes.subarray(0, 2).toString()).toBe('PK')
  const csv = await page.request.get(`/api/ticket?q=${encodeURIComponent(customer)}&format=csv`, {
    headers: await adminHeaders(page.request),
  })
  const lines = (await csv.text()).trim().split('\r\n')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(customer)
})

test('print preview of a receipt shows the receipt without the sidebar', async ({ page }) => {
  const suffix = Date.now().toString(36).slice(-5)
  const ticket = await seedTicket(page, `Print Agent ${suffix}`, `Print Customer ${suffix}`)
  await loginAs(page, 'admin')
  await page.goto(`/admin/receipt?path=%2Fticket&id=${ticket.id}`)
  const receipt = page.getByRole('article', { name: 'Receipt' })
  await expect(receipt).toContainText(`No. ${ticket.entry}`)
  await expect(receipt).toContainText('Rupees One Lakh Fifty Thousand Only')
  await expect(page.locator('aside')).toBeVisible()
  await shot(page, 'receipt')
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('aside')).toBeHidden()
  await expect(page.locator('header')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
  await expect(receipt).toBeVisible()
  await page.screenshot({
    path: `${process.env.SHOTS ?? '/tmp/shots-paperwork'}/receipt-print.png`,
    fullPage: true,
  })
})

test('reports and settings screens render for an admin', async ({ page }) => {
  await loginAs(page, 'admin')
  await page.goto('/admin/reports')
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible()
  await expect(page.getByTestId('report-total')).toBeVisible()
  await shot(page, 'reports')
  await page.getByRole('tab', { name: 'Day Book' }).click()
  await expect(page.getByRole('table', { name: 'Balances' })).toContainText('Cash in office')
  await shot(page, 'day-book')
  await page.goto('/admin/settings')
  await expect(page.getByLabel('Agency name')).not.toHaveValue('')
  await shot(page, 'settings')
})
