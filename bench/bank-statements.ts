import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addDaysIso } from '@booking/shared'
import { buildApp } from '../apps/server/src/app.ts'
import { recordLifecycle } from '../apps/server/src/lib/crud.ts'
import { hashPassword } from '../apps/server/src/lib/passwords.ts'
import { writeTransaction } from '../apps/server/src/lib/write-batch.ts'
import type { AuthUser } from '../apps/server/src/plugins/auth.ts'

/**
 * Bank statement import and reconciliation (issue 24, decision 063), in-process over SQLite: a bank
 * with N Office Accounts entries over a year, then a statement of the same N lines (dates 0-2 days
 * later, amounts repeating every 200 lines) imported and matched automatically; the same file
 * again (all duplicates); the reconciliation as of the year end. Each is a ratio to GET
 * /api/health measured in the same run.
 * `node --import tsx bench/bank-statements.ts`  BENCH_LINES=1000,5000
 */
const SIZES = (process.env.BENCH_LINES ?? '1000,5000').split(',').map(Number)
const dir = mkdtempSync(join(tmpdir(), 'bench-bank-'))
const app = await buildApp({
  databaseUrl: `sqlite:${join(dir, 'bench.db')}`,
  jwtSecret: 'bench-secret-of-at-least-32-characters',
  searchIndexEveryMs: 0,
})
const db = app.db
const now = new Date().toISOString()
await db
  .insertInto('users')
  .values({
    username: 'bench',
    email: 'bench@bench.local',
    password_hash: await hashPassword('bench-password-1'),
    role: 'admin',
    is_approved: 1,
    created_at: now,
  })
  .execute()
const login = await app.inject({
  method: 'POST',
  url: '/api/user/login',
  payload: { email: 'bench@bench.local', password: 'bench-password-1' },
})
const headers = { authorization: `Bearer ${login.json().token as string}` }
const user: AuthUser = { id: 1, username: 'bench', email: 'bench@bench.local', role: 'admin' }
const accounts = recordLifecycle(db, 'account_entries')
if (!accounts) throw new Error('no Office Accounts lifecycle')

const timed = async <T>(work: () => Promise<T>) => {
  const t0 = performance.now()
  const value = await work()
  return { ms: performance.now() - t0, value }
}

const health = async () => {
  for (let i = 0; i < 50; i++) await app.inject({ method: 'GET', url: '/api/health' })
  const { ms } = await timed(async () => {
    for (let i = 0; i < 500; i++) await app.inject({ method: 'GET', url: '/api/health' })
  })
  return ms / 500
}

const rows: string[] = []
for (const [k, n] of SIZES.entries()) {
  const bank = `Bench Bank ${k}`
  await db.insertInto('banks').values({ name: bank, active: 1, created_at: now }).execute()
  const id = Number(
    (await db.selectFrom('banks').select('id').where('name', '=', bank).executeTakeFirstOrThrow()).id,
  )
  const lines: string[] = ['Date,Narration,Ref,Debit,Credit']
  for (let start = 0; start < n; start += 1000)
    await writeTransaction(db, async (trx) => {
      for (let i = start; i < Math.min(n, start + 1000); i++) {
        const day = addDaysIso('2025-01-01', Math.floor((i * 360) / n))
        const amount = 1000 + (i % 200)
        const inward = i % 3 !== 0
        await accounts.create(
          trx,
          { user },
          accounts.parse({
            bank_name: bank,
            employee_name: 'bench',
            vendor_name: '',
            date: day,
            detail: `Entry ${i}`,
            credit: inward ? amount : 0,
            debit: inward ? 0 : amount,
          }),
        )
        const shown = addDaysIso(day, i % 3)
        const dd = `${shown.slice(8)}/${shown.slice(5, 7)}/${shown.slice(0, 4)}`
        lines.push(`${dd},Line ${i},,${inward ? '' : amount},${inward ? amount : ''}`)
      }
    })
  const csv = lines.join('\n')
  const mapping = {
    date: 'Date',
    date_format: 'dd/mm/yyyy',
    narration: 'Narration',
    reference: 'Ref',
    amount_style: 'debit_credit',
    debit: 'Debit',
    credit: 'Credit',
  }
  const post = (body: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/banks/${id}/statement-imports`,
      headers,
      payload: body as object,
    })
  const base = await health()
  const first = await timed(() => post({ csv, mapping }))
  const again = await timed(() => post({ csv }))
  const rec = await timed(() =>
    app.inject({ method: 'GET', url: `/api/banks/${id}/reconciliation?as_of=2025-12-31`, headers }),
  )
  const a = first.value.json()
  const r = rec.value.json()
  if (a.matched !== n || again.value.json().duplicates !== n || r.difference !== 0)
    throw new Error(
      `unexpected: ${JSON.stringify({ a, dup: again.value.json().duplicates, diff: r.difference })}`,
    )
  const x = (ms: number) => `${ms.toFixed(0)} ms (${Math.round(ms / base).toLocaleString('en-US')}x health)`
  rows.push(
    `| ${n.toLocaleString('en-US')} | ${x(first.ms)} | ${x(again.ms)} | ${x(rec.ms)} | ${(base * 1000).toFixed(0)} µs |`,
  )
}
console.log('| lines | import + auto-match | same file again | reconciliation | GET /api/health |')
console.log('|---|---|---|---|---|')
for (const r of rows) console.log(r)
await app.close()
rmSync(dir, { recursive: true, force: true })
