import { type Kysely, sql } from 'kysely'
import { dbKind } from './helpers/dialect.ts'
import { ftsTable, SEARCH_COLUMNS_V1, SEARCH_QUEUE, SEARCH_TABLES_V1 as TABLES } from './helpers/search-v1.ts'

/**
 * SQLite: records no longer write their trigram rows inside their own transaction; triggers put
 * the record's id on a queue that the server indexes in bulk (db/search-queue.ts). FTS5 writes a
 * new index segment per transaction and per table, and a ticket touches four (the ticket and its
 * three postings): that was half the cost of creating one. Searches read the queue beside the
 * index, so they stay exact while rows wait.
 * `in_index`: 1 when the index may still hold an older text of the row (edited or deleted after
 * it was indexed), so the indexer must remove it first. PostgreSQL's GIN index has its own
 * pending list and is left as it is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dbKind(db) === 'postgres') return
  await sql
    .raw(`CREATE TABLE ${SEARCH_QUEUE} (
  table_name TEXT NOT NULL,
  row_id INTEGER NOT NULL,
  in_index INTEGER NOT NULL,
  PRIMARY KEY (table_name, row_id)
) WITHOUT ROWID`)
    .execute(db)
  for (const table of TABLES) {
    const fts = ftsTable(table)
    const queue = (id: string, inIndex: 0 | 1) =>
      `INSERT OR IGNORE INTO ${SEARCH_QUEUE} (table_name, row_id, in_index) VALUES ('${table}', ${id}, ${inIndex});`
    for (const t of ['ai', 'au', 'ad']) await sql.raw(`DROP TRIGGER ${fts}_${t}`).execute(db)
    await sql
      .raw(`CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${table} BEGIN ${queue('new.id', 0)} END`)
      .execute(db)
    // A row still waiting from its insert keeps in_index = 0 (OR IGNORE): nothing to remove yet.
    await sql
      .raw(
        `CREATE TRIGGER ${fts}_au AFTER UPDATE OF ${SEARCH_COLUMNS_V1[table].join(', ')}, id ON ${table} BEGIN ${queue('old.id', 1)} ${queue('new.id', 0)} END`,
      )
      .execute(db)
    await sql
      .raw(`CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${table} BEGIN ${queue('old.id', 1)} END`)
      .execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dbKind(db) === 'postgres') return
  for (const table of TABLES) {
    const fts = ftsTable(table)
    for (const t of ['ai', 'au', 'ad']) await sql.raw(`DROP TRIGGER IF EXISTS ${fts}_${t}`).execute(db)
  }
  await sql.raw(`DROP TABLE IF EXISTS ${SEARCH_QUEUE}`).execute(db)
}
