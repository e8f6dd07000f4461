import type { Page } from '@playwright/test'
import { expect, loginAs, test } from './fixtures.ts'

/** Optional screenshots for a look at the screens (SHOTS=/tmp/dir). */
const shot = async (page: Page, name: string) => {
  const dir = process.env.SHOTS
  if (!dir) return
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 800 })
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

const BALANCE = 7

const balanceOf = (page: Page, detail: string) =>
  page
    .getByRole('row', { name: new RegExp(detail) })
    .getByRole('cell')
    .nth(BALANCE)

test('an admin builds a vendor ledger and an edit moves every balance', async ({ page }) => {
  await loginAs(page, 'admin')
  await page.goto('/admin/vender')
  await expect(page.getByRole('heading', { name: 'Vendor' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Vendor name filter' })).toHaveValue('')
  // Loaded: empty on a fresh database, or other tests' vendors (balances are per vendor).
  await expect(page.getByText('No data available').or(page.getByRole('table')).first()).toBeVisible()

  await page.getByRole('button', { name: 'Add New' }).click()
  await expect(page.getByRole('heading', { name: 'VENDOR FORM' })).toBeVisible()
  await expect(page.getByLabel('Entry')).toBeDisabled()

  // A new vendor name through the dialog; an empty name is refused first.
  await page.getByRole('button', { name: 'Add New Vendor Name' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Vendor Name' })
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(dialog.getByText('Vendor name is required')).toBeVisible()
  await dialog.getByLabel('Name').fill('Skyline Air')
  await dialog.getByLabel('Name').press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByLabel('Vendor Name', { exact: true })).toHaveValue('Skyline Air')
  await shot(page, 'vendor-form')

  const fill = async (date: string, detail: string, amounts: { payable?: string; payed?: string }) => {
    await page.getByLabel('Date').fill(date)
    await page.getByLabel('Detail').fill(detail)
    await page.getByLabel('Bank Title').selectOption('UBL Account 1')
    await page.getByLabel('Payable').fill(amounts.payable ?? '')
    await page.getByLabel('Paid (Debit)', { exact: true }).fill(amounts.payed ?? '')
  }
  await fill('2026-05-01', 'Tickets batch one', { payable: '10000' })
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('row', { name: /Tickets batch one/ })).toBeVisible()

  await page.getByRole('button', { name: 'Add New' }).click()
  await page.getByLabel('Vendor Name', { exact: true }).selectOption('Skyline Air')
  // Both amounts at once is refused with the spec's message.
  await fill('2026-05-02', 'Tickets batch two', { payable: '5000', payed: '5000' })
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Either Credit or Debit is required, but not both')).toBeVisible()
  await page.getByLabel('Paid (Debit)', { exact: true }).fill('')
  await page.getByLabel('Paid (Debit)', { exact: true }).press('Enter')
  await expect(page.getByRole('row', { name: /Tickets batch two/ })).toBeVisible()

  await page.getByRole('button', { name: 'Add New' }).click()
  await page.getByLabel('Vendor Name', { exact: true }).selectOption('Skyline Air')
  await fill('2026-05-03', 'Payment by bank', { payed: '7500' })
  await page.getByRole('button', { name: 'Submit' }).click()

  await expect(balanceOf(page, 'Payment by bank')).toHaveText('7,500')
  await expect(balanceOf(page, 'Tickets batch two')).toHaveText('15,000')
  await expect(balanceOf(page, 'Tickets batch one')).toHaveText('10,000')
  await expect(page.getByRole('row', { name: /Tickets batch one/ })).toContainText('01/05/2026')
  await shot(page, 'vendor-list')

  // Edit the first (oldest) row: the form opens after a short spinner, and every later balance moves.
  const first = page.getByRole('row', { name: /Tickets batch one/ })
  await first.getByRole('button', { name: 'Edit' }).click()
  await expect(first.getByRole('button', { name: 'Edit' })).toHaveAttribute('aria-busy', 'true')
  await expect(page.getByRole('heading', { name: 'UPDATE VENDOR ENTRY' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add New Vendor Name' })).toHaveCount(0)
  await expect(page.getByLabel('Date')).toHaveValue('01/05/2026')
  await page.getByLabel('Payable').fill('12000')
  await page.getByRole('button', { name: 'Update' }).click()

  await expect(balanceOf(page, 'Tickets batch one')).toHaveText('12,000')
  await expect(balanceOf(page, 'Tickets batch two')).toHaveText('17,000')
  await expect(balanceOf(page, 'Payment by bank')).toHaveText('9,500')

  // Delete asks first, with the spec's warning.
  await page
    .getByRole('row', { name: /Payment by bank/ })
    .getByRole('button', { name: 'Delete' })
    .click()
  const confirm = page.getByRole('dialog', { name: 'Delete Confirmation' })
  await expect(confirm).toContainText(
    'Are you sure you want to delete this vendor entry? This will recalculate all remaining balances.',
  )
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('row', { name: /Payment by bank/ })).toHaveCount(0)
  await expect(balanceOf(page, 'Tickets batch two')).toHaveText('17,000')
})

test('an employee adds an agent entry and gets no edit or delete', async ({ page }) => {
  await loginAs(page, 'employee')
  await page.goto('/agent')
  await expect(page.getByRole('heading', { name: 'Agent' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Agent name filter' })).toContainText('All Agents')
  await page.getByRole('button', { name: 'Add New' }).click()
  await expect(page.getByRole('heading', { name: 'AGENT FORM' })).toBeVisible()
  await expect(page.getByLabel('Employee')).toHaveValue('staff')

  await page.getByRole('button', { name: 'Add New Agent Name' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Agent Name' })
  await dialog.getByLabel('Name').fill('Star Agency')
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByLabel('Agent Name', { exact: true })).toHaveValue('Star Agency')

  await page.getByLabel('Date').fill('2026-06-10')
  await page.getByLabel('Detail').fill('Group booking advance')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Either Credit or Debit is required')).toBeVisible()
  await page.getByLabel('Received (Credit)').fill('3000')
  await shot(page, 'agent-form')
  await page.getByLabel('Received (Credit)').press('Enter')

  const row = page.getByRole('row', { name: /Group booking advance/ })
  await expect(row).toBeVisible()
  await expect(row).toContainText('10/06/2026')
  // The balance is the last data column; employees then get their correction requests.
  await expect(row.getByRole('cell').nth(-2)).toHaveText('3,000')
  await expect(row.getByRole('button', { name: 'Request correction' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await shot(page, 'agent-list-employee')
})

test('an admin opens a bank account with a negative opening balance and adds to it', async ({ page }) => {
  await loginAs(page, 'admin')
  await page.goto('/admin/officeAccount')
  await expect(page.getByRole('heading', { name: 'Office Accounts' })).toBeVisible()
  await page.getByRole('combobox', { name: 'Bank' }).selectOption('HBL Account 2')
  await page.getByRole('button', { name: 'Add New' }).click()
  await expect(page.getByRole('heading', { name: 'OFFICE ACCOUNTS' })).toBeVisible()
  await expect(page.getByLabel('Bank', { exact: true })).toHaveValue('HBL Account 2')

  await page.getByLabel('Opening Balance').check()
  await expect(page.getByLabel('Credit', { exact: true })).toHaveCount(0)
  await page.getByLabel('Detail').fill('Opening')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Enter Opening Balance')).toBeVisible()
  await page.getByLabel('Date').fill('2026-01-01')
  await page.getByLabel('Balance', { exact: true }).fill('-5000')
  await shot(page, 'account-form')
  await page.getByLabel('Balance', { exact: true }).press('Enter')

  const opening = page.getByRole('row', { name: /Opening/ })
  await expect(opening.getByRole('cell').nth(6)).toHaveText('5,000')
  await expect(opening.getByRole('cell').nth(7)).toHaveText('-5,000')

  await page.getByRole('button', { name: 'Add New' }).click()
  await expect(page.getByLabel('Opening Balance')).not.toBeChecked()
  await page.getByLabel('Date').fill('2026-01-02')
  await page.getByLabel('Detail').fill('Customer deposit')
  await page.getByLabel('Credit', { exact: true }).fill('2000')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(
    page
      .getByRole('row', { name: /Customer deposit/ })
      .getByRole('cell')
      .nth(7),
  ).toHaveText('-3,000')
  await shot(page, 'account-list')
})
