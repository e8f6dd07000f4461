import { readFileSync } from 'node:fs'
import { crc32, deflateSync } from 'node:zlib'
import { expect, test } from './fixtures.ts'
import { agentOwing, agentProfile, deskUser, pageAs, shoot, signInAtDesk } from './helpers.ts'

// Issue 35: an agent's user at their own desk on a phone (375 px): invite, set password, sign in,
// see the balance, download the statement PDF, send a deposit with a slip photo; staff approve; the
// balance moves.

const AGENT = 'Portal Agent E2E'
const EMAIL = 'desk@portal-agent.pk'
const PASSWORD = 'green-kite-2026'

/** A small real PNG (a phone's slip photo stands in), 40 x 30 pixels. */
const slipPhoto = () => {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(td) >>> 0)
    return Buffer.concat([len, td, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(40, 0)
  ihdr.writeUInt32BE(30, 4)
  ihdr[8] = 8
  ihdr[9] = 2
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(40 * 3, 200)])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: 30 }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

test('an agent user at 375 px: invite, password, sign in, balance, statement PDF, deposit; staff approve; the balance moves', async ({
  page,
  browser,
}) => {
  await agentOwing(page.request, AGENT, 75000)
  // The admin invites from the agent's profile (beside its statement).
  const admin = await pageAs(browser, 'admin')
  await admin.goto('/admin/statements')
  await admin.getByLabel('Name').selectOption(AGENT)
  await admin.getByRole('button', { name: 'Show statement' }).click()
  const profile = admin.getByRole('region', { name: 'Party profile' })
  await profile.getByLabel('Invite by e-mail').fill(EMAIL)
  await profile.getByRole('button', { name: 'Invite' }).click()
  const url = (await profile.getByTestId('invite-link').textContent()) ?? ''
  expect(url).toMatch(/\/portal\/invite\/[A-Za-z0-9_-]{20,}$/)
  await expect(profile).toContainText(`${EMAIL} · invited`)
  await shoot(admin, 'agent-portal-users')

  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto(new URL(url).pathname)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Set password' }).click()
  await expect(page.getByRole('status')).toContainText('Password set')
  await page.getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await signInAtDesk(page, EMAIL, PASSWORD)
  await expect(page.getByRole('heading', { name: AGENT })).toBeVisible()
  await expect(page.getByTestId('portal-balance')).toHaveText('Rs 75,000')
  // The page fits the phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

  await page.getByLabel('From').fill('2026-01-01')
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page.getByTestId('portal-closing')).toHaveText('Rs 75,000')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download PDF' }).click()
  const pdf = await download
  const path = await pdf.path()
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-')

  await page.getByLabel('Amount').fill('25000')
  await page.getByLabel('Date', { exact: true }).fill('2026-02-01')
  // By name: a bank another file adds (fx-settle's dirham bank) may sort first.
  await page.getByRole('combobox', { name: /^Bank/ }).selectOption('HBL Account 1')
  await page.getByLabel('Bank reference').fill('IBFT-5521')
  await page
    .getByLabel(/Slip photo/)
    .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slipPhoto() })
  await page.getByRole('button', { name: 'Send deposit' }).click()
  await expect(page.getByRole('status')).toHaveText('Deposit sent for checking')
  await expect(page.getByTestId('portal-deposits')).toContainText('Waiting for checking')
  await shoot(page, 'portal')

  // Staff check the slip beside the bank's lines and approve.
  const staff = await pageAs(browser, 'employee')
  await staff.goto('/deposits')
  await expect(staff.getByRole('heading', { name: 'Deposits to check' })).toBeVisible()
  const card = staff.getByRole('region', { name: 'Deposit IBFT-5521' })
  await expect(card).toContainText(AGENT)
  const slip = card.getByRole('img', { name: 'Slip of deposit IBFT-5521' })
  await expect(slip).toBeVisible()
  // The photo itself shows (decoded), not only its alternative text.
  await expect.poll(() => slip.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40)
  await shoot(staff, 'deposits-to-check')
  await card.getByRole('button', { name: 'Approve' }).click()
  await expect(staff.getByRole('status')).toContainText('Deposit approved')
  // Telling the agent (decision 116): no phone on file here, and no SMTP server is set.
  await expect(staff.getByRole('region', { name: 'Tell the agent' })).toContainText(
    `${AGENT} has no WhatsApp number on file. No e-mail was sent: no SMTP server is set in Settings.`,
  )

  await page.reload()
  await expect(page.getByTestId('portal-balance')).toHaveText('Rs 50,000')
  await expect(page.getByTestId('portal-deposits')).toContainText('Approved')
  await expect(page.getByTestId('portal-notices')).toContainText('Deposit approved · Rs 25,000 · IBFT-5521')
})

test('an agent whose language is Urdu sees the desk in Urdu, right to left', async ({ page }) => {
  const agent = 'Urdu Agent E2E'
  await agentOwing(page.request, agent, 12500, { detail: 'Tickets' })
  await agentProfile(page.request, agent, { city: 'Multan', credit_limit: 50000, language: 'ur' })
  await deskUser(page.request, agent, 'ur@agent.pk', PASSWORD)
  await signInAtDesk(page, 'ur@agent.pk', PASSWORD)
  await expect(page.getByText('آپ کے ذمے بقایا')).toBeVisible()
  await expect(page.locator('[dir="rtl"]')).toHaveCount(1)
  await expect(page.getByTestId('portal-balance')).toHaveText('Rs 12,500')
  await expect(page.getByText('Rs 37,500')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await shoot(page, 'portal-urdu')
  // The desk can be added to a phone's home screen and opens at /portal.
  const manifest = await page.request.get('/manifest.webmanifest')
  expect(manifest.status()).toBe(200)
  expect(((await manifest.json()) as { start_url: string }).start_url).toBe('/portal')
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest')
})
