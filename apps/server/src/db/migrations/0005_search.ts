import { type Kysely, sql } from 'kysely'
import { dbKind } from './helpers/dialect.ts'
import { ftsTable, SEARCH_COLUMNS_V1, searchText, SEARCH_TABLES_V1 as TABLES } from './helpers/search-v1.ts'

/**
 * Trigram indexes for the search box, so "contains" stops reading the whole table. SQLite: a
 * contentless FTS5 trigram table per record table, kept in step by triggers so every writer keeps
 * it exact. Contentless and detail=none (no positions) keep it to ~190 bytes per ticket instead of
 * ~620; the pre-filter only asks which rows hold every trigram, which needs no positions. PostgreSQL: a pg_trgm GIN index on the same text.
 * Both only pre-filter; crud keeps the exact OR-of-LIKE predicate.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dbKind(db) === 'postgres') {
    // pg_trgm is trusted since PostgreSQL 13; without it (or the right to create it) lists still
    // answer exactly, by scanning. The savepoint keeps a refusal from aborting the migration.
    await sql`SAVEPOINT search_trgm`.execute(db)
    try {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db)
    } catch {
      await sql`ROLLBACK TO SAVEPOINT search_trgm`.execute(db)
      return
    }
    for (const table of TABLES) {
      await sql
        .raw(
          `CREATE INDEX ${table}_search ON ${table} USING gin ((${searchText('postgres', SEARCH_COLUMNS_V1[table])}) gin_trgm_ops)`,
        )
        .execute(db)
    }
    return
  }
  for (const table of TABLES) {
    const fts = ftsTable(table)
    const text = (row: string) => searchText('sqlite', SEARCH_COLUMNS_V1[table], `${row}.`)
    await sql
      .raw(
        `CREATE VIRTUAL TABLE ${fts} USING fts5(text, content='', contentless_delete=1, detail=none, tokenize='trigram')`,
      )
      .execute(db)
    await sql
      .raw(
        `CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${table} BEGIN INSERT INTO ${fts} (rowid, text) VALUES (new.id, ${text('new')}); END`,
      )
      .execute(db)
    // Only edits of a searched column touch the index.
    await sql
      .raw(
        `CREATE TRIGGER ${fts}_au AFTER UPDATE OF ${SEARCH_COLUMNS_V1[table].join(', ')}, id ON ${table} BEGIN
DELETE FROM ${fts} WHERE rowid = old.id;
INSERT INTO ${fts} (rowid, text) VALUES (new.id, ${text('new')});
END`,
      )
      .execute(db)
    await sql
      .raw(
        `CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${table} BEGIN DELETE FROM ${fts} WHERE rowid = old.id; END`,
      )
      .execute(db)
    await sql.raw(`INSERT INTO ${fts} (rowid, text) SELECT id, ${text(table)} FROM ${table}`).execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    if (dbKind(db) === 'postgres') {
      await sql.raw(`DROP INDEX IF EXISTS ${table}_search`).execute(db)
    } else {
      const fts = ftsTable(table)
      for (const t of ['ai', 'au', 'ad']) await sql.raw(`DROP TRIGGER IF EXISTS ${fts}_${t}`).execute(db)
      await sql.raw(`DROP TABLE IF EXISTS ${fts}`).execute(db)
    }
  }
}
