import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { shoot } from './helpers.ts'

/**
 * Issue 37 item 6: at 375 px Bank Reconciliation fits (it was 406 px wide, its Monthly report tab
 * cut off), and the list cards' icon buttons say what they are (name and visible text).
 */

const REPO = resolve(import.meta.dirname, '..')
const SHARED = process.env.BANK_FIXTURES ?? join(REPO, '../shared/fixtures/bank-statements')

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

test('Bank Reconciliation fits 375 px on every tab, its three tabs in view', async ({ page, as, api }) => {
  const bankName = `Phone Bank ${Date.now().toString(36).slice(-4)}`
  await api.post('/admin/banks', { name: bankName })
  await as('admin')
  await page.setViewportSize({ width: 375, height: 900 })
  await page.goto('/admin/bankReconciliation')
  await page.getByLabel('Bank', { exact: true }).selectOption(bankName)
  await page.getByRole('tab', { name: 'Import statement' }).click()
  await page.getByLabel('Statement file (CSV or Excel)').setInputFiles({
    name: 'hbl-style.csv',
    mimeType: 'text/csv',
    buffer: readFileSync(join(SHARED, 'hbl-style.csv')),
  })
  await expect(page.getByTestId('mapping-source')).toBeVisible()
  expect(await pageWidth(page)).toBeLessThanOrEqual(375)
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByTestId('import-lines')).toHaveText('5')
  // The unmatched lines' table (with its screen-reader texts) stays inside its own scroll box.
  expect(await pageWidth(page)).toBeLessThanOrEqual(375)
  await shoot(page, 'phone-bank-reconcile-admin')
  for (const name of ['Reconcile', 'Import statement', 'Monthly report']) {
    const box = await page.getByRole('tab', { name }).boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 375, `${name} tab in view`).toBe(true)
  }
  await page.getByRole('tab', { name: 'Monthly report' }).click()
  await expect(page.getByRole('tab', { name: 'Monthly report' })).toHaveAttribute('aria-selected', 'true')
  expect(await pageWidth(page)).toBeLessThanOrEqual(375)
  await shoot(page, 'phone-bank-report-admin')
})

for (const role of ['admin', 'employee'] as const)
  test(`list cards at 375 px name each action (${role})`, async ({ page, as, seed }) => {
    await seed.names()
    await seed.record('tickets', { customer_add: 'Card Actions E2E', reference: 'CARD-1' })
    await as(role)
    await page.setViewportSize({ width: 375, height: 900 })
    await page.goto(role === 'admin' ? '/admin/tickets' : '/tickets')
    const card = page.getByRole('listitem').filter({ hasText: 'Card Actions E2E' }).first()
    await expect(card).toBeVisible()
    const buttons = card.locator('.card-actions button')
    const count = await buttons.count()
    expect(count).toBeGreaterThanOrEqual(role === 'admin' ? 4 : 3)
    for (let i = 0; i < count; i++) {
      const button = buttons.nth(i)
      const name = await button.getAttribute('aria-label')
      expect(name, 'accessible name').toBeTruthy()
      // The name is also shown beside the icon.
      const shown = await button.evaluate((el) => getComputedStyle(el, '::after').content)
      expect(shown).toBe(`"${name}"`)
    }
    await shoot(page, `phone-ticket-cards-${role}`)
  })
