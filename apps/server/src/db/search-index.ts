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

const quoted = (token: string) => `"${token.replace(/"/g, '""')}"`

/** SQLite's FTS5 query for `q`: every trigram, each quoted (only " needs doubling), ANDed. */
const trigramMatch = (q: string) => {
  const chars = [...q]
  return chars
    .slice(2)
    .map((_, i) => quoted(chars.slice(i, i + 3).join('')))
    .join(' AND ')
}

/**
 * SQLite: up to `limit` ids the trigram index holds for `q`, read in one statement (as one JSON
 * array: thousands of ids cost 0.6 ms that way against 2.4 ms as rows). Undefined where there is
 * no such index (PostgreSQL, fewer than three characters).
 */
export const searchCandidateIds = async <DB>(
  db: Kysely<DB>,
  table: SearchTable,
  q: string,
  limit: number,
): Promise<number[] | undefined> => {
  if (dbKind(db) === 'postgres' || [...q].length < MIN_INDEXED_SEARCH) return undefined
  const fts = sql.table(ftsTable(table))
  const { rows } = await sql<{ ids: string }>`
    SELECT json_group_array(rowid) AS ids
    FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${trigramMatch(q)} LIMIT ${limit})`.execute(db)
  return JSON.parse(rows[0]?.ids ?? '[]') as number[]
}

/** How a list applies the trigram index, once weighed (list-query.ts `planSearch`). */
export type SearchPlan =
  /** Many candidates: test each row of the list's own order against them. */
  | { dense: true }
  /** Few: these are all the index holds, so the page and its count need not ask it again. */
  | { ids: readonly number[] }

/**
 * A cheap superset of the rows whose search columns contain `q` (case-insensitively), answered by
 * the trigram index; the caller keeps the exact OR-of-LIKE predicate, so results never change.
 * Undefined when the index cannot help (fewer than three characters).
 * `plan` (SQLite, from `planSearch`): a dense search tests each row of the list's own order against
 * the candidates (`+id` keeps the planner from starting from the candidate list), a sparse one
 * takes its candidates as read.
 */
export const searchPrefilter = <DB>(
  db: Kysely<DB>,
  table: SearchTable,
  q: string,
  plan?: SearchPlan,
): RawBuilder<boolean> | undefined => {
  if ([...q].length < MIN_INDEXED_SEARCH) return undefined
  if (dbKind(db) === 'postgres') {
    const pattern = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
    return sql<boolean>`${sql.raw(searchTextSql('postgres', table))} LIKE lower(${pattern}) ESCAPE '\\'`
  }
  // A row holding q holds all its trigrams. detail=none stores no positions, so a phrase cannot be
  // asked; LIKE ... ESCAPE on an FTS5 table would skip the index.
  const fts = sql.table(ftsTable(table))
  const id = plan && 'dense' in plan ? sql`+${sql.ref('id')}` : sql.ref('id')
  const indexed =
    plan && 'ids' in plan
      ? sql`SELECT value FROM json_each(${JSON.stringify(plan.ids)})`
      : sql`SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${trigramMatch(q)}`
  // Rows written since the indexer last ran are not in the index yet: they are all candidates.
  return sql<boolean>`${id} IN (${indexed} UNION ALL SELECT row_id FROM ${sql.table(SEARCH_QUEUE)} WHERE table_name = ${table})`
}
