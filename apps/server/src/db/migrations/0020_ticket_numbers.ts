import { type Kysely, sql } from 'kysely'
import { dbKind } from './helpers/dialect.ts'
import { ftsTable, SEARCH_COLUMNS_V1, SEARCH_QUEUE, searchText } from './helpers/search-v1.ts'

/**
 * Tickets keep the ticket numbers and the pasted text they were read from (issue 22 §3), and the
 * search box finds a ticket by its number: the tickets search index is rebuilt over its columns
 * plus ticket_numbers (the pasted text itself is kept, not indexed: the PNR is already the
 * reference). Copied, not imported, so this migration keeps building what it built.
 */
const COLUMNS = [...SEARCH_COLUMNS_V1.tickets, 'ticket_numbers']
const TABLE = 'tickets'

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`ALTER TABLE ${TABLE} ADD COLUMN ticket_numbers TEXT`).execute(db)
  await sql.raw(`ALTER TABLE ${TABLE} ADD COLUMN ticket_text TEXT`).execute(db)
  if (dbKind(db) === 'postgres') {
    // Only where 0005 could build the trigram index (pg_trgm present).
    const { rows } = await sql<{
      n: number
    }>`SELECT 1 AS n FROM pg_indexes WHERE indexname = 'tickets_search'`.execute(db)
    if (rows.length === 0) return
    await sql.raw(`DROP INDEX tickets_search`).execute(db)
    await sql
      .raw(
        `CREATE INDEX tickets_search ON ${TABLE} USING gin ((${searchText('postgres', COLUMNS)}) gin_trgm_ops)`,
      )
      .execute(db)
    return
  }
  const fts = ftsTable(TABLE)
  for (const t of ['ai', 'au', 'ad']) await sql.raw(`DROP TRIGGER IF EXISTS ${fts}_${t}`).execute(db)
  await sql.raw(`DROP TABLE IF EXISTS ${fts}`).execute(db)
  await sql
    .raw(
      `CREATE VIRTUAL TABLE ${fts} USING fts5(text, content='', contentless_delete=1, detail=none, tokenize='trigram')`,
    )
    .execute(db)
  const queue = (id: string, inIndex: 0 | 1) =>
    `INSERT OR IGNORE INTO ${SEARCH_QUEUE} (table_name, row_id, in_index) VALUES ('${TABLE}', ${id}, ${inIndex});`
  await sql
    .raw(`CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${TABLE} BEGIN ${queue('new.id', 0)} END`)
    .execute(db)
  await sql
    .raw(
      `CREATE TRIGGER ${fts}_au AFTER UPDATE OF ${COLUMNS.join(', ')}, id ON ${TABLE} BEGIN ${queue('old.id', 1)} ${queue('new.id', 0)} END`,
    )
    .execute(db)
  await sql
    .raw(`CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${TABLE} BEGIN ${queue('old.id', 1)} END`)
    .execute(db)
  // The new index holds every row's current text, so nothing of this table waits any more.
  await sql
    .raw(
      `INSERT INTO ${fts} (rowid, text) SELECT id, ${searchText('sqlite', COLUMNS, `${TABLE}.`)} FROM ${TABLE}`,
    )
    .execute(db)
  await sql.raw(`DELETE FROM ${SEARCH_QUEUE} WHERE table_name = '${TABLE}'`).execute(db)
}

/** Dropping the columns would lose the kept tickets; a downgrade leaves them (older code ignores them). */
export async function down(_db: Kysely<any>): Promise<void> {}
