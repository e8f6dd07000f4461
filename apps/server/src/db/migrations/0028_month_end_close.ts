import type { Kysely } from 'kysely'
import { dbKind, idColumn, idType, moneyType } from './helpers/dialect.ts'

/**
 * Issue 24 items 3-4 (decisions 065, 066).
 *
 * - books_locks: every change of the books' lock date, newest last (the current lock is the newest
 *   row): the last closed day, the reason, who and when. Kept whole, so moving the date back is in
 *   the history beside the audit row.
 * - cash_counts: each count of the drawer at a day's end (paisa): what was counted, Cash in Office
 *   then, the difference posted to Cash over/short, the reason; `replaced_by` names a later count of
 *   the same day (its entry then reversed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  await db.schema
    .createTable('books_locks')
    .addColumn('id', idType(kind), idColumn(kind))
    .addColumn('through', 'varchar(10)', (c) => c.notNull())
    .addColumn('previous', 'varchar(10)')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer')
    .addColumn('username', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('cash_counts')
    .addColumn('id', idType(kind), idColumn(kind))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('counted', moneyType(kind), (c) => c.notNull())
    .addColumn('expected', moneyType(kind), (c) => c.notNull())
    .addColumn('difference', moneyType(kind), (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('employee', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('replaced_by', 'integer')
    .execute()
  await db.schema.createIndex('cash_counts_date').on('cash_counts').columns(['date', 'id']).execute()
}
