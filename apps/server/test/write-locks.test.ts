import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { pgRetries, writeTransaction } from '../src/lib/write-batch.ts'
import { lockNames } from '../src/lib/write-locks.ts'
import { DB_KIND } from './harness.ts'
import { setupTestApp } from './helpers.ts'

const PARALLEL = { parallel: true } as const

/** Resolves when `gate` is opened; lets a test hold a transaction open at a chosen point. */
const gate = () => {
  let open = () => {}
  const opened = new Promise<void>((r) => {
    open = r
  })
  return { open, opened }
}

const deadlocks = async (db: Parameters<typeof writeTransaction>[0]) =>
  Number(
    (
      await sql<{
        d: string
      }>`SELECT pg_stat_clear_snapshot(), deadlocks AS d FROM pg_stat_database WHERE datname = current_database()`.execute(
        db,
      )
    ).rows[0]?.d,
  )

describe(`record writes lock what they touch (${DB_KIND}, decision 070)`, () => {
  const t = setupTestApp()

  it('a write to other accounts commits while one holds its account; a write to that account waits for it', async () => {
    const db = t.app.db
    const holding = gate()
    const release = gate()
    const order: string[] = []
    const first = writeTransaction(
      db,
      async (trx) => {
        await lockNames(trx, ['account:Held'])
        holding.open()
        await release.opened
        order.push('first')
      },
      PARALLEL,
    )
    await holding.opened
    if (DB_KIND === 'postgres') {
      // PostgreSQL: another account is not held up by the open write.
      await writeTransaction(
        db,
        (trx) => lockNames(trx, ['account:Other']).then(() => order.push('other')),
        PARALLEL,
      )
      expect(order).toEqual(['other'])
    }
    const same = writeTransaction(
      db,
      (trx) => lockNames(trx, ['account:Held']).then(() => order.push('same')),
      PARALLEL,
    )
    await new Promise((r) => setTimeout(r, 200))
    expect(order).not.toContain('same')
    release.open()
    await Promise.all([first, same])
    expect(order.slice(-2)).toEqual(['first', 'same'])
  })

  it('writes taking the same accounts in opposite orders all commit, with no deadlock', async () => {
    const db = t.app.db
    const before = DB_KIND === 'postgres' ? await deadlocks(db) : 0
    const retriesBefore = pgRetries()
    const names = ['account:A', 'account:B', 'account:C', 'account:D']
    let done = 0
    await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        writeTransaction(
          db,
          async (trx) => {
            // One account first, the rest later, in an order that differs per write.
            const mine = i % 2 ? [...names].reverse() : names
            await lockNames(trx, [mine[i % 4]!])
            await new Promise((r) => setTimeout(r, 5))
            for (const n of mine) await lockNames(trx, [n])
            done++
          },
          PARALLEL,
        ),
      ),
    )
    expect(done).toBeGreaterThanOrEqual(16)
    // A deadlock victim would have been run again (40P01).
    expect(pgRetries() - retriesBefore).toBe(0)
    if (DB_KIND === 'postgres') expect((await deadlocks(db)) - before).toBe(0)
  })
})
