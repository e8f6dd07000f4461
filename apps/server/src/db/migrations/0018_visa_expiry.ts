import { type Kysely, sql } from 'kysely'
import { dbKind } from './helpers/dialect.ts'

/**
 * A visa's own expiry date (issue 17, decision 028 addendum): nullable, since older files and
 * visas not yet issued have none. One (visa_expiry_date, id) index serves both the list sorted by
 * it and the alerts' range scan; PostgreSQL puts NULL first, as SQLite orders it (0011).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('visa_processing').addColumn('visa_expiry_date', 'text').execute()
  const nulls = dbKind(db) === 'postgres' ? ' NULLS FIRST' : ''
  await sql
    .raw(
      `CREATE INDEX visa_processing_sort_visa_expiry_date ON visa_processing (visa_expiry_date${nulls}, id)`,
    )
    .execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('visa_processing_sort_visa_expiry_date').execute()
  await db.schema.alterTable('visa_processing').dropColumn('visa_expiry_date').execute()
}
