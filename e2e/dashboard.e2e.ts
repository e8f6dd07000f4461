import { type DashboardAnswer, formatAmount } from '@booking/shared'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, loginAs, test } from './fixtures.ts'
import { adminHeaders, shoot } from './helpers.ts'

const summaryOf = async (request: APIRequestContext, headers: Record<string, string>) =>
  (await (await request.get('/api/dashboard', { headers })).json()) as DashboardAnswer

const card = (page: Page, label: string) => page.locator(`[data-card="${label}"]`)
/** A money card's full figure (its title; the card itself may show Lac/Cr). */
const cardFigure = (page: Page, label: string) => card(page, label).locator('p[title]')
const round = (n: number) => Math.round(n * 100) / 100

test('the cards and the newest All Bookings row reflect new protector, expense and ticket records', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request)
  const before = await summaryOf(request, headers)
  const expected = { ...before }

  // Far-future dates make these the newest rows whatever other tests stored.
  const protector = await request.post('/api/protector', {
    headers,
    data: {
      employee: 'admin',
      name: 'Dashboard Protector',
      passport: 'PK1',
      reference: 'R-1',
      file_no: 'F-1',
      withdraw: 2500.5,
      mcb_fee_6000_date: '2099-12-01',
      ncb_fee_6700_date: '2099-12-01',
      ncb_fee_500_date: '2099-12-01',
      protector_date: '2099-12-31',
      additional_charges: 0,
    },
  })
  expect(protector.status()).toBe(201)
  expected.totalEntries += 1
  expected.withdraw += 2500.5

  const expense = await request.post('/api/expenses', {
    headers,
    data: {
      user_name: 'admin',
      date: '2099-12-30',
      detail: 'Dashboard rent',
      total_amount: 1200,
      selection: 'OFFICE EXPENSE',
      withdraw: 1200,
    },
  })
  // Other areas land independently: a missing route is 404, anything else must be a save.
  if (expense.status() !== 404) {
    expect(expense.status()).toBe(201)
    expected.totalEntries += 1
    expected.withdraw += 1200
  }

  const ticket = await request.post('/api/ticket', {
    headers,
    data: {
      employee_name: 'admin',
      agent_name: '',
      customer_add: 'Dashboard Customer',
      reference: null,
      depart_date: '2099-12-29',
      return_date: null,
      sector: 'LHE-DXB',
      airline: 'Emirates',
      adults: 1,
      children: 0,
      infants: 0,
      passport_detail: JSON.stringify([
        {
          title: 'Mr',
          firstName: 'Dash',
          lastName: 'Board',
          dob: '1990-01-01',
          nationality: 'Pakistani',
          documentType: 'Passport',
          documentNo: 'AB1234567',
          documentExpiry: '2030-01-01',
          issueCountry: 'Pakistan',
        },
      ]),
      receivable_amount: 120000,
      paid_cash: 50000,
      bank_title: 'UBL Account 1',
      paid_in_bank: 0,
      payable_to_vendor: 0,
      vendor_name: '',
      profit: 0,
      remaining_amount: 70000,
    },
  })
  if (ticket.status() !== 404) {
    expect(ticket.status(), await ticket.text()).toBe(201)
    expected.totalEntries += 1
    expected.ticket += 1
    expected.totalReceivable += 120000
    expected.totalPaidCash += 50000
    expected.totalRemainingAmount += 70000
  }
  expected.cashInOffice = round(expected.totalPaidCash - expected.withdraw)

  await loginAs(page, 'admin')
  await expect(page.getByRole('heading', { name: 'All Bookings' })).toBeVisible()
  await expect(card(page, 'Total Entries')).toContainText(expected.totalEntries.toLocaleString('en-US'))
  await expect(card(page, 'Ticket')).toContainText(expected.ticket.toLocaleString('en-US'))
  await expect(cardFigure(page, 'Total Receivable')).toHaveAttribute(
    'title',
    `Rs ${formatAmount(expected.totalReceivable)}`,
  )
  await expect(cardFigure(page, 'Total Paid Cash')).toHaveAttribute(
    'title',
    `Rs ${formatAmount(expected.totalPaidCash)}`,
  )
  await expect(cardFigure(page, 'Total Remaining Amount')).toHaveAttribute(
    'title',
    `Rs ${formatAmount(expected.totalRemainingAmount)}`,
  )
  await expect(cardFigure(page, 'Withdraw')).toHaveAttribute(
    'title',
    `Rs ${formatAmount(round(expected.withdraw))}`,
  )
  await expect(cardFigure(page, 'Cash in Office')).toHaveAttribute(
    'title',
    `Rs ${formatAmount(expected.cashInOffice)}`,
  )

  const newest = page.locator('tbody tr').first()
  await expect(newest).toContainText('31/12/2099')
  await expect(newest).toContainText('Dashboard Protector')
  await expect(newest).toContainText('Protector')
  await expect(newest).toContainText('2,500.50')
  // The newest row's running cash in office is the whole total.
  await expect(newest.locator('td').last()).toHaveText(formatAmount(expected.cashInOffice))

  // The date filter narrows cards and table together.
  await page.getByLabel('From date').fill('2099-12-31')
  await page.getByLabel('To date').fill('2099-12-31')
  await expect(card(page, 'Total Entries')).toContainText(
    /^Total Entries\s*1\s*0 in the type cards \+ 1 other entry$/,
  )
  await expect(page.locator('tbody tr')).toHaveCount(1)
  await expect(card(page, 'Withdraw')).toContainText('2,500.50')
  await page.getByLabel('To date').fill('2100-01-31')
  await page.getByLabel('From date').fill('2100-01-01')
  await expect(page.getByText('No recent bookings found')).toBeVisible()

  if (process.env.SHOTS_DIR) {
    await page.getByRole('button', { name: 'Clear' }).click()
    await shoot(page, 'admin')
  }
})

test('the dashboard shows the failure texts in red when its calls fail', async ({ page }) => {
  await loginAs(page, 'employee')
  await page.route('**/api/dashboard**', (route) => route.fulfill({ status: 500, body: '{}' }))
  await page.reload()
  // Three requests failed (summary, charts, feed): three lines, each in red.
  await expect(page.getByText('Failed to load dashboard summary')).toHaveCount(2)
  await expect(page.getByText('Failed to load data. Please try again later.')).toHaveCount(1)
  await expect(page.getByRole('alert')).toHaveCount(3)
  await expect(page.getByRole('alert').first()).toHaveClass(/text-red-600/)
  if (process.env.SHOTS_DIR) {
    await page.unroute('**/api/dashboard**')
    await page.reload()
    await expect(page.getByRole('heading', { name: 'All Bookings' })).toBeVisible()
    await shoot(page, 'employee')
  }
})
