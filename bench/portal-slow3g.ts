import type { BrowserContext, Page } from '@playwright/test'
import { launchChromium } from './chromium.ts'
import { startDesk } from './portal-desk.ts'
import { SLOW_3G, startSlowLink } from './slow-link.ts'

/**
 * Issue 35 must-show: an agent's 12-month statement on a phone's slow 3G (goal: under 2 s).
 * An agent with a year of lines (300 by default: sales most days, a payment about weekly); the
 * built app at 375 px opens `/portal?from=<a year ago>&to=<today>` until the statement's closing
 * balance and every row are on the screen. Through a slow link (bench/slow-link.ts: 400 kbps each
 * way, 400 ms round trip, one round trip per new connection, shaping the page's and the service
 * worker's bytes alike) with Chromium's CPU slowed 4x (CDP Emulation.setCPUThrottlingRate):
 * - cold: a new browser profile each run (no HTTP cache, no service worker);
 * - warm: the same profile opened again once the service worker has the shell (the installed app
 *   on its second and later opens); the statement itself always comes from the server.
 * Baseline in the same run: the same cold open without the slow link and CPU slowdown.
 */

const PORT = Number(process.env.BENCH_PORT ?? 4798)
const LINK_PORT = PORT + 1
const LINES = Number(process.env.BENCH_LINES ?? 300)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const CPU = Number(process.env.BENCH_CPU ?? 4)

const desk = await startDesk(PORT, LINES)
const link = await startSlowLink(LINK_PORT, PORT, SLOW_3G)
const browser = await launchChromium()
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

const newContext = async () => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true })
  // The session as the web app keeps it (lib/session.ts), there before the app's first line runs.
  await context.addInitScript(
    `localStorage.setItem('token', ${JSON.stringify(desk.session.token)}); localStorage.setItem('user', ${JSON.stringify(desk.session.user)})`,
  )
  return context
}

/** Opens the year's statement; ms until its closing balance and all its rows are on the screen. */
const open = async (context: BrowserContext, origin: string, slow: boolean) => {
  const page: Page = context.pages()[0] ?? (await context.newPage())
  if (slow) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU })
  const t0 = performance.now()
  let asked = 0
  let answered = 0
  const onRequest = (r: { url: () => string }) => {
    if (r.url().includes('/api/portal/statement')) asked ||= performance.now() - t0
  }
  const onDone = (r: { url: () => string }) => {
    if (r.url().includes('/api/portal/statement')) answered ||= performance.now() - t0
  }
  page.on('request', onRequest)
  page.on('requestfinished', onDone)
  await page.goto(`${origin}/portal?from=${desk.from}&to=${desk.to}`, { waitUntil: 'commit' })
  await page.getByTestId('portal-closing').waitFor()
  const ms = performance.now() - t0
  const rows = await page.locator('#st-h ~ div li').count()
  page.off('request', onRequest)
  page.off('requestfinished', onDone)
  return { page, ms, rows, asked, answered }
}

try {
  const fast = `${desk.base}`
  const slow = `http://127.0.0.1:${LINK_PORT}`
  const baseline: number[] = []
  const cold: number[] = []
  const warm: number[] = []
  const phases: Record<'cold' | 'warm', Array<[number, number]>> = { cold: [], warm: [] }
  const coldBytes: number[] = []
  const warmBytes: number[] = []
  let rows = 0
  for (let i = 0; i < RUNS; i++) {
    const plain = await newContext()
    baseline.push((await open(plain, fast, false)).ms)
    await plain.close()

    const context = await newContext()
    let before = link.bytesDown()
    const first = await open(context, slow, true)
    cold.push(first.ms)
    phases.cold.push([first.asked, first.answered])
    coldBytes.push(link.bytesDown() - before)
    rows = first.rows
    // The worker installs after the first open; the next open is the installed app's.
    await first.page.evaluate(`(async () => {
      await navigator.serviceWorker.ready
      while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 50))
    })()`)
    await first.page.waitForTimeout(2_000)
    before = link.bytesDown()
    const second = await open(context, slow, true)
    warm.push(second.ms)
    phases.warm.push([second.asked, second.answered])
    warmBytes.push(link.bytesDown() - before)
    await context.close()
  }
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  const kb = (b: number) => `${(b / 1024).toFixed(0)} kB`
  console.log(
    `12-month statement of one agent (${desk.lines} lines, ${rows} rows on screen), median of ${RUNS}, 375 px:`,
  )
  console.log(`  no throttling (baseline)          ${s(median(baseline))}`)
  console.log(
    `  slow 3G + CPU ${CPU}x, cold             ${s(median(cold))}  (${kb(median(coldBytes))} over the link, ${(median(cold) / median(baseline)).toFixed(1)}x baseline)`,
  )
  console.log(
    `  slow 3G + CPU ${CPU}x, warm (worker)    ${s(median(warm))}  (${kb(median(warmBytes))} over the link, ${(median(warm) / median(baseline)).toFixed(1)}x baseline)`,
  )
  for (const [name, runs] of Object.entries(phases))
    console.log(
      `  ${name}: statement asked at ${s(median(runs.map((r) => r[0])))}, answered at ${s(median(runs.map((r) => r[1])))} (medians)`,
    )
  console.log(`  goal: under 2 s; runs cold ${cold.map(s).join(', ')}; warm ${warm.map(s).join(', ')}`)
} finally {
  await browser.close()
  await link.close()
  await desk.close()
}
