/**
 * Time saved by "Paste ticket" (issue 22): the same 3-passenger PIA return ticket entered in the
 * ticket wizard by hand and by paste, in Chromium against a real server on a fresh SQLite file.
 * Counts the keystrokes and pointer actions each way and times the scripted runs; a person's
 * seconds are estimated from the counts with the Keystroke-Level Model (Card, Moran and Newell:
 * K = 0.28 s a keystroke for an average typist, P + B = 1.2 s to point and click), since a script
 * types faster than any person. Not run by CI: `node --import tsx bench/ticket-paste.ts`
 * (needs `npm run build -w apps/web` first; BENCH_PORT, default 4291; CHROMIUM_PATH).
 */

import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { launchChromium } from './chromium.ts'

const ROOT = new URL('..', import.meta.url).pathname
const PORT = Number(process.env.BENCH_PORT ?? 4291)
const BASE = `http://127.0.0.1:${PORT}`
const RUNS = 3
const K = 0.28
const PB = 1.2
const SAMPLE = readFileSync(
  join(ROOT, 'packages/shared/src/tickets/samples/pia-eticket-3pax-return.txt'),
  'utf8',
)

/** The run's ticket numbers: a new series each run, so no save meets a duplicate. */
const numbersOf = (run: number) => [1, 2, 3].map((k) => `21424099${String(20 + run).padStart(2, '0')}30${k}`)
const pasteText = (run: number) =>
  ['214-2409917301', '214-2409917302', '214-2409917303'].reduce(
    (text, n, k) => text.replace(n, numbersOf(run)[k].replace(/^(\d{3})/, '$1-')),
    SAMPLE,
  )

/** Every action the way a person does it, counted. */
class Hands {
  keys = 0
  pointer = 0
  constructor(readonly page: Page) {}
  async type(field: Locator, text: string) {
    await field.click()
    this.pointer++
    await this.page.keyboard.type(text)
    this.keys += text.length
  }
  async click(target: Locator) {
    await target.click()
    this.pointer++
  }
  /** A native select: click it open, click the option. */
  async choose(select: Locator, label: string) {
    await select.selectOption({ label })
    this.pointer += 2
  }
  /** Copying the ticket out of the e-mail and pasting it: Ctrl+A, Ctrl+C, then Ctrl+V in the box. */
  async paste(box: Locator, text: string) {
    await box.fill(text)
    this.keys += 3
    this.pointer++
  }
}

const PEOPLE = [
  ['Mr', 'ZAHID IQBAL', 'BHATTI', 'BX9011234'],
  ['Mrs', 'SAIMA', 'ZAHID', 'BX9021234'],
  ['Mr', 'HAMZA', 'ZAHID', 'BX9031234'],
] as const

/** What both ways type: the passport numbers (no ticket holds them) and the money. */
const documentsAndMoney = async (h: Hands, page: Page) => {
  for (const [i, person] of PEOPLE.entries())
    await h.type(
      page.getByRole('group', { name: `Passenger ${i + 1} Details` }).getByLabel('Document Number'),
      person[3],
    )
  await h.click(page.getByRole('button', { name: 'Next' }))
  await h.type(page.getByLabel('Total Receivable Amount'), '285000')
  await h.type(page.getByLabel('Paid Cash'), '0')
  await h.type(page.getByLabel('Paid In Bank'), '0')
  await h.type(page.getByLabel('Payable To Vendor'), '271350')
  await h.click(page.getByRole('button', { name: 'Submit' }))
  await page.getByText('Ticket saved').waitFor()
}

