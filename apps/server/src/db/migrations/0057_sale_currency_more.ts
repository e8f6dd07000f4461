import { type Kysely, sql } from 'kysely'

/**
 * Issue 34 item 3 (decision 151): Visa, GAMCA, Services and NAVTCC keep their selling side in the
 * customer's currency (`currency`), as 0050 gave the Ticket; its rate sits in `rates` beside the
 * payable's. Added with the default, so every record already saved stays in rupees.
 */
const TABLES = ['visa_processing', 'gamca_tokens', 'services', 'navtcc']

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES)
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN currency text NOT NULL DEFAULT 'PKR'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN currency`.execute(db)
}
