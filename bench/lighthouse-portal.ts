import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import lighthouse from 'lighthouse'
import { startDesk } from './portal-desk.ts'

/**
 * Issue 35 must-show: Lighthouse (mobile: its default moto G power screen, simulated slow 4G and
 * 4x CPU) on an agent's /portal, signed in, with the built app on a fresh SQLite file and a year of
 * the agent's lines. Prints the four category scores, what failed, and whether Chromium finds the
 * app installable (CDP Page.getInstallabilityErrors; Lighthouse 12 dropped its PWA category).
 * Chromium is Debian's (CHROME_PATH, /usr/bin/chromium), never a downloaded one.
 */

const PORT = Number(process.env.BENCH_PORT ?? 4794)
const DEBUG_PORT = PORT + 1
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'

const desk = await startDesk(PORT, Number(process.env.BENCH_LINES ?? 60))
// A persistent profile: its pages live in the browser's default context, the one Lighthouse's tab
// opens in, so the session put in localStorage here is the one the audited page reads.
const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'lighthouse-profile-')), {
  executablePath: CHROME,
  headless: false,
  args: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    `--remote-debugging-port=${DEBUG_PORT}`,
  ],
})
try {
  const page = context.pages()[0] ?? (await context.newPage())
  // The session on the origin without opening the app: the audit is the first open (no worker yet).
  await page.goto(`${desk.base}/api/health`)
  await page.evaluate(
    `localStorage.setItem('token', ${JSON.stringify(desk.session.token)}); localStorage.setItem('user', ${JSON.stringify(desk.session.user)})`,
  )
  const result = await lighthouse(`${desk.base}/portal`, {
    port: DEBUG_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    // Keeps the localStorage session; the profile is new, so the load is still a first one.
    disableStorageReset: true,
  })
  if (!result) throw new Error('Lighthouse gave no result')
  const { lhr } = result
  // LIGHTHOUSE_JSON=path keeps the whole report (every audit's details) for a closer look.
  if (process.env.LIGHTHOUSE_JSON) writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(lhr))
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
  console.log(`Lighthouse ${lhr.lighthouseVersion} (mobile) on /portal, ${lhr.finalDisplayedUrl}:`)
  for (const category of Object.values(lhr.categories)) {
    const score = category.score ?? 0
    console.log(`  ${category.title.padEnd(16)} ${score.toFixed(2)}${score >= 0.9 ? '' : '  (below 0.9)'}`)
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id]
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue
      console.log(`    - ${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}`)
    }
  }
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
  ])
    console.log(`  ${lhr.audits[id]?.title}: ${lhr.audits[id]?.displayValue}`)

  // Installable: what Chromium's own install check says about the signed-in /portal.
  await page.goto(`${desk.base}/portal`)
  await page.getByTestId('portal-balance').waitFor()
  const cdp = await context.newCDPSession(page)
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: Array<{ errorId: string }>
  }
  const manifest = (await cdp.send('Page.getAppManifest')) as {
    url: string
    errors: Array<{ message: string }>
  }
  console.log(
    `  Installable: ${installabilityErrors.length === 0 ? 'yes' : `no (${installabilityErrors.map((e) => e.errorId).join(', ')})`}; manifest ${manifest.url}, ${manifest.errors.length} manifest errors`,
  )
} finally {
  await context.close()
  await desk.close()
}