const byHand = async (h: Hands, page: Page, run: number) => {
  await h.choose(page.getByLabel('Customer'), 'Bhatti Family · 03000000000')
  await h.type(page.getByLabel('Reference'), 'QZ7K4M')
  await h.type(page.getByLabel('Depart Date'), '14/01/2027')
  await h.type(page.getByLabel('Return Date'), '02/02/2027')
  await h.type(page.getByLabel('Sector'), 'LHE-JED')
  await h.type(page.getByLabel('Airline'), 'PIA')
  await h.type(page.getByLabel('Ticket Numbers'), numbersOf(run).join(' '))
  await h.click(page.getByRole('button', { name: 'Next' }))
  await h.click(page.getByRole('button', { name: /Passengers/ }))
  await h.click(page.getByRole('button', { name: 'Add one to Adults' }))
  await h.click(page.getByRole('button', { name: 'Add one to Adults' }))
  await h.click(page.getByRole('button', { name: 'Add one to Children' }))
  await h.click(page.getByRole('button', { name: 'Done' }))
  for (const [i, [title, first, last]] of PEOPLE.entries()) {
    const block = page.getByRole('group', { name: `Passenger ${i + 1} Details` })
    await h.choose(block.getByLabel('Title'), title)
    await h.type(block.getByLabel('First Name'), first)
    await h.type(block.getByLabel('Last Name'), last)
  }
  await documentsAndMoney(h, page)
}

const byPaste = async (h: Hands, page: Page, run: number) => {
  await h.click(page.getByRole('button', { name: 'Paste ticket' }))
  await h.paste(page.getByLabel('Ticket text'), pasteText(run))
  await h.click(page.getByRole('button', { name: 'Fill Ticket' }))
  await page.getByRole('dialog', { name: 'Paste Ticket' }).waitFor({ state: 'detached' })
  await h.choose(page.getByLabel('Customer'), 'Bhatti Family · 03000000000')
  await h.click(page.getByRole('button', { name: 'Next' }))
  await documentsAndMoney(h, page)
}

/**
 * A ticket pasted again (issue 37): the keys and clicks until the duplicate warning shows. It is
 * said at paste time now; before, only the save's refusal said it, after the rest was typed.
 */
const duplicateWarned = async (h: Hands, page: Page, run: number) => {
  await h.click(page.getByRole('button', { name: 'Paste ticket' }))
  await h.paste(page.getByLabel('Ticket text'), pasteText(run))
  await h.click(page.getByRole('button', { name: 'Fill Ticket' }))
  await page.getByRole('dialog', { name: 'Paste Ticket' }).waitFor({ state: 'detached' })
  const warning = page.getByRole('region', { name: 'Duplicate ticket number' })
  const atPaste = await warning
    .waitFor({ timeout: 3000 })
    .then(() => true)
    .catch(() => false)
  if (atPaste) return 'at paste'
  await h.choose(page.getByLabel('Customer'), 'Bhatti Family · 03000000000')
  await h.click(page.getByRole('button', { name: 'Next' }))
  for (const [i, person] of PEOPLE.entries())
    await h.type(
      page.getByRole('group', { name: `Passenger ${i + 1} Details` }).getByLabel('Document Number'),
      person[3],
    )
  await h.click(page.getByRole('button', { name: 'Next' }))
  await h.type(page.getByLabel('Total Receivable Amount'), '285000')
  await h.type(page.getByLabel('Paid Cash'), '0')
  await h.type(page.getByLabel('Paid In Bank'), '0')
  await h.type(page.getByLabel('Payable To Vendor'), '271350')
  await h.click(page.getByRole('button', { name: 'Submit' }))
  await warning.waitFor()
  return 'at submit'
}

const waitForServer = async () => {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('server did not start')
}

