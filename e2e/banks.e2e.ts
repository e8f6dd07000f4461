import type { Page } from '@playwright/test'
import { expect, loginAs, test } from './fixtures.ts'
import { adminHeaders, openNewForm } from './helpers.ts'

/** The dialog at desktop and phone widths, for a look (always written: the brief asks for them). */
const shot = async (page: Page, name: string) => {
  const dir = process.env.SHOTS ?? '/tmp/shots-banks'
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 800 })
    await page.screenshot({ path: `${dir}/${name}-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('an admin adds, renames and deactivates a bank, and every bank select follows', async ({ page }) => {
  // Unique per run: the e2e database outlives a single test run.
  const suffix = Date.now().toString(36).slice(-5)
  const first = `Meezan ${suffix}`
  const renamed = `Meezan Main ${suffix}`

  await loginAs(page, 'admin')
  await page.goto('/admin/officeAccount')
  await expect(page.getByRole('heading', { name: 'Office Accounts' })).toBeVisible()
  await shot(page, 'office-accounts')
  await page.getByRole('button', { name: 'Manage Banks' }).click()
  const dialog = page.getByRole('dialog', { name: 'Manage Banks' })
  await expect(dialog.getByTestId('bank-row').first()).toBeVisible()

  // A blank name is refused on the spot, a duplicate by the server.
  await dialog.getByRole('button', { name: 'Add Bank' }).click()
  await expect(dialog.getByText('Bank name is required')).toBeVisible()
  await dialog.getByLabel('Bank name').fill('UBL Account 1')
  await dialog.getByLabel('Bank name').press('Enter')
  await expect(dialog.getByText('Bank "UBL Account 1" already exists')).toBeVisible()

  await dialog.getByLabel('Bank name').fill(first)
  await dialog.getByLabel('Bank name').press('Enter')
  const row = (name: string) => dialog.getByTestId('bank-row').filter({ hasText: name })
  await expect(row(first)).toContainText('Active')
  await expect(dialog.getByLabel('Bank name')).toHaveValue('')
  // Unused: it may be deleted; the seeded banks with entries may not.
  await expect(row(first).getByRole('button', { name: `Delete ${first}` })).toBeVisible()

  // Rename inline: Enter saves.
  await row(first)
    .getByRole('button', { name: `Rename ${first}` })
    .click()
  const input = dialog.getByLabel(`New name for ${first}`)
  await expect(input).toBeFocused()
  await input.fill(renamed)
  await shot(page, 'manage-banks-rename')
  await input.press('Enter')
  await expect(row(renamed)).toBeVisible()
  await expect(dialog.getByText(first, { exact: true })).toBeHidden()
  await shot(page, 'manage-banks')

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  const bankSelect = page.getByRole('combobox', { name: 'Bank' })
  await expect(bankSelect.locator('option', { hasText: renamed })).toHaveCount(1)
  await bankSelect.selectOption(renamed)
  await expect(page.getByText('No data available')).toBeVisible()

  // Deactivate: still listed here (its history stays readable), marked inactive.
  await page.getByRole('button', { name: 'Manage Banks' }).click()
  await row(renamed).getByRole('button', { name: 'Deactivate' }).click()
  await expect(row(renamed)).toContainText('Inactive')
  await expect(row(renamed).getByRole('button', { name: 'Activate' })).toBeVisible()
  await shot(page, 'manage-banks-inactive')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(bankSelect.locator('option', { hasText: `${renamed} (inactive)` })).toHaveCount(1)

  // A new ticket no longer offers it.
  await openNewForm(page, '/admin/tickets', 'New Ticket')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('button', { name: 'Next' }).click()
  const ticketBank = page.getByLabel('Bank Title')
  await expect(ticketBank.locator('option', { hasText: 'UBL Account 1' })).toHaveCount(1)
  await expect(ticketBank.locator('option', { hasText: renamed })).toHaveCount(0)
})

test('a bank with ledger entries offers no Delete, and a refused delete shows why', async ({ page }) => {
  await loginAs(page, 'admin')
  const suffix = Date.now().toString(36).slice(-5)
  const name = `Used ${suffix}`
  const headers = await adminHeaders(page.request)
  await page.goto('/admin/officeAccount')
  await page.getByRole('button', { name: 'Manage Banks' }).click()
  const dialog = page.getByRole('dialog', { name: 'Manage Banks' })
  await dialog.getByLabel('Bank name').fill(name)
  await dialog.getByRole('button', { name: 'Add Bank' }).click()
  const row = dialog.getByTestId('bank-row').filter({ hasText: name })
  await row.getByRole('button', { name: `Delete ${name}` }).click()
  // An entry lands on the bank while the confirmation is open: the server refuses.
  const added = await page.request.post('/api/accounts', {
    headers,
    data: { bank_name: name, employee_name: 'admin', date: '2026-04-01', detail: 'd', credit: 10, debit: 0 },
  })
  expect(added.status()).toBe(201)
  const confirm = page.getByRole('dialog', { name: 'Delete Bank' })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(confirm.getByText('This bank has ledger entries; deactivate it instead')).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(row).toContainText('1 entry')
  await expect(row.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0)
})
