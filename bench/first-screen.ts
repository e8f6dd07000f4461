import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchChromium } from './chromium.ts'
import { start, stop } from './processes.ts'

/**
 * Sign-in to a usable dashboard (issue 23.7), in Chromium against the built web app and a real
 * server on a fresh SQLite file: a fresh /login page until its form is there, then Login until the
 * dashboard's money cards show figures (no "Loading data..." left), median of 5 runs in new
 * browser contexts (nothing cached), with the bytes and requests the browser fetched on the way.
 */

const PORT = Number(process.env.BENCH_PORT ?? 4797)
const base = `http://127.0.0.1:${PORT}`
const ADMIN = { email: 'first@bench.local', password: 'first-bench-pass-1' }
const dir = mkdtempSync(join(tmpdir(), 'first-screen-'))
const server = await start(
  ['apps/server/src/main.ts'],
  {
    DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG: 'off',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: 'first-screen-bench-secret-0123456789abcdef0123456789',
    BACKUP_HOUR: 'off',
    LOGIN_RATE_MAX: '1000',
  },
  `${base}/api/health`,
)
const browser = await launchChromium()
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
try {
  const fresh: number[] = []
  const signIn: number[] = []
  let bytes = 0
  let requests = 0
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
    const page = await context.newPage()
    let runBytes = 0
    let runRequests = 0
    page.on('response', async (r) => {
      runRequests++
      runBytes += Number((await r.allHeaders())['content-length'] ?? 0)
    })
    const t0 = performance.now()
    await page.goto(`${base}/login`)
    await page.getByLabel('Email').waitFor()
    fresh.push(performance.now() - t0)
    await page.getByLabel('Email').fill(ADMIN.email)
    await page.getByLabel('Password').fill(ADMIN.password)
    const t1 = performance.now()
    await page.getByRole('button', { name: 'Login' }).click()
    await page.waitForURL(/\/admin\/dashboard$/)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    // Figures, not placeholders: the money cards hold numbers once the dashboard's answers are in
    // ("Loading data..." alone is no proof: the cards show "–" before their first answer).
    await page.waitForFunction(() => {
      const doc = (globalThis as unknown as { document: { body: { innerText: string } } }).document
      // biome-ignore lint/performance/useDomNodeTextContent: laid-out text keeps a card's label and figure apart.
      const text = doc.body.innerText
      return /Total Entries\s+\d/.test(text) && !text.includes('Loading data...')
    })
    signIn.push(performance.now() - t1)
    bytes = runBytes
    requests = runRequests
    await context.close()
  }
  console.log(
    `first screen: fresh /login ${median(fresh).toFixed(0)} ms; Login to a dashboard with figures ${median(signIn).toFixed(0)} ms (median of 5; runs ${signIn.map((x) => x.toFixed(0)).join(', ')} ms); ${requests} requests, ${Math.round(bytes / 1024)} kB over the wire`,
  )
} finally {
  await browser.close()
  await stop(server)
}
