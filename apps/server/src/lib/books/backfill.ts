import type { Kysely } from 'kysely'
import type { Db } from '../../db/connect.ts'
import { moneyOut } from '../../db/money-columns.ts'
import type { TableName } from '../../db/schema.ts'
import { type ApiRow, recordLifecycle } from '../crud.ts'
import { writeJournal } from '../journal.ts'
import { writeTransaction } from '../write-batch.ts'
import { registeredPosters } from './registry.ts'

const PAGE = 500

/**
 * The upgrade to the books (migration 0012 sets books_totals.backfill): every existing record posts
 * its lines (and the Office Accounts rows its bank money now makes) with today's rules, and its
 * dashboard line is rewritten on its money date, in one transaction at start (decision 018). A
 * migration cannot run these rules (it imports nothing from the application), so the server does,
 * once, before it serves. Older records' bank texts that name no bank are kept as their bank.
 */
export const backfillBooks = async (db: Db) => {
  const pending = async (k: Kysely<any>) =>
    Number(
      (await k.selectFrom('books_totals').select('backfill').where('id', '=', 1).executeTakeFirst())
        ?.backfill ?? 0,
    )
  if (!(await pending(db as unknown as Kysely<any>))) return
  await writeTransaction(db, async (trx) => {
    const k = trx as unknown as Kysely<any>
    // Another server may have finished it while this one waited.
    if (!(await pending(k))) return
    for (const [table, post] of registeredPosters()) {
      const journal = recordLifecycle(db, table)?.journal
      let after = 0
      for (;;) {
        const rows = await k
          .selectFrom(table)
          .selectAll()
          .where('id', '>', after)
          .orderBy('id')
          .limit(PAGE)
          .execute()
        for (const raw of rows) {
          const row = moneyOut(table as TableName, raw) as ApiRow
          await post(trx, row, { lenient: true, before: null })
          if (journal) await writeJournal(trx, table, row.id, journal(row))
        }
        if (rows.length < PAGE) break
        after = Number(rows[rows.length - 1].id)
      }
    }
    await k.updateTable('books_totals').set({ backfill: 0 }).where('id', '=', 1).execute()
  })
}
