import { expect, test } from './fixtures.ts'
import { adminHeaders, openNewForm, shoot } from './helpers.ts'

/**
 * Issue 37 item 4: on the owner's first sign-in a step shows the spec's six bank titles to keep,
 * rename or add to (nothing removed by the step); no screen pre-selects a bank nobody chose.
 */

const SIX = ['UBL Account 1', 'UBL Account 2', 'HBL Account 1', 'HBL Account 2', 'JAZ C', 'MCB FIT']

test('the owner keeps, renames or adds to the six bank titles on first sign-in', async ({
  page,
  as,
  api,
}) => {
  const suffix = Date.now().toString(36).slice(-4)
  const added = `Meezan Current ${suffix}`
  const renamed = `JazzCash Wallet ${suffix}`
  // Employees never see the step.
  await as('employee')
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Your bank accounts' })).toHaveCount(0)

  await as('admin')
  const step = page.getByRole('region', { name: 'Your bank accounts' })
  await expect(step).toBeVisible()
  for (const name of SIX) await expect(step.getByRole('listitem').filter({ hasText: name })).toHaveCount(1)
  await shoot(page, 'bank-titles-step-admin')

  try {
    await step.getByRole('button', { name: 'Rename or add banks' }).click()
    const dialog = page.getByRole('dialog', { name: 'Manage Banks' })
    await dialog.getByLabel('Bank name').fill(added)
    await dialog.getByLabel('Bank name').press('Enter')
    await expect(dialog.getByTestId('bank-row').filter({ hasText: added })).toBeVisible()
    await dialog
      .getByTestId('bank-row')
      .filter({ hasText: /^JAZ C/ })
      .getByRole('button', { name: 'Rename JAZ C' })
      .click()
    await dialog.getByLabel('New name for JAZ C').fill(renamed)
    await dialog.getByLabel('New name for JAZ C').press('Enter')
    await expect(dialog.getByTestId('bank-row').filter({ hasText: renamed })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(step.getByRole('listitem').filter({ hasText: added })).toHaveCount(1)
    await expect(step.getByRole('listitem').filter({ hasText: renamed })).toHaveCount(1)
    await expect(step.getByRole('listitem').filter({ hasText: /^JAZ C$/ })).toHaveCount(0)

    await step.getByRole('button', { name: 'Keep these banks' }).click()
    await expect(page.getByText('Bank accounts kept')).toBeVisible()
    await expect(step).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Your bank accounts' })).toHaveCount(0)
  } finally {
    // Other browser tests name the spec's banks: JAZ C is put back.
    const banks = (await api.get<{ banks: Array<{ id: number; name: string }> }>('/admin/banks')).banks
    const jaz = banks.find((b) => b.name === renamed)
    if (jaz)
      await page.request.put(`/api/admin/banks/${jaz.id}`, {
        headers: await adminHeaders(page.request),
        data: { name: 'JAZ C' },
      })
  }
})

test('no screen pre-selects a bank nobody chose', async ({ page, as }) => {
  await as('admin')
  await page.goto('/admin/bankReconciliation')
  await expect(page.getByLabel('Bank', { exact: true })).toHaveValue('')
  await expect(page.getByText('Choose the bank whose statement you are reconciling.')).toBeVisible()
  await shoot(page, 'bank-recon-unchosen-admin')
  // A new GAMCA token's bank starts unchosen (no default bank set in Settings).
  await openNewForm(page, '/admin/gamcaToken', 'New GAMCA Token')
  await page.getByRole('button', { name: /Payment Details/ }).click()
  await expect(page.getByLabel('Bank Title')).toHaveValue('')
})
