import type { FormType, ListQuery } from '@booking/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { Db } from '../db/connect.ts'
import { dbKind } from '../db/dialect.ts'
import { moneyIn, moneyOut } from '../db/money-columns.ts'
import type { Database, TableName } from '../db/schema.ts'
import { type AuthUser, requireAdmin } from '../plugins/auth.ts'
import { cachedAnswers } from './answer-cache.ts'
import { audit } from './audit.ts'
import { nextEntry } from './entries.ts'
import { HttpError } from './http-error.ts'
import { answerOnce, idempotencyKeyOf, sendAnswer } from './idempotency.ts'
import { type JournalFields, removeJournal, writeJournal } from './journal.ts'
import { listAnswer, parseListQuery } from './list-query.ts'
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

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

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

  app.get(cfg.path, cachedAnswers(db), async (req) =>
    listAnswer(db, cfg, toApi, parseListQuery(req.query), user(req)),
  )

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
  /** The record's dashboard line (the books' upgrade rewrites it). */
  journal?: (row: ApiRow) => JournalFields | null
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
    journal: cfg.journal,
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
