import { apiToken, expect, loginAs, test } from './fixtures.ts'
import { shoot } from './helpers.ts'

test('an employee withdraws their own pending correction request from My requests', async ({ page }) => {
  const token = await apiToken(page.request, 'employee')
  const headers = { Authorization: `Bearer ${token}` }
  const saved = await page.request.post('/api/protector', {
    headers,
    data: {
      employee: 'staff',
      name: 'Withdraw Khan',
      passport: 'PK-WD',
      reference: 'R-WD',
      file_no: 'F-WD',
      withdraw: 0,
      mcb_fee_6000_date: '2026-02-01',
      ncb_fee_6700_date: '2026-02-02',
      ncb_fee_500_date: '2026-02-03',
      protector_date: '2026-02-04',
      additional_charges: 1200,
    },
  })
  expect(saved.status()).toBe(201)
  const asked = await page.request.post('/api/corrections', {
    headers,
    data: {
      table: 'protectors',
      record_id: (await saved.json()).protector.id,
      action: 'delete',
      reason: 'Entered under the wrong name',
    },
  })
  expect(asked.status()).toBe(201)
  await loginAs(page, 'employee')
  await page.goto('/corrections')
  const mine = page.getByRole('listitem').filter({ hasText: 'Entered under the wrong name' })
  await expect(mine).toContainText('Pending')
  await shoot(page, 'hardening-withdraw-before')
  await mine.getByRole('button', { name: 'Withdraw' }).click()
  await expect(page.getByText('Correction request withdrawn')).toBeVisible()
  await expect(mine).toContainText('Rejected')
  await expect(mine).toContainText('Withdrawn by the requester')
  await expect(mine.getByRole('button', { name: 'Withdraw' })).toHaveCount(0)
  await shoot(page, 'hardening-withdraw-after')
})
