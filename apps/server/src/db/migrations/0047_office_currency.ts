import { type Kysely, sql } from 'kysely'
import { dbKind, moneyType } from './helpers/dialect.ts'

/**
 * Issue 34 item 3 (docs/decisions/132): an Office Accounts entry is kept in its bank's currency,
 * with the rate used (micro-rupees; null in rupees), as Vendor and Agent entries are (0042).
 * Added with defaults: every row written before is rupees.
 *
 * The Office Accounts view (0030) reads a row another record posted (an agent's receipt into the
 * bank, a vendor paid from it) from its source's bank line. A bank kept in another currency keeps
 * its own rows in that currency, so its linked rows are read in it too: the lines' amount in the
 * bank's currency (`fx_debit`/`fx_credit`), not their rupees; a rupee bank reads rupees as before
 * (a line in another currency on a rupee bank is read by its rupees). Rupee lines beside a
 * foreign bank's (a realised difference) are not money in the bank's currency: left out there.
 */
const side = (column: 'debit' | 'credit') =>
  sql.raw(`(SELECT COALESCE(SUM(CASE WHEN COALESCE(a.currency, 'PKR') = 'PKR' THEN l.${column}
        WHEN l.currency = a.currency THEN l.fx_${column} ELSE 0 END), 0)
      FROM posting_lines l LEFT JOIN accounts a ON a.code = l.account
      WHERE l.source_type = x.source_type AND l.source_id = x.source_id AND l.account LIKE 'bank:%')`)

export async function up(db: Kysely<any>): Promise<void> {
  const money = sql.raw(moneyType(dbKind(db)))
  await sql`ALTER TABLE account_entries ADD COLUMN currency text NOT NULL DEFAULT 'PKR'`.execute(db)
  await sql`ALTER TABLE account_entries ADD COLUMN rate ${money}`.execute(db)
  await sql`DROP VIEW office_ledger`.execute(db)
  // Office Accounts: money into the account is the bank's debit.
  await sql`CREATE VIEW office_ledger AS
    SELECT x.id, x.created_at, x.source_type, x.source_id, x.created_by, x.bank_name, x.employee_name,
      x.vendor_name, x.entry, x.date, x.detail,
      CASE WHEN x.source_type IS NULL THEN x.credit ELSE ${side('debit')} END AS credit,
      CASE WHEN x.source_type IS NULL THEN x.debit ELSE ${side('credit')} END AS debit,
      x.currency, x.rate
    FROM account_entries x`.execute(db)
}

/** Back to 0030's view and no currency columns (the upgrade tests take a database back before 0034). */
export async function down(db: Kysely<any>): Promise<void> {
  const side0030 = (column: 'debit' | 'credit') =>
    sql.raw(`(SELECT COALESCE(SUM(l.${column}), 0) FROM posting_lines l WHERE l.source_type = x.source_type
      AND l.source_id = x.source_id AND l.account LIKE 'bank:%')`)
  await sql`DROP VIEW office_ledger`.execute(db)
  await sql`CREATE VIEW office_ledger AS
    SELECT x.id, x.created_at, x.source_type, x.source_id, x.created_by, x.bank_name, x.employee_name,
      x.vendor_name, x.entry, x.date, x.detail,
      CASE WHEN x.source_type IS NULL THEN x.credit ELSE ${side0030('debit')} END AS credit,
      CASE WHEN x.source_type IS NULL THEN x.debit ELSE ${side0030('credit')} END AS debit
    FROM account_entries x`.execute(db)
  await sql`ALTER TABLE account_entries DROP COLUMN currency`.execute(db)
  await sql`ALTER TABLE account_entries DROP COLUMN rate`.execute(db)
}
