import { expect, loginAs, test } from './fixtures.ts'
import { agentOwing, deskUser, signInAtDesk } from './helpers.ts'

// Issue 35 item 5: the installable desk. The service worker registers, the shell and the last
// balance and statement open with the network off, saying how old they are; signing out deletes
// the kept copy, so the next person on a shared phone sees nothing of it (decision 117).

const AGENT = 'Offline Agent E2E'
const EMAIL = 'desk@offline-agent.pk'
const PASSWORD = 'blue-river-2026'

test('the desk opens offline with its last balance and statement "as of"; signing out clears them', async ({
  page,
}) => {
  await agentOwing(page.request, AGENT, 48250, { date: new Date().toISOString().slice(0, 10) })
  await deskUser(page.request, AGENT, EMAIL, PASSWORD)

  // Installable: the manifest names PNG icons of both sizes, a maskable one, and opens standalone.
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    display: string
    icons: Array<{ src: string; sizes: string; purpose: string }>
  }
  expect(manifest.display).toBe('standalone')
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  )
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status(), icon.src).toBe(200)

  await signInAtDesk(page, EMAIL, PASSWORD)
  await expect(page.getByTestId('portal-balance')).toHaveText('Rs 48,250')

  // The worker registers and takes the page; a reload then goes through it and keeps the answers.
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)
  expect(script).toMatch(/\/sw\.js$/)
  await page.reload()
  await expect(page.getByTestId('portal-closing')).toHaveText('Rs 48,250')
  const kept = () => page.evaluate(async () => (await (await caches.open('desk-last')).keys()).length)
  await expect.poll(kept).toBe(2)
  await expect(page.getByTestId('portal-offline')).toHaveCount(0)

  await page.context().setOffline(true)
  await page.reload()
  await expect(page.getByTestId('portal-balance')).toHaveText('Rs 48,250')
  await expect(page.getByTestId('portal-closing')).toHaveText('Rs 48,250')
  await expect(page.getByTestId('portal-offline')).toHaveText(
    /^Offline: balance and statement as of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
  )
  // The answers it does not keep fail quietly: the note says why, no error beside it.
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/portal-offline-375.png`, fullPage: true })

  await page.context().setOffline(false)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect.poll(() => page.evaluate(() => caches.has('desk-last'))).toBe(false)
  // Offline after sign-out: the shell opens (sign-in page), and no figure of the last user.
  await page.context().setOffline(true)
  await page.goto('/portal')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByLabel('Email')).toBeVisible()
  await expect(page.getByText('48,250')).toHaveCount(0)
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/signed-out-offline-375.png`, fullPage: true })
  await page.context().setOffline(false)
})

test("the owner's phone: the installed start leads an admin to the dashboard, which opens with the four figures", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await loginAs(page, 'admin')
  // The manifest's start_url is /portal: staff who open the installed app land on their dashboard.
  await page.goto('/portal')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  const glance = page.getByRole('region', { name: 'At a glance' })
  await expect(glance).toBeVisible()
  for (const label of ['Cash in office', 'To collect', "Today's sales", 'Approvals waiting'])
    await expect(glance.getByText(label, { exact: true })).toBeVisible()
  await expect(page.getByTestId('glance-cash')).toContainText(/Rs -?[\d,]+/)
  await expect(page.getByTestId('glance-waiting')).toContainText(
    /\d+ deposits? · \d+ sign-ups? · \d+ corrections?/,
  )
  // First on the phone's screen, above the fold.
  const box = await glance.boundingBox()
  expect((box?.y ?? 1000) + (box?.height ?? 0)).toBeLessThan(800)
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/owner-phone-375.png`, fullPage: false })
  // On a desk's screen the dashboard's own cards show them: the set is for the phone only.
  await page.setViewportSize({ width: 1366, height: 900 })
  await expect(glance).toBeHidden()
})
