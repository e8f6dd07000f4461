import { type FormType, isIsoDate, ListQuery, toPaisa } from '@booking/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import type { z } from 'zod'
import type { Db } from '../db/connect.ts'
import { containsCI, dbKind } from '../db/dialect.ts'
import { MONEY_COLUMNS, moneyIn, moneyOut } from '../db/money-columns.ts'
import type { Database, TableName } from '../db/schema.ts'
import { indexedTable, searchPrefilter } from '../db/search-index.ts'
import { type AuthUser, requireAdmin } from '../plugins/auth.ts'
import { cachedAnswers } from './answer-cache.ts'
import { audit } from './audit.ts'
import { nextEntry } from './entries.ts'
import { HttpError } from './http-error.ts'
import { answerOnce, idempotencyKeyOf, sendAnswer } from './idempotency.ts'
import { type JournalFields, removeJournal, writeJournal } from './journal.ts'
import { documentArea } from './openapi.ts'
import { parseBody, parseIdParam } from './validate.ts'
import { writeTransaction } from './write-batch.ts'

type Trx = Kysely<Database>
/** A row as the server works with it: money already in rupees, the spec's snake_case names. */
export type ApiRow = Record<string, any> & { id: number }

export interface SaveContext {
  user: AuthUser
  created: boolean
  /** The row before an update (rupees); null on create. */
  before: ApiRow | null
}

/**
 * One record type's CRUD, configured once. Everything the 13 areas share lives here;
 * what differs (postings, field mapping) comes in through the hooks.
 */
export interface CrudConfig<S extends z.ZodType> {
  /** Path after /api, e.g. '/protector'. */
  path: string
  table: TableName
  /** The spec's list wrapper key, e.g. 'protectors'. */
  listKey: string
  /** Key of the saved record in create/update answers. */
  itemKey: string
  /** Lower-case name used in messages: 'protector' -> "Protector not found". */
  label: string
  formType: FormType
  /** The shared zod schema for the request body. */
  input: S
  /** Column holding the employee's name; set from the signed-in user on create (none for the vendor ledger). */
  employeeColumn?: string
  /** Text columns the search box matches. */
  search: readonly string[]
  /** Column used by from/to and the default date order. */
  dateColumn: string
  /** Entry text from the counters; default "current/global". */
  entryText?: (current: number, global: number) => string
  /** Body (parsed) -> column values in rupees, derived figures recomputed here. */
  toRow: (input: z.output<S>, ctx: { user: AuthUser; before: ApiRow | null }) => Record<string, unknown>
  /** Row -> the spec's answer shape (Umrah's camelCase); default is the row itself. */
  toApi?: (row: ApiRow) => Record<string, unknown>
  /** The record's line on the dashboard, or null when it moves no money. */
  journal?: (row: ApiRow) => JournalFields | null
  /** Ledger postings and other side effects, in the same transaction. */
  afterSave?: (trx: Trx, row: ApiRow, ctx: SaveContext) => Promise<void>
  /**
   * Runs in the delete's transaction after the row and its journal line are gone (throwing undoes
   * the delete). Removing postings after the record keeps create and delete locking rows in the
   * same order (record, journal, postings), so concurrent ones cannot deadlock on PostgreSQL.
   */
  onDelete?: (trx: Trx, row: ApiRow) => Promise<void>
  /** Extra keys of the list answer, e.g. the vendor list's {status, message}. */
  listExtras?: Record<string, unknown>
  /** False when GET {path}/:id would clash with another route (GET /accounts/{bankName}). */
  getOne?: boolean
  /** Replaces the default list query (ledgers add running balances). */
  list?: (db: Db, query: ListQuery, user: AuthUser) => Promise<{ rows: ApiRow[]; total?: number }>
}

/** Paged searches count matches up to this many; beyond it `totalCapped: true` is added. */
export const SEARCH_COUNT_CAP = 1000

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** "10/10/2026" or "1/2/2026" as yyyy-mm-dd when it is a real day, else null. */
export const searchedDate = (q: string): string | null => {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(q.trim())
  if (!m) return null
  const iso = `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`
  return isIsoDate(iso) ? iso : null
}

