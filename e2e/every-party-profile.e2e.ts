import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { shoot } from './helpers.ts'

/**
 * Issue 37 item 1: walk-in and register customers get the profile panel (WhatsApp, share link,
 * credit limit, reminder language) on Statements -> Customer and on the customer page.
 */

const WALK_IN = 'Walk-in Bashir E2E'
const REGISTERED = 'Register Shazia E2E'

/** A ticket sold on credit to a customer with no agent: the customer owes all of it. */
const onCredit = (customer: string, receivable: number) => ({
  agent_name: '',
  customer_add: customer,
  receivable_amount: receivable,
  paid_cash: 0,
  paid_in_bank: 0,
  bank_title: '',
})

test('a walk-in customer: the profile panel on Statements, a credit limit and reminder language saved', async ({
  page,
  as,
  seed,
}) => {
  await seed.names()
  await seed.record('tickets', onCredit(WALK_IN, 30_000))
  await as('admin')
  const statement = async (p: Page) => {
    await p.goto('/admin/statements')
    await p.getByLabel('Statement of').selectOption('customer')
    await p.getByLabel('Name').fill(WALK_IN)
    await p.getByRole('button', { name: 'Show statement' }).click()
    await expect(p.getByRole('region', { name: 'Party profile' })).toBeVisible()
  }
  await statement(page)
  const panel = page.getByRole('region', { name: 'Party profile' })
  await expect(panel.getByRole('heading', { name: WALK_IN })).toBeVisible()
  await expect(panel.getByTestId('credit-left')).toHaveText('No limit')
  await panel.getByRole('button', { name: 'Edit profile' }).click()
  await panel.getByLabel('Phone (WhatsApp)').fill('0301-5556667')
  await panel.getByLabel('Credit limit (empty = none)').fill('50000')
  await panel.getByLabel('Language (papers and reminders)').selectOption('ur')
  await panel.getByLabel('City').press('Enter')
  await expect(page.getByText('Customer profile saved successfully')).toBeVisible()
  await expect(panel.getByTestId('credit-left')).toHaveText('Rs 20,000 of 50,000')
  await expect(panel).toContainText('Reminders sent')
  await expect(panel).toContainText('Share links')
  await shoot(page, 'profile-walk-in-statement-admin', statement)

  // The employee sees the same panel (and may not change the limit).
  await as('employee')
  const staffStatement = async (p: Page) => {
    await p.goto('/statements')
    await p.getByLabel('Statement of').selectOption('customer')
    await p.getByLabel('Name').fill(WALK_IN)
    await p.getByRole('button', { name: 'Show statement' }).click()
    await expect(p.getByRole('region', { name: 'Party profile' }).getByTestId('credit-left')).toHaveText(
      'Rs 20,000 of 50,000',
    )
  }
  await staffStatement(page)
  await page
    .getByRole('region', { name: 'Party profile' })
    .getByRole('button', { name: 'Edit profile' })
    .click()
  await expect(page.getByLabel('Credit limit (empty = none)')).toBeDisabled()
  await shoot(page, 'profile-walk-in-statement-employee', staffStatement)
})

test('a customer of the register: the profile panel on Statements and on the customer page', async ({
  page,
  as,
  api,
  seed,
}) => {
  await seed.names()
  const made = await api.post<{ customer: { id: number } }>('/customers', {
    name: REGISTERED,
    mobile_number: '0333-1112223',
  })
  await seed.record('tickets', onCredit(REGISTERED, 12_000))
  for (const role of ['admin', 'employee'] as const) {
    await as(role)
    const base = role === 'admin' ? '/admin' : ''
    const customerPage = async (p: Page) => {
      await p.goto(`${base}/customers/${made.customer.id}`)
      await expect(p.getByRole('region', { name: 'Party profile' })).toContainText('Rs 12,000')
    }
    await customerPage(page)
    const panel = page.getByRole('region', { name: 'Party profile' })
    await expect(panel).toContainText('0333')
    await expect(panel.getByRole('button', { name: 'Edit profile' })).toBeVisible()
    await expect(panel).toContainText('Share links')
    await shoot(page, `profile-customer-page-${role}`, customerPage)

    await page.goto(`${base}/statements`)
    await page.getByLabel('Statement of').selectOption('customer')
    await page.getByLabel('Name').fill(REGISTERED)
    await page.getByRole('button', { name: 'Show statement' }).click()
    await expect(page.getByRole('region', { name: 'Party profile' })).toContainText('Reminders sent')
  }
})
