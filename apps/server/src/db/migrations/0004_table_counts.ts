import { type Kysely, sql } from 'kysely'
import { dbKind } from './helpers/dialect.ts'

/** The record tables whose plain lists (no search, no date range) read their total from table_counts. */
export const COUNTED_TABLES = [
  'tickets',
  'umrah',
  'visa_processing',
  'gamca_tokens',
  'services',
  'protectors',
  'expenses',
  'refunded',
  'navtcc',
  'refund_customers',
] as const

/**
 * Row counts per record table, kept by database triggers so every writer (the API, a bulk import,
 * a second server) keeps them exact. A list's first page then reads one row instead of counting
 * a table of a million; table-counts.test.ts proves the counts equal COUNT(*).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  const counts = db.schema
    .createTable('table_counts')
    .addColumn('table_name', 'text', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
  // One b-tree instead of a table plus its key index: one page less to write per insert.
  await (kind === 'sqlite' ? counts.modifyEnd(sql`without rowid`) : counts).execute()

  if (kind === 'postgres') {
    await sql
      .raw(`CREATE FUNCTION table_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE table_counts SET n = n + 1 WHERE table_name = TG_TABLE_NAME;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE table_counts SET n = n - 1 WHERE table_name = TG_TABLE_NAME;
  ELSE
    UPDATE table_counts SET n = 0 WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$`)
      .execute(db)
  }

  for (const table of COUNTED_TABLES) {
    if (kind === 'postgres') {
      await sql
        .raw(`CREATE TRIGGER ${table}_count AFTER INSERT OR DELETE ON ${table}
FOR EACH ROW EXECUTE FUNCTION table_counts_sync()`)
        .execute(db)
      // TRUNCATE fires no row triggers.
      await sql
        .raw(`CREATE TRIGGER ${table}_count_truncate AFTER TRUNCATE ON ${table}
FOR EACH STATEMENT EXECUTE FUNCTION table_counts_sync()`)
        .execute(db)
    } else {
      await sql
        .raw(
          `CREATE TRIGGER ${table}_count_ai AFTER INSERT ON ${table} BEGIN UPDATE table_counts SET n = n + 1 WHERE table_name = '${table}'; END`,
        )
        .execute(db)
      await sql
        .raw(
          `CREATE TRIGGER ${table}_count_ad AFTER DELETE ON ${table} BEGIN UPDATE table_counts SET n = n - 1 WHERE table_name = '${table}'; END`,
        )
        .execute(db)
    }
    // Rows written before this migration are counted once.
    await sql
      .raw(`INSERT INTO table_counts (table_name, n) SELECT '${table}', count(*) FROM ${table}`)
      .execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  for (const table of COUNTED_TABLES) {
    if (kind === 'postgres') {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_count ON ${table}`).execute(db)
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_count_truncate ON ${table}`).execute(db)
    } else {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_count_ai`).execute(db)
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_count_ad`).execute(db)
    }
  }
  if (kind === 'postgres') await sql`DROP FUNCTION IF EXISTS table_counts_sync()`.execute(db)
  await db.schema.dropTable('table_counts').ifExists().execute()
}
