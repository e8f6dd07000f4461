import type { ListQuery, RecordSpec, RecordTable } from '@booking/shared'
import type { Kysely, Selectable } from 'kysely'
import type { z } from 'zod'
import type { Db } from '../db/connect.ts'
import type { Database, Row } from '../db/schema.ts'
import type { AuthUser } from '../plugins/auth.ts'
import type { JournalFields } from './journal.ts'

// The types of a record's lifecycle (its rows and hooks), apart from crud.ts, which runs it, so
// the list query and the extensions read them without importing the lifecycle back.

type Trx = Kysely<Database>

/**
 * A record table's stored row as the server works with it: money already in rupees, the spec's
 * snake_case names, typed from db/schema.ts; without T, the row of whichever record table.
 */
export type ApiRow<T extends RecordTable = RecordTable> = { [K in T]: Row<K> }[T]

type RecordColumn = { [K in RecordTable]: keyof Row<K> }[RecordTable]
type ColumnOf<C, K extends RecordTable> = C extends keyof Row<K> ? Row<K>[C] : never
/**
 * Any record table's row read by columns only some tables have (a table-keyed map, a receipt, a
 * passenger's file): each such column optional, typed as the tables that have it type it.
 */
export type AnyRecordRow = { id: number } & {
  [C in RecordColumn]?: { [K in RecordTable]: ColumnOf<C, K> }[RecordTable]
}

export interface SaveContext<Row = ApiRow> {
  user: AuthUser
  created: boolean
  /** The row before an update (rupees); null on create. */
  before: Row | null
}

/** A stored row of a record type's table, as the hooks see it (money in rupees). */
export type StoredRow<S extends RecordSpec> = Selectable<Database[S['table']]>

/**
 * What differs between record types beyond their RecordSpec (postings, field mapping), given to
 * crudRoutes beside the spec. The write runs them in lib/record-write.ts: toRow -> check -> closed
 * period (postingDay) -> store -> journal -> ledgerRows -> postings -> audit.
 */
interface BaseHooks<S extends RecordSpec, R extends Record<string, unknown>> {
  /** Body (parsed) -> column values in rupees, derived figures recomputed here. */
  toRow: (input: z.output<S['input']>, ctx: { user: AuthUser; before: StoredRow<S> | null }) => R
  /**
   * Refusals that depend on other rows (an unknown bank or name, a ledger line posted by another
   * record), run before anything is written. `row`: the values about to be written (rupees), null
   * on delete; `before`: the stored row an update or delete starts from, null on create.
   */
  check?: (
    trx: Trx,
    row: R | null,
    ctx: { user: AuthUser; before: StoredRow<S> | null; input?: z.output<S['input']> },
  ) => Promise<void>
  /** Row -> the spec's answer shape (Umrah's camelCase); default is the row itself. */
  toApi?: (row: StoredRow<S>) => Record<string, unknown>
  /** The record's line on the dashboard, or null when it moves no money. */
  journal?: (row: StoredRow<S>) => JournalFields | null
  /**
   * A row the write keeps in another ledger beside its postings that a back-fill never writes
   * (Office Accounts' vendor row, decision 145); run just before `postings`.
   */
  ledgerRows?: (trx: Trx, row: StoredRow<S>, ctx: SaveContext<StoredRow<S>>) => Promise<void>
  /**
   * Runs in the delete's transaction after the row and its journal line are gone (throwing undoes
   * the delete). Removing postings after the record keeps create and delete locking rows in the
   * same order (record, journal, postings), so concurrent ones cannot deadlock on PostgreSQL.
   */
  onDelete?: (trx: Trx, row: StoredRow<S>) => Promise<void>
  /** Extra keys of the list answer, e.g. the vendor list's {status, message}. */
  listExtras?: Record<string, unknown>
  /** False when GET {path}/:id would clash with another route (GET /accounts/{bankName}). */
  getOne?: boolean
  /** Replaces the default list query (ledgers add running balances). */
  list?: (db: Db, query: ListQuery, user: AuthUser) => Promise<{ rows: AnyRecordRow[]; total?: number }>
}

/**
 * A type's posting rule, declared once (issue 32 item 4, decisions 128 and 145): both or neither.
 * `crudRoutes` registers them for the back-fills and re-posts (books/registry.ts).
 */
type PostingHooks<S extends RecordSpec> =
  | {
      /**
       * The write's `post` step runs it (`lenient: false`, `before` the row an edit replaces);
       * the back-fills run it as the type's poster.
       */
      postings: (
        trx: Trx,
        row: StoredRow<S>,
        /** `created`: the write just created the row (a back-fill or re-post does not say). */
        opts: { lenient: boolean; before: StoredRow<S> | null; created?: boolean },
      ) => Promise<void>
      /**
       * The business day the entry `postings` makes lands on, from the row alone (no database;
       * null when the row posts nothing), so the closed-period step refuses a closed day before
       * the row is stored.
       */
      postingDay: (row: StoredRow<S>) => string | null
    }
  | { postings?: undefined; postingDay?: undefined }

export type RecordHooks<
  S extends RecordSpec = RecordSpec,
  R extends Record<string, unknown> = Record<string, unknown>,
> = BaseHooks<S, R> & PostingHooks<S>

/** A spec with its hooks: everything crudRoutes and the lifecycle read. */
export type CrudConfig<
  S extends RecordSpec = RecordSpec,
  R extends Record<string, unknown> = Record<string, unknown>,
> = S & RecordHooks<S, R>
