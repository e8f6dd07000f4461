import type { Kysely } from 'kysely'

/**
 * The books' upgrade (migration 0014's books_totals.backfill) resumes where it stopped: the server
 * posts existing records a chunk per transaction and records here the table and the last id each
 * chunk committed (issue 27 item 1, decision 040). Before, it ran as one transaction inside route
 * registration: past Fastify's plugin timeout a PostgreSQL upgrade was killed, rolled back, and
 * never finished.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('books_totals')
    .addColumn('backfill_table', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('books_totals')
    .addColumn('backfill_after', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(): Promise<void> {}
