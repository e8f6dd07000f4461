import { type Kysely, sql } from 'kysely'

/**
 * Issue 33 item 6 (docs/decisions/086): one live share link per party and period, given again
 * instead of a new one per WhatsApp click. The token is still looked up by its hash only; a copy
 * sealed under the server's key (AES-256-GCM, like the SMTP password) lets the same link be handed
 * out again. Links made before keep '' and are not reused.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE statement_shares ADD COLUMN token_sealed TEXT NOT NULL DEFAULT ''`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE statement_shares DROP COLUMN token_sealed`.execute(db)
}
