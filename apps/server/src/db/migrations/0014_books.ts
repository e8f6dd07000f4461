import { type Kysely, sql } from 'kysely'
import { dbKind, idColumn, idType, moneyType } from './helpers/dialect.ts'

/** Records that take a later payment; named here because a migration does not import application code. */
const PAYABLE = ['tickets', 'umrah', 'visa_processing', 'gamca_tokens', 'services', 'navtcc'] as const

/**
 * The double-entry books (issue 13, docs/decisions/018):
 * - bank_title on the forms that take bank money without naming the bank (Visa, Services, NAVTCC);
 * - payments_total on every record that takes later payments, so its remaining amount stays
 *   receivable − paid − payments;
 * - posting_lines, balanced per source, indexed for an account's running balance and by source;
 * - payments (receipts) and books_totals (the books' total debits, refused past 2^53 − 1 paisa);
 * - books_backfill: set here, cleared by the server after it has posted every existing record
 *   with the application's own rules (a migration cannot import them), in one transaction at start.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  const money = moneyType(kind)
  for (const table of ['visa_processing', 'services', 'navtcc']) {
    await db.schema
      .alterTable(table)
      .addColumn('bank_title', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .execute()
  }
  for (const table of PAYABLE) {
    await db.schema
      .alterTable(table)
      .addColumn('payments_total', sql.raw(money), (c) => c.notNull().defaultTo(0))
      .execute()
  }

  await db.schema
    .createTable('posting_lines')
    .addColumn('id', idType(kind), idColumn(kind))
    .addColumn('source_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('account', 'varchar(220)', (c) => c.notNull())
    .addColumn('debit', sql.raw(money), (c) => c.notNull().defaultTo(0))
    .addColumn('credit', sql.raw(money), (c) => c.notNull().defaultTo(0))
    .addColumn('entry', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('posting_lines_account_date')
    .on('posting_lines')
    .columns(['account', 'date', 'id'])
    .execute()
  await db.schema
    .createIndex('posting_lines_source')
    .on('posting_lines')
    .columns(['source_type', 'source_id'])
    .execute()

  await db.schema
    .createTable('payments')
    .addColumn('id', idType(kind), idColumn(kind))
    .addColumn('receipt_no', 'varchar(50)', (c) => c.notNull())
    .addColumn('source_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount', sql.raw(money), (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('bank_title', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('employee', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('payments_source')
    .on('payments')
    .columns(['source_type', 'source_id'])
    .execute()

  await db.schema
    .createTable('books_totals')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('debit', sql.raw(money), (c) => c.notNull().defaultTo(0))
    .addColumn('backfill', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.insertInto('books_totals').values({ id: 1, debit: 0, backfill: 1 }).execute()
}

export async function down(): Promise<void> {}
