import { type Kysely, sql } from 'kysely'
import { dbKind, moneyType } from './helpers/dialect.ts'

/**
 * Per account, per month sums of the posting lines (docs/decisions/034), so an account's balance
 * before any point is a few checkpoint rows plus part of one month, however long its history.
 * Kept by syncLines/removeLines in the same transaction as the lines (in account order, so two
 * writers lock them alike); the books check proves them equal to the lines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const money = sql.raw(moneyType(dbKind(db)))
  await db.schema
    .createTable('posting_months')
    .addColumn('account', 'varchar(220)', (c) => c.notNull())
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('debit', money, (c) => c.notNull().defaultTo(0))
    .addColumn('credit', money, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('posting_months_pk', ['account', 'month'])
    .execute()
  // Covers the rest-of-a-month sums of an account's balance without reading the table.
  await db.schema
    .createIndex('posting_lines_account_cover')
    .on('posting_lines')
    .columns(['account', 'date', 'id', 'debit', 'credit'])
    .execute()
  await sql`INSERT INTO posting_months (account, month, n, debit, credit)
    SELECT account, substr(date, 1, 7), count(*), sum(debit), sum(credit)
    FROM posting_lines GROUP BY account, substr(date, 1, 7)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('posting_lines_account_cover').ifExists().execute()
  await db.schema.dropTable('posting_months').ifExists().execute()
}
