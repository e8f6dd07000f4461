import { type Kysely, sql } from 'kysely'
import { dbKind } from './helpers/dialect.ts'
import { searchText } from './helpers/search-v1.ts'

/** The customer search box's columns (copied from areas/customers/routes.ts, not imported). */
const COLUMNS = ['name', 'mobile_number', 'passport_number', 'address']
const FTS = 'customers_search'

/**
 * A trigram index for the customer search box, as migration 0005 gave the record lists: at 100,000
 * customers a contains-match read every row. SQLite: a contentless FTS5 trigram table kept by
 * triggers (customers are written one at a time, by staff). PostgreSQL: a pg_trgm GIN index on the
 * same text (skipped, as in 0005, when the extension cannot be created). Both only pre-filter; the
 * route keeps its exact OR-of-LIKE predicate.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dbKind(db) === 'postgres') {
    await sql`SAVEPOINT customer_trgm`.execute(db)
    try {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db)
    } catch {
      await sql`ROLLBACK TO SAVEPOINT customer_trgm`.execute(db)
      return
    }
    await sql
      .raw(`CREATE INDEX ${FTS} ON customers USING gin ((${searchText('postgres', COLUMNS)}) gin_trgm_ops)`)
      .execute(db)
    return
  }
  const text = (row: string) => searchText('sqlite', COLUMNS, `${row}.`)
  await sql
    .raw(
      `CREATE VIRTUAL TABLE ${FTS} USING fts5(text, content='', contentless_delete=1, detail=none, tokenize='trigram')`,
    )
    .execute(db)
  await sql
    .raw(
      `CREATE TRIGGER ${FTS}_ai AFTER INSERT ON customers BEGIN INSERT INTO ${FTS} (rowid, text) VALUES (new.id, ${text('new')}); END`,
    )
    .execute(db)
  await sql
    .raw(
      `CREATE TRIGGER ${FTS}_au AFTER UPDATE OF ${COLUMNS.join(', ')}, id ON customers BEGIN
DELETE FROM ${FTS} WHERE rowid = old.id;
INSERT INTO ${FTS} (rowid, text) VALUES (new.id, ${text('new')});
END`,
    )
    .execute(db)
  await sql
    .raw(
      `CREATE TRIGGER ${FTS}_ad AFTER DELETE ON customers BEGIN DELETE FROM ${FTS} WHERE rowid = old.id; END`,
    )
    .execute(db)
  await sql.raw(`INSERT INTO ${FTS} (rowid, text) SELECT id, ${text('customers')} FROM customers`).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dbKind(db) === 'postgres') {
    await sql.raw(`DROP INDEX IF EXISTS ${FTS}`).execute(db)
    return
  }
  for (const t of ['ai', 'au', 'ad']) await sql.raw(`DROP TRIGGER IF EXISTS ${FTS}_${t}`).execute(db)
  await sql.raw(`DROP TABLE IF EXISTS ${FTS}`).execute(db)
}
