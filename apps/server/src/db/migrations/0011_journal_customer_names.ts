import { type Kysely, sql } from 'kysely'

/** Visa and GAMCA records; named here because a migration does not import application code. */
const TABLES = ['visa_processing', 'gamca_tokens'] as const

/**
 * The dashboard's Name column names the customer for every booking type: Visa and GAMCA lines,
 * which named the passenger, take their record's customer where it has one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`update journal set name = (
        select trim(r.customer_add) from ${sql.table(table)} r where r.id = journal.source_id
      )
      where source_type = ${table} and exists (
        select 1 from ${sql.table(table)} r where r.id = journal.source_id and trim(r.customer_add) <> ''
      )`.execute(db)
  }
}

export async function down(): Promise<void> {}
