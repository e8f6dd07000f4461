import { PROFIT_FORMULAS, RECORD_SPECS, type RecordTable, SETTLES_COST_TYPES } from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import type { Db } from '../db/connect.ts'
import { moneyOut } from '../db/money-columns.ts'
import type { Database, TableName } from '../db/schema.ts'
import { type ApiRow, recordLifecycle } from '../lib/crud.ts'
import { writeJournal } from '../lib/journal.ts'
import { writeTransaction } from '../lib/write-batch.ts'
import { lockedThrough } from './lock.ts'
import { postingDayOf, registeredPosters } from './registry.ts'

const PAGE = 500

interface Step {
  table: TableName
  lines: boolean
  /** Only the records whose payable (this column) names no vendor (migration 0053). */
  unvendored?: string
}

/**
 * The backfills migrations mark, each by its settings row (the keys are copied: application code
 * imports no migration), run in this order.
 */
const BACKFILLS: { key: string; steps: Step[] }[] = [
  {
    /*
     * Migration 0025: the records whose costs now reach the books are posted again (their lines,
     * decision 053); the Cash in Office entries' dashboard lines are written again, netted (055).
     */
    key: 'books_backfill_0023',
    steps: [
      // The types whose cost to pay reaches the books (the ones a cost settlement may name).
      ...SETTLES_COST_TYPES.map((table) => ({ table, lines: true })),
      { table: 'account_entries', lines: false },
    ],
  },
  {
    // Migration 0053: a sale's payable with no vendor posts its cost to pay (decision 146): the
    // types whose profit is the receivable less one payable, beside an optional vendor.
    key: 'books_backfill_0053',
    steps: PROFIT_FORMULAS.filter(
      (f) =>
        f.less.length === 1 && (RECORD_SPECS[f.table].columns as readonly string[]).includes('vendor_name'),
    ).map((f) => ({ table: f.table, lines: true, unvendored: f.less[0] })),
  },
]

interface Progress {
  step: number
  after: number
}

const progressOf = async (k: Kysely<Database>, key: string): Promise<Progress | null> => {
  const row = await k.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst()
  if (!row) return null
  const p = JSON.parse(String(row.value)) as Partial<Progress>
  return { step: Number(p.step ?? 0), after: Number(p.after ?? 0) }
}

/**
 * Runs the migrations' backfills at start, before the server serves: each page of 500 records is
 * posted with today's rules in its own transaction together with the progress it reached, so an
 * upgrade killed half-way resumes at the next page, and a page posted twice posts the same lines
 * (posting is idempotent per source). A record whose entry lands on a closed day is left as it was
 * (the books refuse it; decision 146). Nothing to do once the settings rows are gone.
 */
export const backfillCosts = async (db: Db) => {
  for (const { key, steps } of BACKFILLS) await backfill(db, key, steps)
}

const backfill = async (db: Db, key: string, steps: Step[]) => {
  for (;;) {
    const done = await writeTransaction(db, async (trx) => {
      const k = trx
      const p = await progressOf(k, key)
      if (!p) return true
      const step = steps[p.step]
      if (!step) {
        await k.deleteFrom('settings').where('key', '=', key).execute()
        return true
      }
      const post = registeredPosters().find(([t]) => t === step.table)?.[1]
      const day = postingDayOf(step.table as RecordTable)
      const through = await lockedThrough(k)
      const journal = recordLifecycle(db, step.table)?.journal
      let query = k.selectFrom(step.table).selectAll().where('id', '>', p.after)
      if (step.unvendored)
        query = query
          .where(sql<boolean>`trim(coalesce(vendor_name, '')) = ''`)
          .where(sql.ref(step.unvendored), '>', 0)
      const rows = await query.orderBy('id').limit(PAGE).execute()
      for (const raw of rows) {
        const row = moneyOut(step.table, raw) as ApiRow
        const on = day?.(row)
        if (step.lines && post && !(through !== null && on && on <= through))
          await post(trx, row, { lenient: true, before: null })
        else if (!step.lines && journal) await writeJournal(trx, step.table, row.id, journal(row))
      }
      const next: Progress =
        rows.length < PAGE
          ? { step: p.step + 1, after: 0 }
          : { step: p.step, after: Number(rows[rows.length - 1]?.id) }
      await k
        .updateTable('settings')
        .set({ value: JSON.stringify(next) })
        .where('key', '=', key)
        .execute()
      return false
    })
    if (done) return
  }
}
