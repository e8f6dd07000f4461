import { type Kysely, sql } from 'kysely'
import { dbKind, moneyType } from './helpers/dialect.ts'

/**
 * Issue 34 item 3 (decision 137): a Ticket's selling side in its agent's or customer's currency, as
 * 0042 gave the Umrah (`currency`; its rate is kept in `rates` beside the payable's, 0049); and a
 * later payment (Receive Payment) in its record's currency, with the rate it used (micro-rupees;
 * null in rupees). Added with defaults, so every record and payment already saved stays in rupees.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const money = sql.raw(moneyType(dbKind(db)))
  await sql`ALTER TABLE tickets ADD COLUMN currency text NOT NULL DEFAULT 'PKR'`.execute(db)
  await sql`ALTER TABLE payments ADD COLUMN currency text NOT NULL DEFAULT 'PKR'`.execute(db)
  await sql`ALTER TABLE payments ADD COLUMN rate ${money}`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE payments DROP COLUMN rate`.execute(db)
  await sql`ALTER TABLE payments DROP COLUMN currency`.execute(db)
  await sql`ALTER TABLE tickets DROP COLUMN currency`.execute(db)
}
