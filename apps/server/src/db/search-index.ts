import { ALL_RECORD_SPECS, type RecordTable } from '@booking/shared'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import { type DbKind, dbKind } from './dialect.ts'

/**
 * The search box's columns per record table, from its RecordSpec (`spec.search`). Migrations 0005
 * and 0006 indexed a frozen copy (migrations/helpers/search-v1.ts) and lists only use the index
 * while the two agree; schema-drift.test.ts holds every spec to the database's index, so changing a
 * spec's search columns needs a migration.
 */
export const SEARCH_INDEX = Object.fromEntries(ALL_RECORD_SPECS.map((s) => [s.table, s.search])) as {
  readonly [T in RecordTable]: readonly string[]
}

export type SearchTable = keyof typeof SEARCH_INDEX

/** Trigrams need three characters (code points, as both tokenizers count them). */
export const MIN_INDEXED_SEARCH = 3

/** SQLite: ids of rows written since the indexer last ran (migration 0006, db/search-queue.ts). */
export const SEARCH_QUEUE = 'search_queue'

/** SQLite's FTS5 table beside a record table. */
export const ftsTable = (table: SearchTable) => `${table}_search`

/**
 * The row's searchable text: the columns joined by a newline, so a search (which never holds a
 * newline... and if it does, the exact predicate still decides) cannot match across two columns.
 * Built from || and coalesce because PostgreSQL only indexes IMMUTABLE expressions (concat_ws is not).
 */
export const searchTextSql = (kind: DbKind, table: SearchTable, prefix = '') => {
  const nl = kind === 'postgres' ? 'chr(10)' : 'char(10)'
  const text = SEARCH_INDEX[table].map((c) => `coalesce(${prefix}${c}, '')`).join(` || ${nl} || `)
  return kind === 'postgres' ? `lower(${text})` : text
}

const sameColumns = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((c) => b.includes(c))

/** `table` when migration 0005 indexed exactly these search columns of it (else lists scan). */
export const indexedTable = (columns: readonly string[], table: string): SearchTable | undefined =>
  table in SEARCH_INDEX && sameColumns(SEARCH_INDEX[table as SearchTable], columns)
    ? (table as SearchTable)
    : undefined

/**
 * A cheap superset of the rows whose search columns contain `q` (case-insensitively), answered by
 * the trigram index; the caller keeps the exact OR-of-LIKE predicate, so results never change.
 * Undefined when the index cannot help (fewer than three characters).
 */
const quoted = (token: string) => `"${token.replace(/"/g, '""')}"`

export const searchPrefilter = (
  db: Kysely<any>,
  table: SearchTable,
  q: string,
): RawBuilder<boolean> | undefined => {
  if ([...q].length < MIN_INDEXED_SEARCH) return undefined
  if (dbKind(db) === 'postgres') {
    const pattern = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
    return sql<boolean>`${sql.raw(searchTextSql('postgres', table))} LIKE lower(${pattern}) ESCAPE '\\'`
  }
  // Every trigram of q, each quoted (only " needs doubling), ANDed: a row holding q holds them all.
  // detail=none stores no positions, so a phrase cannot be asked; LIKE ... ESCAPE on an FTS5 table
  // would skip the index.
  const chars = [...q]
  const trigrams = chars.slice(2).map((_, i) => quoted(chars.slice(i, i + 3).join('')))
  const fts = sql.table(ftsTable(table))
  // Rows written since the indexer last ran are not in the index yet: they are all candidates.
  return sql<boolean>`${sql.ref('id')} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${trigrams.join(' AND ')} UNION ALL SELECT row_id FROM ${sql.table(SEARCH_QUEUE)} WHERE table_name = ${table})`
}
