import { type Kysely, sql } from 'kysely'
import { dbKind, moneyType } from './helpers/dialect.ts'

/**
 * Issue 34 item 3 (decision 140): Visa, GAMCA and Services gain a buying side like the Ticket's: the
 * vendor owed (`vendor_name`), the payable (paisa, in `vendor_currency`) and the rate it used as JSON
 * ({"SAR": 74850000}, micro-rupees). Added with defaults (no vendor, nothing payable, rupees), so every
 * record already saved is what it was.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const money = sql.raw(moneyType(dbKind(db)))
  for (const table of ['visa_processing', 'gamca_tokens', 'services']) {
    const t = sql.table(table)
    await sql`ALTER TABLE ${t} ADD COLUMN vendor_name text NOT NULL DEFAULT ''`.execute(db)
    await sql`ALTER TABLE ${t} ADD COLUMN payable_to_vendor ${money} NOT NULL DEFAULT 0`.execute(db)
    await sql`ALTER TABLE ${t} ADD COLUMN vendor_currency text NOT NULL DEFAULT 'PKR'`.execute(db)
    await sql`ALTER TABLE ${t} ADD COLUMN rates text NOT NULL DEFAULT '{}'`.execute(db)
  }
}
