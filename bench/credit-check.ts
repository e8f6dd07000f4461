import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../apps/server/src/app.ts'
import { enforceCreditLimits } from '../apps/server/src/areas/readers/collect/credit.ts'
import { recordLifecycle } from '../apps/server/src/lib/crud.ts'
import { writeTransaction } from '../apps/server/src/lib/write-batch.ts'
import type { AuthUser } from '../apps/server/src/plugins/auth.ts'
import { ticketBody } from './ticket-body.ts'

/**
 * What the credit check (issue 25, decision 056) costs a create: N tickets for one agent through the
 * record lifecycle, each in its own transaction; then the check alone, run again for each of those
 * tickets in a transaction, with and without a limit on the agent. The check's share of a create
 * is the ratio of the two. The agent's balance read sums every line of its account, so it is
 * measured at two account sizes.
 * `node --import tsx bench/credit-check.ts`  BENCH_TICKETS=2000
 */
const N = Number(process.env.BENCH_TICKETS ?? 2000)
const dir = mkdtempSync(join(tmpdir(), 'bench-credit-'))
const app = await buildApp({
  databaseUrl: `sqlite:${join(dir, 'bench.db')}`,
  jwtSecret: 'bench-secret-of-at-least-32-characters',
  searchIndexEveryMs: 0,
})
const db = app.db
const now = new Date().toISOString()
await db.insertInto('agent_names').values({ name: 'Agent Rafiq', created_at: now }).execute()
await db.insertInto('vender_names').values({ name: 'Sky Links', created_at: now }).execute()
await db
  .insertInto('banks')
  .values({ name: 'UBL Account 1', active: 1, created_at: now })
  .onConflict((oc) => oc.doNothing())
  .execute()
const user: AuthUser = { id: 1, username: 'bench', email: 'bench@bench.local', role: 'admin' }
const tickets = recordLifecycle(db, 'tickets')!
const body = { ...ticketBody(), payable_to_vendor: 0 }

const createMany = async (n: number) => {
  const ids: number[] = []
  const t0 = performance.now()
  for (let i = 0; i < n; i++)
    ids.push(
      (
        await writeTransaction<{ id: number }>(db, (trx) =>
          tickets.create(trx, { user }, tickets.parse(body)),
        )
      ).id,
    )
  return { ids, us: ((performance.now() - t0) * 1000) / n }
}

const checkAll = async (ids: number[]) => {
  const t0 = performance.now()
  for (const id of ids)
    await writeTransaction(db, (trx) =>
      enforceCreditLimits(trx, { type: 'tickets', id }, new Map(), { user }),
    )
  return ((performance.now() - t0) * 1000) / ids.length
}

const setLimit = (paisa: number | null) =>
  db
    .insertInto('party_profiles')
    .values({
      kind: 'agent',
      party_key: 'Agent Rafiq',
      phone: '',
      email: '',
      city: '',
      note: '',
      language: 'en',
      credit_limit: paisa,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['kind', 'party_key']).doUpdateSet({ credit_limit: paisa }))
    .execute()

const rows: string[] = []
for (const size of [N, N * 5]) {
  const { ids, us } = await createMany(size - (rows.length ? N : 0))
  const sample = ids.slice(-N)
  await setLimit(null)
  const noLimit = await checkAll(sample)
  await setLimit(1e15)
  const withLimit = await checkAll(sample)
  rows.push(
    `agent with ${size} tickets: create ${us.toFixed(0)} µs; check without a limit ${noLimit.toFixed(0)} µs ` +
      `(${((noLimit / us) * 100).toFixed(1)} % of a create), with a limit ${withLimit.toFixed(0)} µs ` +
      `(${((withLimit / us) * 100).toFixed(1)} %)`,
  )
  console.log(rows.at(-1))
}
await app.close()
rmSync(dir, { recursive: true, force: true })
