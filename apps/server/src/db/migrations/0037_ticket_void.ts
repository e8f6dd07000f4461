import { type Kysely, sql } from 'kysely'

/**
 * Issue 37 (decision 092): a ticket voided by the airline. '' while it stands; once voided, when
 * (ISO time), by whom and why. The void's money is a reversal of the ticket's entry in the books;
 * these columns only say so wherever the ticket shows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE tickets ADD COLUMN voided_at TEXT NOT NULL DEFAULT ''`.execute(db)
  await sql`ALTER TABLE tickets ADD COLUMN voided_by TEXT NOT NULL DEFAULT ''`.execute(db)
  await sql`ALTER TABLE tickets ADD COLUMN void_reason TEXT NOT NULL DEFAULT ''`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE tickets DROP COLUMN void_reason`.execute(db)
  await sql`ALTER TABLE tickets DROP COLUMN voided_by`.execute(db)
  await sql`ALTER TABLE tickets DROP COLUMN voided_at`.execute(db)
}
