import { type Kysely, sql } from 'kysely'
import { dbKind, idColumn, idType, moneyType } from './helpers/dialect.ts'

/**
 * Issue 34 item 3's leftover (docs/decisions/143): a transfer between two banks, one of them kept
 * in rupees and the other in rupees or another currency (rupees out of a PKR bank, riyals into a
 * SAR bank). It keeps what was typed: the amount sent in the sending bank's currency and the amount
 * received in the receiving bank's (minor units), the rate used (micro-rupees; null between two
 * rupee banks) and who entered it. Its money is two entries of the books, the sources
 * `bank_transfer_out` and `bank_transfer_in` with its id, and two linked Office Accounts rows.
 * Also an index covering a foreign account's amounts in its currency (posting_lines_account_fx).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  const money = sql.raw(moneyType(kind))
  await db.schema
    .createTable('bank_transfers')
    .addColumn('id', sql.raw(idType(kind)), idColumn(kind))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('from_bank', 'text', (c) => c.notNull())
    .addColumn('to_bank', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('from_currency', 'text', (c) => c.notNull())
    .addColumn('to_currency', 'text', (c) => c.notNull())
    .addColumn('sent', money, (c) => c.notNull())
    .addColumn('received', money, (c) => c.notNull())
    .addColumn('rate', money)
    .addColumn('user_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('bank_transfers_date').on('bank_transfers').columns(['date', 'id']).execute()
  // The papers' foreign balances (trial balance, aging, To Collect, dashboard: decision 123) sum a
  // foreign account's amounts in its currency over all its lines; covered here, the sums read the
  // index alone instead of every line's row (bench/README.md: 40x -> 3.8x the all-rupee trial balance).
  await db.schema
    .createIndex('posting_lines_account_fx')
    .on('posting_lines')
    .columns(['account', 'date', 'fx_debit', 'fx_credit', 'debit', 'credit'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('posting_lines_account_fx').execute()
  await db.schema.dropTable('bank_transfers').execute()
}
