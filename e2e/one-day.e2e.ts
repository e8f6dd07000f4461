import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { recordInput, TEST_NAMES } from '@booking/shared/test-data'
import { expect, type Page, test } from '@playwright/test'
import { ADMIN } from './fixtures.ts'

// One business day everywhere (issue 23.4) and the day book on a phone (23.5). A server of its own
// runs with its clock set (TEST_CLOCK) to 19:30 UTC on 25/11, which is 00:30 on 26/11 in Karachi;
// the browser's clock is set to the same instant. A record saved then is on 26/11 on every screen,
// paper and file name.

const root = new URL('..', import.meta.url).pathname
const PORT = Number(process.env.E2E_PORT ?? 4173) + 100
const base = `http://127.0.0.1:${PORT}`
const SAVED_AT = '2026-11-25T19:30:00.000Z'
const DAY = '26/11/2026'
const SHOTS = process.env.SHOTS_DIR ?? '/work/notes/shots'

let server: ChildProcess

test.beforeAll(async () => {
  server = spawn(process.execPath, ['e2e/serve.mjs'], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(PORT), TEST_CLOCK: SAVED_AT },
    stdio: 'ignore',
  })
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('the clock-set server did not start')
})

test.afterAll(() => {
  server?.kill('SIGTERM')
})

const signIn = async (page: Page) => {
  await page.goto(`${base}/login`)
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
}

test('a record saved at 00:30 in Karachi is on 26/11 on the list, receipt, PDF, day book and export name; the day book fits 375 px', async ({
  page,
}) => {
  await page.clock.install({ time: new Date(SAVED_AT) })
  const login = await (await page.request.post(`${base}/api/user/login`, { data: ADMIN })).json()
  const headers = { Authorization: `Bearer ${login.token}` }
  for (const name of TEST_NAMES.agents)
    await page.request.post(`${base}/api/agent-names`, { headers, data: { name } })
  const body = recordInput('gamca_tokens')
  await page.request.post(`${base}/api/admin/banks`, { headers, data: { name: body.paid_from_bank } })
  const saved = await page.request.post(`${base}/api/gamca-token`, { headers, data: body })
  expect(saved.status(), await saved.text()).toBe(201)
  const record = (await saved.json()).gamcaToken
  const id: number = record.id
  const entry: string = record.entry
  // Saved by the server at 19:30 UTC on the 25th.
  expect(String(record.created_at)).toMatch(/^2026-11-25T19:3/)

  await signIn(page)

  // The list.
  await page.goto(`${base}/admin/gamcaToken`)
  await expect(page.getByRole('row', { name: new RegExp(entry) })).toContainText(DAY)

  // The receipt screen and its PDF.
  await page.goto(`${base}/admin/receipt?path=%2Fgamca-token&id=${id}`)
  await expect(page.getByRole('article', { name: 'Receipt' })).toContainText(`Date ${DAY}`)
  const pdf = await page.request.get(`${base}/api/gamca-token/${id}/receipt.pdf`, { headers })
  expect(pdf.status()).toBe(200)
  const dir = mkdtempSync(join(tmpdir(), 'one-day-'))
  writeFileSync(join(dir, 'receipt.pdf'), await pdf.body())
  const text = execFileSync('pdftotext', ['-layout', join(dir, 'receipt.pdf'), '-'], { encoding: 'utf8' })
  expect(text).toContain(`Date ${DAY}`)

  // The export's file name.
  const csv = await page.request.get(`${base}/api/gamca-token?format=csv`, { headers })
  expect(csv.headers()['content-disposition']).toContain('2026-11-26')

  // The day book opens on the Karachi day and holds the record.
  await page.goto(`${base}/admin/reports`)
  await page.getByRole('tab', { name: 'Day Book' }).click()
  await expect(page.getByLabel('Date')).toHaveValue(DAY)
  await expect(page.getByRole('table', { name: 'Movements' })).toContainText(entry)
  await page.screenshot({ path: `${SHOTS}/papers-day-book-1366.png`, fullPage: true })

  // At 375 px the day book is cards: every figure with its label, nothing past the right edge.
  await page.setViewportSize({ width: 375, height: 800 })
  const balances = page.getByRole('list', { name: 'Balances' })
  await expect(balances).toBeVisible()
  await expect(page.getByRole('table', { name: 'Balances' })).toBeHidden()
  const firstCard = balances.getByRole('listitem').first()
  for (const label of ['Opening', 'In', 'Out', 'Closing']) {
    const box = await firstCard.getByText(label, { exact: true }).boundingBox()
    expect(box).not.toBeNull()
    expect(box!.x + box!.width).toBeLessThanOrEqual(375)
  }
  await expect(page.getByRole('list', { name: 'Movements' })).toContainText(entry)
  const cards = await page
    .getByRole('listitem')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right))
  for (const right of cards) expect(right).toBeLessThanOrEqual(375)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await page.screenshot({ path: `${SHOTS}/papers-day-book-375.png`, fullPage: true })

  // The receipt screen on a phone.
  await page.goto(`${base}/admin/receipt?path=%2Fgamca-token&id=${id}`)
  await expect(page.getByRole('article', { name: 'Receipt' })).toContainText(`Date ${DAY}`)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await page.screenshot({ path: `${SHOTS}/papers-receipt-375.png`, fullPage: true })
})
