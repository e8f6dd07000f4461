import { loadavg } from 'node:os'
import { DEFAULT_AGENCY } from '@booking/shared'
import { writeTransaction } from '../apps/server/src/lib/write-batch.ts'
import { lifecycleApp } from './lifecycle-app.ts'
import { ticketBody } from './ticket-body.ts'

/**
 * What sales tax (issue 36, decision 089) costs a create: tickets created through the record
 * lifecycle (its extensions too: the tax, its invoice serial, the payable line), each in its own
 * transaction, in rounds that alternate an unregistered agency (no STRN: no tax, the answer as
 * before) and a registered one in Sindh (SRB 15 % on the ticket's service charge, a serial, a
 * line on "Sales tax payable (SRB)"), on the same database, in the same run. SQLite, synchronous
 * as the server runs it. Prints each variant's mean µs per create and the ratio.
 * `node --import tsx bench/create-tax.ts`  BENCH_TICKETS=500 BENCH_ROUNDS=6
 */
const N = Number(process.env.BENCH_TICKETS ?? 500)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6)
const { db, user, tickets, done } = await lifecycleApp('bench-create-tax-')
const body = ticketBody()

const register = async (strn: string) => {
  const value = JSON.stringify({ ...DEFAULT_AGENCY, ntn: '1234567-8', strn, province: 'Sindh' })
  await db
    .insertInto('settings')
    .values({ key: 'agency', value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute()
}

const round = async () => {
  const t0 = performance.now()
  for (let i = 0; i < N; i++)
    await writeTransaction(db, (trx) => tickets.create(trx, { user }, tickets.parse(body)))
  return ((performance.now() - t0) * 1000) / N
}

const taken: Record<'untaxed' | 'taxed', number[]> = { untaxed: [], taxed: [] }
// A warm-up round of each, not counted: the first creates pay for the JIT and the page cache.
await register('')
await round()
await register('S1234567-8')
await round()
for (let r = 0; r < ROUNDS; r++) {
  for (const variant of r % 2 === 0 ? (['untaxed', 'taxed'] as const) : (['taxed', 'untaxed'] as const)) {
    await register(variant === 'taxed' ? 'S1234567-8' : '')
    taken[variant].push(await round())
  }
}
const taxedCount = await db
  .selectFrom('sale_taxes')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow()
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length
const [untaxed, taxed] = [mean(taken.untaxed), mean(taken.taxed)]
console.log(
  `load average before/after: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
)
console.log(`tickets per round ${N}, rounds ${ROUNDS} per variant; taxed rows kept: ${taxedCount.n}`)
console.log(
  `create ticket, untaxed: ${untaxed.toFixed(0)} µs (${taken.untaxed.map((x) => x.toFixed(0)).join(' / ')})`,
)
console.log(
  `create ticket, taxed (SRB 15 %): ${taxed.toFixed(0)} µs (${taken.taxed.map((x) => x.toFixed(0)).join(' / ')})`,
)
// The medianOf too: on a loaded machine one slow round moves the mean.
const medianOf = (xs: number[]) => {
  const o = [...xs].sort((a, b) => a - b)
  return o.length % 2 ? o[(o.length - 1) / 2] : (o[o.length / 2 - 1] + o[o.length / 2]) / 2
}
console.log(
  `taxed / untaxed: ${((taxed / untaxed) * 100).toFixed(1)} % of the means, ` +
    `${((medianOf(taken.taxed) / medianOf(taken.untaxed)) * 100).toFixed(1)} % of the medians`,
)
await done()
