import { mkdirSync, rmSync } from 'node:fs'
import { start, stop } from './processes.ts'

/**
 * Issue 33 item 2: a bank-statement import must not stall everyone else. `node --import tsx
 * bench/import-stall.ts`: a real server on a fresh SQLite file, a bank holding BOOK_LINES book
 * lines; /api/health is asked every 5 ms (one request at a time) while idle, then while a
 * 5,000-line and a 10,000-line CSV are imported (preview, then import, as the screen does).
 * Prints p50/p99/max of each and the ratio of the imports' p99 to idle's, same run.
 */
const env = process.env
const PORT = Number(env.PORT ?? 4295)
const BOOK_LINES = Number(env.BOOK_LINES ?? 300)
const SIZES = (env.IMPORT_SIZES ?? '5000,10000').split(',').map(Number)
const ADMIN = { email: 'import@bench.local', password: 'import-bench-pass-123' }
const dir = '/tmp/booking-bench'
const file = `${dir}/import-stall.db`

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0

const probe = async (api: string, until: Promise<unknown>) => {
  let done = false
  void until.finally(() => {
    done = true
  })
  const times: number[] = []
  while (!done) {
    const t0 = performance.now()
    await fetch(`${api}/health`).then((r) => r.text())
    times.push(performance.now() - t0)
    await new Promise((r) => setTimeout(r, 5))
  }
  return times.sort((a, b) => a - b)
}

const fmt = (n: number) => n.toFixed(n < 10 ? 1 : 0)
const line = (label: string, t: number[]) =>
  `${label}: ${t.length} probes, p50 ${fmt(percentile(t, 50))} ms, p99 ${fmt(percentile(t, 99))} ms, max ${fmt(t.at(-1) ?? 0)} ms`

const day = (i: number) => {
  const d = new Date(Date.UTC(2026, 0, 1) + (i % 300) * 86_400_000)
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`
}

/** A statement of `n` lines, each its own (narration numbered), a tenth of them paying book lines. */
const csvOf = (n: number, tag: string) => {
  const rows = ['Txn Date,Description,Cheque No,Debit,Credit']
  for (let i = 0; i < n; i++) {
    const credit = i % 10 === 0 && i / 10 < BOOK_LINES ? 1000 + i / 10 : 0
    const debit = credit ? 0 : 100 + (i % 997)
    rows.push(
      `${day(i)},${tag} transfer ${i},,${debit ? debit.toFixed(2) : ''},${credit ? credit.toFixed(2) : ''}`,
    )
  }
  return `${rows.join('\n')}\n`
}

const MAPPING = {
  date: 'Txn Date',
  date_format: 'dd/mm/yyyy',
  narration: 'Description',
  reference: 'Cheque No',
  amount_style: 'debit_credit',
  debit: 'Debit',
  credit: 'Credit',
}

mkdirSync(dir, { recursive: true })
for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
const api = `http://127.0.0.1:${PORT}/api`
const server = await start(
  ['apps/server/src/main.ts'],
  {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${file}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: 'bench-secret-at-least-32-characters-long',
    LOG: 'off',
    WEB_DIR: '/nonexistent',
    BACKUP_HOUR: 'off',
  },
  `${api}/health`,
)
try {
  const { token } = (await (
    await fetch(`${api}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
  ).json()) as { token: string }
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${api}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await res.json()) as Record<string, unknown>
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`)
    return json
  }
  const bank = (await call('POST', '/admin/banks', { name: 'Bench Bank' })) as { bank: { id: number } }
  const bankId = bank.bank.id
  // Book lines the import's automatic matching has to look at: deposits into the bank.
  for (let i = 0; i < BOOK_LINES; i++) {
    const d = new Date(Date.UTC(2026, 0, 1) + ((i * 10) % 300) * 86_400_000).toISOString().slice(0, 10)
    await call('POST', '/accounts', {
      bank_name: 'Bench Bank',
      employee_name: 'admin',
      date: d,
      detail: `Deposit ${i}`,
      credit: 1000 + i,
      debit: 0,
    })
  }
  console.log(`import stall: SQLite, a bank with ${BOOK_LINES} book lines; /api/health every 5 ms`)
  const idle = await probe(api, new Promise((r) => setTimeout(r, 3_000)))
  const idleP99 = percentile(idle, 99)
  console.log(`  ${line('idle', idle)}`)
  for (const n of SIZES) {
    const csv = csvOf(n, `L${n}`)
    let ms = 0
    let answer: Record<string, unknown> = {}
    const work = (async () => {
      const t0 = performance.now()
      await call('POST', `/banks/${bankId}/statement-preview`, { csv, mapping: MAPPING })
      answer = await call('POST', `/banks/${bankId}/statement-imports`, { csv, mapping: MAPPING })
      ms = performance.now() - t0
    })()
    const during = await probe(api, work)
    await work
    console.log(
      `  ${line(`during a ${n.toLocaleString('en-US')}-line import (${fmt(ms)} ms, ${answer.lines} lines, ${answer.matched} matched)`, during)}; p99 ${(percentile(during, 99) / idleP99).toFixed(1)}x idle`,
    )
  }
} finally {
  await stop(server)
}
