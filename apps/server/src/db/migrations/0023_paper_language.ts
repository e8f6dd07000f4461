import { type Kysely, sql } from 'kysely'

/**
 * The language a customer's receipts and statements are printed in (decision 044): 'en' or 'ur'.
 * Existing customers keep English papers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE customers ADD COLUMN paper_language TEXT NOT NULL DEFAULT 'en'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE customers DROP COLUMN paper_language`.execute(db)
}
