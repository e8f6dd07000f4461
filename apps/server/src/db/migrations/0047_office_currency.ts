import { type Kysely, sql } from 'kysely'
import { dbKind, moneyType } from './helpers/dialect.ts'

/**
 * Issue 34 item 3 (docs/decisions/132): an Office Accounts entry is kept in its bank's currency,
 * with the rate used (micro-rupees; null in rupees), as Vendor and Agent entries are (0042).
 * Added with defaults: every row written before is rupees.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const money = sql.raw(moneyType(dbKind(db)))
  await sql`ALTER TABLE account_entries ADD COLUMN currency text NOT NULL DEFAULT 'PKR'`.execute(db)
  await sql`ALTER TABLE account_entries ADD COLUMN rate ${money}`.execute(db)
}
