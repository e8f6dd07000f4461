import { expect, test } from './fixtures.ts'
import { openNewForm } from './helpers.ts'

test('a customer added from the header appears at once in the pick-list of an open form', async ({
  page,
  as,
}) => {
  await as('employee')
  await openNewForm(page, '/tickets', 'New Ticket')
  const picker = page.getByLabel('Customer')
  // The form's pick-list is loaded before the new customer exists.
  await expect(picker.locator('option', { hasText: 'Zubair Picklist' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Add Customer' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Customer' })
  await dialog.getByLabel('Name').fill('Zubair Picklist')
  await dialog.getByLabel('Mobile Number').fill('03009998877')
  await dialog.getByRole('button', { name: 'Submit' }).click()
  await expect(dialog).toHaveCount(0)

  // No reload and no wait for a stale time: the saved customer is offered and can be chosen.
  await expect(picker.locator('option', { hasText: 'Zubair Picklist' })).toHaveCount(1)
  await picker.selectOption('Zubair Picklist')
  await expect(picker).toHaveValue('Zubair Picklist')
  await expect(page.getByRole('heading', { name: 'New Ticket' })).toBeVisible()
})
