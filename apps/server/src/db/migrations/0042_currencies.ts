import { type Kysely, sql } from 'kysely'
import { dbKind, idColumn, idType, moneyType } from './helpers/dialect.ts'

/**
 * Issue 34 items 1-3 (docs/decisions/107, 108, 109):
 * - currencies: the ISO 4217 codes the office has turned on, with their minor units; PKR (the
 *   books' currency) on from the start.
 * - exchange_rates: rupees per one unit of a currency from a day on, as micro-rupees (an integer
 *   scaled by 10^6, exact); a later row for the same day supersedes an earlier one (rows are only added).
 * - posting_lines: the transaction currency of the line, its amount there (fx_debit/fx_credit, minor
 *   units; 0 on a rupee line, whose amount is debit/credit) and the rate used (micro-rupees, null
 *   on a rupee line). Added with defaults: no line is rewritten, so the insert-only triggers stay.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  const money = sql.raw(moneyType(kind))
  await db.schema
    .createTable('currencies')
    .addColumn('code', 'text', (c) => c.primaryKey().check(sql`length(code) = 3`))
    .addColumn('minor_units', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await sql`INSERT INTO currencies (code, minor_units, enabled, updated_at) VALUES ('PKR', 2, 1, ${new Date().toISOString()})`.execute(
    db,
  )
  await db.schema
    .createTable('exchange_rates')
    .addColumn('id', sql.raw(idType(kind)), idColumn(kind))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('rate', money, (c) => c.notNull().check(sql`rate > 0`))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('exchange_rates_day')
    .on('exchange_rates')
    .columns(['currency', 'date', 'id'])
    .execute()

  await sql`ALTER TABLE posting_lines ADD COLUMN currency text NOT NULL DEFAULT 'PKR'`.execute(db)
  await sql`ALTER TABLE posting_lines ADD COLUMN fx_debit ${money} NOT NULL DEFAULT 0`.execute(db)
  await sql`ALTER TABLE posting_lines ADD COLUMN fx_credit ${money} NOT NULL DEFAULT 0`.execute(db)
  await sql`ALTER TABLE posting_lines ADD COLUMN rate ${money}`.execute(db)

  // Issue 34 item 3 (decision 109): records in their currencies. A Vendor ledger entry's amounts are
  // in `currency` (the vendor's), with the rate used; an Umrah package's selling side in
  // `currency`, its payable in `vendor_currency`, and the rates it used as JSON ({"SAR": 74850000}).
  await sql`ALTER TABLE vender_entries ADD COLUMN currency text NOT NULL DEFAULT 'PKR'`.execute(db)
  await sql`ALTER TABLE vender_entries ADD COLUMN rate ${money}`.execute(db)
  // An Agent ledger entry likewise, in the agent's currency.
  await sql`ALTER TABLE agent_entries ADD COLUMN currency text NOT NULL DEFAULT 'PKR'`.execute(db)
  await sql`ALTER TABLE agent_entries ADD COLUMN rate ${money}`.execute(db)
  await sql`ALTER TABLE umrah ADD COLUMN currency text NOT NULL DEFAULT 'PKR'`.execute(db)
  await sql`ALTER TABLE umrah ADD COLUMN vendor_currency text NOT NULL DEFAULT 'PKR'`.execute(db)
  await sql`ALTER TABLE umrah ADD COLUMN rates text NOT NULL DEFAULT '{}'`.execute(db)
}
