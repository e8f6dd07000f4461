import { SETTLES_COST_TYPES } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { Db } from '../db/connect.ts'
import { moneyOut } from '../db/money-columns.ts'
import type { Database, TableName } from '../db/schema.ts'
import { type ApiRow, recordLifecycle } from '../lib/crud.ts'
import { writeJournal } from '../lib/journal.ts'
import { writeTransaction } from '../lib/write-batch.ts'
import { registeredPosters } from './registry.ts'

/** The settings row migration 0025 writes (the key is copied: application code imports no migration). */
const KEY = 'books_backfill_0023'
const PAGE = 500

/**
 * What migration 0025 re-posts, in order: the records whose costs now reach the books are posted
 * again (their lines, decision 053); the Cash in Office entries' dashboard lines are written again,
 * netted (decision 055).
 */
const STEPS: { table: TableName; lines: boolean }[] = [
  // The types whose cost to pay reaches the books (the ones a cost settlement may name).
  ...SETTLES_COST_TYPES.map((table) => ({ table, lines: true })),
  { table: 'account_entries', lines: false },
]

interface Progress {
  step: number
  after: number
}

const progressOf = async (k: Kysely<Database>): Promise<Progress | null> => {
  const row = await k.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst()
  if (!row) return null
  const p = JSON.parse(String(row.value)) as Partial<Progress>
  return { step: Number(p.step ?? 0), after: Number(p.after ?? 0) }
}

/**
 * Runs migration 0025's backfill at start, before the server serves: each page of 500 records is
 * posted with today's rules in its own transaction together with the progress it reached, so an
 * upgrade killed half-way resumes at the next page, and a page posted twice posts the same lines
 * (posting is idempotent per source). Nothing to do once the settings row is gone.
 */
export const backfillCosts = async (db: Db) => {
  for (;;) {
    const done = await writeTransaction(db, async (trx) => {
      const k = trx
      const p = await progressOf(k)
      if (!p) return true
      const step = STEPS[p.step]
      if (!step) {
        await k.deleteFrom('settings').where('key', '=', KEY).execute()
        return true
      }
      const post = registeredPosters().find(([t]) => t === step.table)?.[1]
      const journal = recordLifecycle(db, step.table)?.journal
      const rows = await k
        .selectFrom(step.table)
        .selectAll()
        .where('id', '>', p.after)
        .orderBy('id')
        .limit(PAGE)
        .execute()
      for (const raw of rows) {
        const row = moneyOut(step.table, raw) as ApiRow
        if (step.lines && post) await post(trx, row, { lenient: true, before: null })
        else if (!step.lines && journal) await writeJournal(trx, step.table, row.id, journal(row))
      }
      const next: Progress =
        rows.length < PAGE
          ? { step: p.step + 1, after: 0 }
          : { step: p.step, after: Number(rows[rows.length - 1]?.id) }
      await k
        .updateTable('settings')
        .set({ value: JSON.stringify(next) })
        .where('key', '=', KEY)
        .execute()
      return false
    })
    if (done) return
  }
}
