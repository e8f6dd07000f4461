import { businessToday } from '@booking/shared'
import { refuseClosed } from '../apps/server/src/books/lock.ts'
import { writeTransaction } from '../apps/server/src/lib/write-batch.ts'
import { lifecycleApp } from './lifecycle-app.ts'
import { ticketBody } from './ticket-body.ts'

/**
 * What the lock-date check (issue 24, decision 066) costs a money write: N tickets created through
 * the record lifecycle, each in its own transaction (the check included, as in production); then
 * the check alone, N times, with no lock and with a lock row. The check's share of a create is
 * the ratio.
 * `node --import tsx bench/lock-check.ts`  BENCH_TICKETS=2000
 */
const N = Number(process.env.BENCH_TICKETS ?? 2000)
const { db, now, user, tickets, done } = await lifecycleApp('bench-lock-')
const body = { ...ticketBody(), payable_to_vendor: 0 }

const perCall = async (n: number, work: () => Promise<unknown>) => {
  const t0 = performance.now()
  for (let i = 0; i < n; i++) await work()
  return ((performance.now() - t0) * 1000) / n
}

const today = businessToday()
const create = await perCall(N, () =>
  writeTransaction(db, (trx) => tickets.create(trx, { user }, tickets.parse(body))),
)
const open = await perCall(N, () => refuseClosed(db, [today]))
await db
  .insertInto('books_locks')
  .values({
    through: '2020-01-31',
    previous: null,
    reason: 'bench',
    user_id: 1,
    username: 'bench',
    created_at: now,
  })
  .execute()
const locked = await perCall(N, () => refuseClosed(db, [today]))
const fmt = (us: number) => `${us.toFixed(1)} µs`
console.log(`lock check (SQLite, ${N} tickets): create ${fmt(create)} each`)
console.log(
  `  the check alone (one read of the newest books_locks row): no lock ${fmt(open)}, with a lock ${fmt(locked)} = ${((locked / create) * 100).toFixed(2)}% of a create`,
)
await done()