/** "25,000", "25000" or "1,234.50" as paisa; null when the search is not an amount. */
export const searchedAmount = (q: string): number | null => {
  const t = q.trim()
  if (!/^\d{1,3}(,\d{3})+(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/.test(t)) return null
  return toPaisa(Number(t.replace(/,/g, '')))
}

/** Applies the search box, date range and name filters shared by every list. */
export const applyListFilters = <QB extends SelectQueryBuilder<any, any, any>>(
  db: Kysely<any>,
  qb: QB,
  query: ListQuery,
  /** `table`: the record table whose ids the query returns (its search index is used when it has one). */
  opts: { search: readonly string[]; dateColumn: string; nameColumn?: string; table: string },
): QB => {
  const kind = dbKind(db)
  let out = qb
  const date = query.q ? searchedDate(query.q) : null
  const paisa = query.q && !date ? searchedAmount(query.q) : null
  const money = MONEY_COLUMNS[opts.table as TableName] ?? []
  if (date) {
    // A date as the screens show it (10/10/2026): the record's date, on its (date, id) index.
    out = out.where(opts.dateColumn as any, '=', date) as QB
  } else if (query.q) {
    const q = query.q
    // The trigram index (migration 0005) narrows the rows; the OR of LIKEs below stays the rule.
    const indexed = indexedTable(opts.search, opts.table)
    const prefilter = indexed && searchPrefilter(db, indexed, q)
    out = out.where((eb: any) => {
      const text = eb.or(opts.search.map((c) => containsCI(kind, sql.ref(c), q)))
      const textMatch = prefilter ? eb.and([prefilter, text]) : text
      // An amount as typed (25,000 or 25000.50): equal to any money column, or the text rule.
      if (paisa === null || money.length === 0) return textMatch
      return eb.or([...money.map((c) => eb(sql.ref(c), '=', paisa)), textMatch])
    }) as QB
  }
  if (query.from) out = out.where(opts.dateColumn as any, '>=', query.from) as QB
  if (query.to) out = out.where(opts.dateColumn as any, '<=', query.to) as QB
  if (query.name && opts.nameColumn) out = out.where(opts.nameColumn as any, '=', query.name) as QB
  return out
}

/** `sort=-date` style ordering limited to known columns; ties broken by id so pages are stable. */
export const applySort = <QB extends SelectQueryBuilder<any, any, any>>(
  qb: QB,
  sort: string | undefined,
  allowed: readonly string[],
  fallback: string,
): QB => {
  const wanted = sort ?? fallback
  const desc = wanted.startsWith('-')
  const column = wanted.replace(/^-/, '')
  const dir = desc ? 'desc' : 'asc'
  if (column === 'id' || !allowed.includes(column)) return qb.orderBy('id', dir) as QB
  return qb.orderBy(column as any, dir).orderBy('id', dir) as QB
}

export const parseListQuery = (query: unknown): ListQuery => parseBody(ListQuery, query)

/** Registers GET list, GET one, POST, PUT /:id (admin) and DELETE /:id (admin) for one record type. */
export const crudRoutes = <S extends z.ZodType>(app: FastifyInstance, db: Db, cfg: CrudConfig<S>) => {
  const table = cfg.table
  const toApi = (row: ApiRow) => (cfg.toApi ? cfg.toApi(row) : row)
  const Label = capital(cfg.label)
  const anyDb = db as unknown as Kysely<any>
  const user = (req: FastifyRequest) => req.user as AuthUser
  documentArea(cfg)

  const notFound = () => new HttpError(404, `${Label} not found`)
  /**
   * `lock`: the row an edit or delete starts from. On PostgreSQL it is locked first (edits and
   * deletes of one record queue on it, before any journal or ledger row), so `before` is the row
   * the change replaces, and a record deleted meanwhile is a 404. SQLite's single writer gives both.
   */
  const findById = async (trx: Kysely<any>, id: number, { lock = false } = {}): Promise<ApiRow> => {
    const query = trx.selectFrom(table).selectAll().where('id', '=', id)
    const row = await (lock && dbKind(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst()
    if (!row) throw notFound()
    return moneyOut(table, row) as ApiRow
  }

  const parseId = (params: unknown) => parseIdParam(params, cfg.label)

  app.get(cfg.path, cachedAnswers(db), async (req) => {
    const query = parseListQuery(req.query)
    if (cfg.list) {
      const { rows, total } = await cfg.list(db, query, user(req))
      return {
        ...cfg.listExtras,
        [cfg.listKey]: rows.map(toApi),
        ...(total === undefined ? {} : { total }),
      }
    }
    let qb = applyListFilters(anyDb, anyDb.selectFrom(table), query, cfg)
    const paged = query.limit !== undefined
    const rowsQuery = applySort(
      qb.selectAll(),
      query.sort,
      [cfg.dateColumn, 'created_at', ...cfg.search],
      paged ? '-id' : 'id',
    )
    const rows = await (paged ? rowsQuery.limit(query.limit!).offset(query.offset ?? 0) : rowsQuery).execute()
    const out: Record<string, unknown> = {
      ...cfg.listExtras,
      [cfg.listKey]: rows.map((r: any) => toApi(moneyOut(table, r))),
    }
    if (paged && rows.length < query.limit! && (rows.length > 0 || !query.offset)) {
      // A short page is the last one: the total is known without counting.
      out.total = (query.offset ?? 0) + rows.length
    } else if (paged) {
      if (query.q) {
        // A common word matches a large part of the table (and a search under three characters
        // cannot use the trigram index), so counting every match on each page would read it all;
        // counting stops after SEARCH_COUNT_CAP and the answer says the total is "at least".
        const capped = anyDb
          .selectFrom(
            qb
              .select(sql`1`.as('one'))
              .limit(SEARCH_COUNT_CAP + 1)
              .as('matches'),
          )
          .select((eb: any) => eb.fn.countAll().as('total'))
        const counted = (await capped.executeTakeFirst()) as { total?: number } | undefined
        const total = Number(counted?.total ?? 0)
        out.total = total
        if (total > SEARCH_COUNT_CAP) out.totalCapped = true
      } else {
        // The whole table: its trigger-kept row count (migration 0004), when it has one.
        const kept =
          query.from || query.to
            ? undefined
            : await db
                .selectFrom('table_counts')
                .select('n')
                .where('table_name', '=', table)
                .executeTakeFirst()
        if (kept) {
          out.total = Number(kept.n)
        } else {
          qb = qb.select((eb: any) => eb.fn.countAll().as('total'))
          const counted = (await qb.executeTakeFirst()) as { total?: number } | undefined
          out.total = Number(counted?.total ?? 0)
        }
      }
    }
    return out
  })

  if (cfg.getOne !== false) {
    app.get(`${cfg.path}/:id`, async (req) => {
      const row = await findById(anyDb, parseId(req.params))
      return { status: 'success', [cfg.itemKey]: toApi(row) }
    })
  }

  const lockById = (trx: Kysely<any>, id: number) => findById(trx, id, { lock: true })
  const lifecycle = recordLifecycleOf(cfg, { findById, lockById, notFound }, toApi)
  registerLifecycle(db, lifecycle)

  app.post(cfg.path, async (req, reply) => {
    const input = parseBody(cfg.input, req.body)
    const u = user(req)
    // A malformed key is refused here, before the request joins the write queue.
    idempotencyKeyOf(req)
    const answer = await writeTransaction(db, (trx) =>
      answerOnce(trx, req, u.id, async () => {
        const row = await lifecycle.create(trx, { user: u }, input)
        return {
          status: 201,
          body: { status: 'success', message: `${Label} saved successfully`, [cfg.itemKey]: toApi(row) },
        }
      }),
    )
    return sendAnswer(reply, answer)
  })

  app.put(`${cfg.path}/:id`, { preHandler: requireAdmin }, async (req) => {
    const id = parseId(req.params)
    const input = parseBody(cfg.input, req.body)
    const saved = await writeTransaction(db, (trx) => lifecycle.update(trx, { user: user(req) }, id, input))
    return { status: 'success', message: `${Label} updated successfully`, [cfg.itemKey]: toApi(saved) }
  })

  app.delete(`${cfg.path}/:id`, { preHandler: requireAdmin }, async (req) => {
    const id = parseId(req.params)
    await writeTransaction(db, (trx) => lifecycle.remove(trx, { user: user(req) }, id))
    return { status: 'success', message: `${Label} deleted successfully` }
  })
}

/** Who makes a change: the signed-in user, or (a correction) the employee who asked and the admin who approved. */
export interface Actor {
  user: AuthUser
  approvedBy?: string
}

/**
 * A record type's create, update, delete and restore, each run inside the caller's transaction, so
 * the routes, approved corrections and the restore of a deleted record share one lifecycle
 * (entry number, journal, postings, audit).
 */
export interface RecordLifecycle {
  table: TableName
  label: string
  findById: (trx: Kysely<any>, id: number) => Promise<ApiRow>
  toApi: (row: ApiRow) => Record<string, unknown>
  /** Validates a body with the record's own schema (400 with the spec's field messages). */
  parse: (body: unknown) => unknown
  create: (trx: Trx, actor: Actor, input: unknown) => Promise<ApiRow>
  update: (trx: Trx, actor: Actor, id: number, input: unknown) => Promise<ApiRow>
  remove: (trx: Trx, actor: Actor, id: number) => Promise<ApiRow>
  /** Puts a deleted row back with its id, entry number and creation time, and remakes its postings. */
  restore: (trx: Trx, actor: Actor, row: ApiRow) => Promise<ApiRow>
}

const recordLifecycleOf = <S extends z.ZodType>(
  cfg: CrudConfig<S>,
  rows: {
    findById: (trx: Kysely<any>, id: number) => Promise<ApiRow>
    /** The row an edit or delete starts from, locked on PostgreSQL. */
    lockById: (trx: Kysely<any>, id: number) => Promise<ApiRow>
    notFound: () => HttpError
  },
  toApi: (row: ApiRow) => Record<string, unknown>,
): RecordLifecycle => {
  const { findById, lockById, notFound } = rows
  const table = cfg.table
  // Journal, postings and audit after a row was written, shared by create, update and restore.
  const afterWrite = async (trx: Trx, row: ApiRow, actor: Actor, ctx: Omit<SaveContext, 'user'>) => {
    if (cfg.journal) await writeJournal(trx, cfg.table, row.id, cfg.journal(row))
    await cfg.afterSave?.(trx, row, { user: actor.user, ...ctx })
  }
  return {
    table,
    label: cfg.label,
    findById,
    toApi,
    parse: (body) => parseBody(cfg.input, body),
    create: async (trx, actor, input) => {
      const u = actor.user
      const { current, global } = await nextEntry(trx, cfg.formType)
      const entry = cfg.entryText ? cfg.entryText(current, global) : `${current}/${global}`
      const values = moneyIn(table, {
        ...cfg.toRow(input as z.output<S>, { user: u, before: null }),
        entry,
        ...(cfg.employeeColumn ? { [cfg.employeeColumn]: u.username } : {}),
        created_by: u.id,
        created_at: new Date().toISOString(),
      })
      const inserted = await (trx as Kysely<any>)
        .insertInto(table)
        .values(values)
        .returningAll()
        .executeTakeFirstOrThrow()
      const row = moneyOut(table, inserted) as ApiRow
      await afterWrite(trx, row, actor, { created: true, before: null })
      await audit(trx, actor, 'create', table, row.id, null, row)
      return row
    },
    update: async (trx, actor, id, input) => {
      const before = await lockById(trx, id)
      // Entry number, author and creation time belong to the record, not to the edit.
      const {
        entry: _e,
        created_at: _c,
        id: _i,
        [cfg.employeeColumn ?? 'employee']: _emp,
        ...changes
      } = cfg.toRow(input as z.output<S>, { user: actor.user, before })
      const updated = await (trx as Kysely<any>)
        .updateTable(table)
        .set(moneyIn(table, changes))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
      if (!updated) throw notFound()
      const row = moneyOut(table, updated) as ApiRow
      await afterWrite(trx, row, actor, { created: false, before })
      await audit(trx, actor, 'update', table, id, before, row)
      return row
    },
    remove: async (trx, actor, id) => {
      const before = await lockById(trx, id)
      await (trx as Kysely<any>).deleteFrom(table).where('id', '=', id).execute()
      await removeJournal(trx, cfg.table, id)
      await cfg.onDelete?.(trx, before)
      await audit(trx, actor, 'delete', table, id, before, null)
      return before
    },
    restore: async (trx, actor, deleted) => {
      const taken = await (trx as Kysely<any>)
        .selectFrom(table)
        .select('id')
        .where('id', '=', deleted.id)
        .executeTakeFirst()
      if (taken) throw new HttpError(409, `This ${cfg.label} already exists`)
      const inserted = await (trx as Kysely<any>)
        .insertInto(table)
        .values(moneyIn(table, deleted))
        .returningAll()
        .executeTakeFirstOrThrow()
      const row = moneyOut(table, inserted) as ApiRow
      await afterWrite(trx, row, actor, { created: true, before: null })
      await audit(trx, actor, 'restore', table, row.id, null, row)
      return row
    },
  }
}

const lifecycles = new WeakMap<Db, Map<string, RecordLifecycle>>()

const registerLifecycle = (db: Db, lifecycle: RecordLifecycle) => {
  let byTable = lifecycles.get(db)
  if (!byTable) {
    byTable = new Map()
    lifecycles.set(db, byTable)
  }
  byTable.set(lifecycle.table, lifecycle)
}

/** The lifecycle of a record table registered by crudRoutes on this database, or undefined. */
export const recordLifecycle = (db: Db, table: string): RecordLifecycle | undefined =>
  lifecycles.get(db)?.get(table)
