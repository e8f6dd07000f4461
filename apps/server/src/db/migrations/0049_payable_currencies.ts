import { type Kysely, sql } from 'kysely'

/**
 * Issue 34 item 3 (decision 136): a Ticket's and a NAVTCC's buying side in the vendor's currency, as
 * 0042 gave the Umrah: the payable in `vendor_currency` and the rate it used as JSON
 * ({"USD": 280500000}, micro-rupees). Added with defaults, so every record already saved stays in rupees.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE tickets ADD COLUMN vendor_currency text NOT NULL DEFAULT 'PKR'`.execute(db)
  await sql`ALTER TABLE tickets ADD COLUMN rates text NOT NULL DEFAULT '{}'`.execute(db)
  await sql`ALTER TABLE navtcc ADD COLUMN vendor_currency text NOT NULL DEFAULT 'PKR'`.execute(db)
  await sql`ALTER TABLE navtcc ADD COLUMN rates text NOT NULL DEFAULT '{}'`.execute(db)
}