const main = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-paste-'))
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
      WEB_DIR: join(ROOT, 'apps/web/dist'),
      ADMIN_EMAIL: 'admin@bench.local',
      ADMIN_PASSWORD: 'admin-pass-123',
      JWT_SECRET: 'bench-secret-at-least-32-characters-long',
      LOGIN_RATE_MAX: '1000',
      LOG: 'off',
    },
  })
  const browser = await launchChromium()
  try {
    await waitForServer()
    const page = await (
      await browser.newContext({ baseURL: BASE, viewport: { width: 1366, height: 900 } })
    ).newPage()
    const login = await page.request.post('/api/user/login', {
      data: { email: 'admin@bench.local', password: 'admin-pass-123' },
    })
    const { token } = (await login.json()) as { token: string }
    await page.request.post('/api/customers', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: 'Bhatti Family', mobile_number: '03000000000', address: '', passport_number: '' },
    })
    await page.goto('/login')
    await page.getByLabel('Email').fill('admin@bench.local')
    await page.getByLabel('Password').fill('admin-pass-123')
    await page.getByRole('button', { name: 'Login' }).click()
    await page.waitForURL(/\/admin\/dashboard$/)

    // The 200 KB paste: many tickets (the project's samples over and over), and no ticket at all.
    const headers = { Authorization: `Bearer ${token}` }
    const samples = join(ROOT, 'packages/shared/src/tickets/samples')
    const galileo = readFileSync(join(samples, 'galileo-te-2pax-return.txt'), 'utf8')
    const big = {
      tickets: galileo.repeat(Math.ceil(200_000 / galileo.length)),
      prose: 'Fly PK 303 on 05 Dec 2026 at 07:00, booking reference pending. '.repeat(3200),
    }
    for (const [name, text] of Object.entries(big)) {
      const times: number[] = []
      let status = 0
      for (let i = 0; i < 5; i++) {
        const started = performance.now()
        const res = await page.request.post('/api/tickets/parse', { headers, data: { text } })
        times.push(performance.now() - started)
        status = res.status()
      }
      console.log(
        `POST /api/tickets/parse, ${(text.length / 1000).toFixed(0)} KB of ${name}: ${status}, median ${[...times].sort((a, b) => a - b)[2].toFixed(0)} ms of 5`,
      )
    }

    const results: Record<string, { keys: number; pointer: number; seconds: number[] }> = {}
    for (let run = 0; run < RUNS; run++) {
      for (const [way, enter] of [
        ['by hand', byHand],
        ['by paste', byPaste],
      ] as const) {
        await page.goto('/admin/tickets')
        await page.getByRole('button', { name: 'Add New' }).click()
        await page.getByRole('heading', { name: 'New Ticket' }).waitFor()
        const h = new Hands(page)
        const started = performance.now()
        await enter(h, page, run * 2 + (way === 'by hand' ? 0 : 1))
        const seconds = (performance.now() - started) / 1000
        results[way] ??= { keys: h.keys, pointer: h.pointer, seconds: [] }
        results[way].seconds.push(seconds)
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
    const human = (r: { keys: number; pointer: number }) => r.keys * K + r.pointer * PB
    const hand = results['by hand']
    const paste = results['by paste']
    console.log('3-passenger PIA return ticket, admin, Chromium, median of', RUNS, 'scripted runs each')
    console.log('way       keystrokes  clicks  scripted s  person s (KLM)')
    for (const [way, r] of Object.entries(results))
      console.log(
        `${way.padEnd(9)} ${String(r.keys).padStart(10)}  ${String(r.pointer).padStart(6)}  ${median(r.seconds).toFixed(2).padStart(10)}  ${human(r).toFixed(0).padStart(14)}`,
      )
    console.log(
      `paste / hand: keystrokes ${(paste.keys / hand.keys).toFixed(2)}, clicks ${(paste.pointer / hand.pointer).toFixed(2)}, scripted time ${(median(paste.seconds) / median(hand.seconds)).toFixed(2)}, person time ${(human(paste) / human(hand)).toFixed(2)}`,
    )

    // The first paste run's ticket pasted again: how much is typed before the warning.
    await page.goto('/admin/tickets')
    await page.getByRole('button', { name: 'Add New' }).click()
    await page.getByRole('heading', { name: 'New Ticket' }).waitFor()
    const d = new Hands(page)
    const when = await duplicateWarned(d, page, 1)
    console.log(
      `same ticket pasted again: duplicate warning ${when}, after ${d.keys} keystrokes and ${d.pointer} clicks (person ${human({ keys: d.keys, pointer: d.pointer }).toFixed(0)} s)`,
    )
  } finally {
    await browser.close()
    server.kill('SIGTERM')
  }
}

await main()
