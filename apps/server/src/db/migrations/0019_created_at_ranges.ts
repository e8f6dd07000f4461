import { type Kysely, sql } from 'kysely'

/**
 * Visa, GAMCA and NAVTCC lists filter their From/To on `created_at` (their RecordSpec's date
 * column). Without an index a 2½-year range at 1M records read rows newest first until it passed
 * the range (40 ms p50); the (created_at, id) index hands out a range's page newest first, as
 * (depart_date, id) does for tickets. Table names are copied, not imported from the specs.
 */
const TABLES = ['visa_processing', 'gamca_tokens', 'navtcc'] as const

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES)
    await sql.raw(`CREATE INDEX ${table}_created_at_id ON ${table} (created_at, id)`).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql.raw(`DROP INDEX IF EXISTS ${table}_created_at_id`).execute(db)
}
