import { expect, test } from './fixtures.ts'
import { adminHeaders, shoot } from './helpers.ts'

const AGENT = 'Collect Agent E2E'

test('from "To Collect", a WhatsApp reminder opens wa.me with the amount, period and link, and is logged', async ({
  page,
  as,
  browser,
}) => {
  const headers = await adminHeaders(page.request)
  await page.request.post('/api/agent-names', { headers, data: { name: AGENT } })
  // An old sale on credit: overdue on any as-of day after February.
  const sale = await page.request.post('/api/agent', {
    headers,
    data: {
      agent_name: AGENT,
      employee: 'admin',
      date: '2026-01-05',
      detail: 'Umrah group',
      debit: 75000,
      credit: 0,
      paid_cash: 0,
      paid_bank: 0,
    },
  })
  expect(sale.status()).toBe(201)
  const profile = await page.request.put(`/api/agents/${encodeURIComponent(AGENT)}`, {
    headers,
    data: {
      phone: '0300-1234567',
      email: '',
      city: 'Lahore',
      note: '',
      credit_limit: 100000,
      language: 'en',
    },
  })
  expect(profile.status()).toBe(200)
  // wa.me is outside the office network in tests: the popup's address is what is checked.
  await page
    .context()
    .route('https://wa.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>WhatsApp</p>' }),
    )

  await as('employee')
  await page.getByRole('link', { name: 'To Collect' }).first().click()
  await expect(page.getByRole('heading', { name: 'To Collect' })).toBeVisible()
  const row = page.getByTestId('collect-row').filter({ hasText: AGENT })
  await expect(row).toContainText('Rs 75,000')
  await expect(row.getByTestId('last-reminder')).toHaveText('None')
  await shoot(page, 'collect-to-collect-employee')

  const popup = page.waitForEvent('popup')
  await row.getByRole('button', { name: `WhatsApp reminder to ${AGENT}` }).click()
  const wa = new URL((await popup).url())
  expect(`${wa.origin}${wa.pathname}`).toBe('https://wa.me/923001234567')
  const text = wa.searchParams.get('text') ?? ''
  expect(text).toMatch(
    new RegExp(
      `^Dear ${AGENT}, a reminder from .+: Rs 75,000 is due on your account for up to \\d{2}/\\d{2}/\\d{4}\\. Your statement: http://127\\.0\\.0\\.1:\\d+/s/[A-Za-z0-9_-]{43}$`,
    ),
  )

  // Logged and shown on the list, and in the party's reminders.
  await expect(row.getByTestId('last-reminder')).toHaveText(/^WhatsApp \d{2}\/\d{2}\/\d{4} by staff$/)
  await row.getByRole('button', { name: 'Reminders sent' }).click()
  await expect(row.getByRole('list', { name: 'Reminders sent' })).toContainText('WhatsApp')
  await expect(row.getByRole('list', { name: 'Reminders sent' })).toContainText('Rs 75,000')

  // The link in the message opens the statement with no session at all.
  const link = text.slice(text.indexOf('http'))
  const stranger = await (await browser.newContext()).newPage()
  await stranger.goto(link)
  await expect(
    stranger.getByRole('heading', { name: /Statement of Account · Agent: Collect Agent E2E/ }),
  ).toBeVisible()
  await expect(stranger.locator('body')).toContainText('75,000')
  await shoot(stranger, 'collect-shared-statement')
  const missing = await stranger.goto(link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))
  expect(missing?.status()).toBe(404)
  await stranger.context().close()
})

test('screens as admin: dashboard top five, statement with profile, settings', async ({ page, as }) => {
  await as('admin')
  await expect(page.getByRole('region', { name: 'Top five to collect' })).toContainText(AGENT)
  await shoot(page, 'collect-dashboard-admin')
  await page.goto('/admin/toCollect')
  await expect(page.getByTestId('collect-row').first()).toBeVisible()
  await shoot(page, 'collect-to-collect-admin')
  await page.goto('/admin/statements')
  await page.getByLabel('Name').fill(AGENT)
  await page.getByRole('button', { name: 'Show statement' }).click()
  const panel = page.getByRole('region', { name: 'Party profile' })
  await expect(panel.getByTestId('credit-left')).toHaveText('Rs 25,000 of 100,000')
  await shoot(page, 'collect-statement-profile-admin')
  await page.goto('/admin/settings')
  await expect(page.getByRole('heading', { name: 'Reminders and e-mail' })).toBeVisible()
  await shoot(page, 'collect-settings-admin')
})
