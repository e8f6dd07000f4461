import {
  CONFIRM_EXPIRED,
  CONFIRM_EXPIRED_MESSAGE,
  IdParams,
  ListQuery,
  newlyExpiredPassports,
  type RecordAction,
  type RecordSpec,
  type RecordTable,
  recordAnswerSchemas,
  todayIso,
  toPaisa,
} from '@booking/shared'
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify'
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import { moveOwed } from '../books/day-checkpoints.ts'
import { linkAudit } from '../books/post.ts'
import { byName } from '../db/by-name.ts'
import type { Db } from '../db/connect.ts'
import { dbKind } from '../db/dialect.ts'
import { moneyIn, moneyOut } from '../db/money-columns.ts'
import type { Database, TableName } from '../db/schema.ts'
import { type AuthUser, requireAccess } from '../plugins/auth.ts'
import { cachedAnswers } from './answer-cache.ts'
import { audit } from './audit.ts'
import { nextEntry } from './entries.ts'
import { HttpError } from './http-error.ts'
import { answerOnce, idempotencyKeyOf, sendAnswer } from './idempotency.ts'
import { type JournalFields, removeJournal, writeJournal } from './journal.ts'
import { listAnswer, parseListQuery } from './list-query.ts'
import { documentArea } from './openapi.ts'
import { LEDGER_VIEW, type Ledger } from './postings.ts'
import { insertRows } from './prepared.ts'
import { recordExtensions } from './record-extensions.ts'
import type { AnyRecordRow, ApiRow, CrudConfig, RecordHooks, SaveContext, StoredRow } from './record-hooks.ts'
import { parseBody, parseIdParam } from './validate.ts'
import { writeTransaction } from './write-batch.ts'

// The lifecycle's types live in record-hooks.ts; the record areas read them here, with crudRoutes.
export type { AnyRecordRow, ApiRow, CrudConfig, RecordHooks, SaveContext, StoredRow } from './record-hooks.ts'

type Trx = Kysely<Database>

/** A record's create, edit and delete lock the accounts they post to and run side by side (decision 070). */
const PARALLEL = { parallel: true } as const

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/**
 * A record table's rows as the lifecycle sees them: money in rupees on this side, paisa in the
 * database. The one place a record table is reached by a name known only at run time.
 */
const repository = (table: RecordTable, columns: readonly string[]) => {
  const t = byName
  const out = (row: Record<string, unknown>) => moneyOut(table, row) as ApiRow
  // Only the table's columns are written: a body's keys kept beside the record (issue 36's
  // tax_authority, settles_cost_of) reach the extensions through `input`, never the table.
  const known = new Set(columns)
  const own = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).filter(([k]) => known.has(k)))
  return {
    /** `lock`: FOR UPDATE on PostgreSQL (SQLite's single writer already serializes). */
    find: async (trx: Kysely<Database>, id: number, lock = false): Promise<ApiRow | undefined> => {
      // A ledger row another record posted shows its figures through its ledger's view (decision
      // 072); the lock is on the table (a posted row is never edited here, refuseLinked).
      const from = !lock && table in LEDGER_VIEW ? LEDGER_VIEW[table as Ledger] : table
      const query = t(trx).selectFrom(from).selectAll().where('id', '=', id)
      const row = await (lock && dbKind(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst()
      return row ? out(row) : undefined
    },
    exists: async (trx: Kysely<Database>, id: number) =>
      Boolean(await t(trx).selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()),
    insert: async (trx: Kysely<Database>, values: Record<string, unknown>): Promise<ApiRow> =>
      out((await insertRows(trx, table, [moneyIn(table, own(values))], { returning: '*' }))[0]!),
    update: async (trx: Kysely<Database>, id: number, values: Record<string, unknown>) => {
      const row = await t(trx)
        .updateTable(table)
        .set(moneyIn(table, own(values)))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
      return row ? out(row) : undefined
    },
    remove: async (trx: Kysely<Database>, id: number) => {
      await t(trx).deleteFrom(table).where('id', '=', id).execute()
    },
  }
}

/**
 * Registers GET list, GET one, POST, PUT /:id and DELETE /:id for one record type, each guarded by
 * the spec's access rule.
 */
export const crudRoutes = <S extends RecordSpec, R extends Record<string, unknown>>(
  app: FastifyInstance,
  db: Db,
  spec: S,
  hooks: RecordHooks<S, R>,
) => {
  const cfg: CrudConfig<S, R> = { ...spec, ...hooks }
  const toApi = (row: AnyRecordRow) => (cfg.toApi ? cfg.toApi(row as StoredRow<S>) : row)
  const Label = capital(cfg.label)
  const rows = repository(cfg.table, cfg.columns)
  const user = (req: FastifyRequest) => req.user as AuthUser
  const may = (action: RecordAction) => ({ preHandler: requireAccess(cfg.access[action]) })
  documentArea(cfg)
  // Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts).
  const answers = recordAnswerSchemas(spec)
  const LIST = { schema: { querystring: ListQuery, response: { 200: answers.list } } }
  const ONE = { schema: { params: IdParams, response: { 200: answers.one } } }
  const CREATE = { schema: { body: cfg.input, response: { 201: answers.saved } } }
  const UPDATE = { schema: { params: IdParams, body: cfg.input, response: { 200: answers.saved } } }
  const DELETE = { schema: { params: IdParams, response: { 200: answers.deleted } } }

  const notFound = () => new HttpError(404, `${Label} not found`)
  const findById = async (trx: Kysely<Database>, id: number): Promise<ApiRow> => {
    const row = await rows.find(trx, id)
    if (!row) throw notFound()
    return row
  }
  /**
   * The row an edit or delete starts from. On PostgreSQL it is locked first (edits and deletes of
   * one record queue on it, before any journal or ledger row), so `before` is the row the change
   * replaces, and a record deleted meanwhile is a 404. SQLite's single writer gives both.
   */
  const lockById = async (trx: Kysely<Database>, id: number): Promise<ApiRow> => {
    const row = await rows.find(trx, id, true)
    if (!row) throw notFound()
    return row
  }

  const parseId = (params: unknown) => parseIdParam(params, cfg.label)

  const cached = cachedAnswers(db)
  // The access guard runs before the answer cache, which files answers by URL only.
  app.get(
    cfg.path,
    { ...cached, ...LIST, preHandler: [may('view').preHandler, cached.preHandler as preHandlerHookHandler] },
    async (req, reply) => {
      const file = recordExtensions().listFileOf(req.query)
      if (file) return file(reply, db, cfg, toApi, parseListQuery(req.query), user(req))
      const answer = await listAnswer(db, cfg, toApi, parseListQuery(req.query), user(req))
      await recordExtensions().answered(db, cfg.table, answer[cfg.listKey] as Record<string, unknown>[])
      return answer
    },
  )

  if (cfg.getOne !== false) {
    app.get(`${cfg.path}/:id`, { ...may('view'), ...ONE }, async (req) => {
      const row = await findById(db, parseId(req.params))
      const item = toApi(row)
      await recordExtensions().answered(db, cfg.table, [item])
      return { status: 'success', [cfg.itemKey]: item }
    })
  }

  const lifecycle = recordLifecycleOf(cfg, rows, { findById, lockById, notFound }, toApi)
  registerLifecycle(db, lifecycle)

  app.post(cfg.path, { ...may('create'), ...CREATE }, async (req, reply) => {
    const input = parseBody(cfg.input, req.body)
    await refuseExpiredPassports(req.body, input, async () => null)
    const u = user(req)
    // A malformed key is refused here, before the request joins the write queue.
    idempotencyKeyOf(req)
    const answer = await writeTransaction(
      db,
      (trx) =>
        answerOnce(trx, req, u.id, async () => {
          const row = await lifecycle.create(
            trx,
            { user: u, overrideReason: recordExtensions().overrideReasonOf(req.body) },
            input,
          )
          const item = toApi(row)
          await recordExtensions().answered(trx, cfg.table, [item])
          return {
            status: 201,
            body: { status: 'success', message: `${Label} saved successfully`, [cfg.itemKey]: item },
          }
        }),
      PARALLEL,
    )
    return sendAnswer(reply, answer)
  })

  app.put(`${cfg.path}/:id`, { ...may('update'), ...UPDATE }, async (req) => {
    const id = parseId(req.params)
    const input = parseBody(cfg.input, req.body)
    await refuseExpiredPassports(req.body, input, () => findById(db, id))
    const actor = { user: user(req), overrideReason: recordExtensions().overrideReasonOf(req.body) }
    const saved = await writeTransaction(db, (trx) => lifecycle.update(trx, actor, id, input), PARALLEL)
    const item = toApi(saved)
    await recordExtensions().answered(db, cfg.table, [item])
    return { status: 'success', message: `${Label} updated successfully`, [cfg.itemKey]: item }
  })

  app.delete(`${cfg.path}/:id`, { ...may('delete'), ...DELETE }, async (req) => {
    const id = parseId(req.params)
    await writeTransaction(db, (trx) => lifecycle.remove(trx, { user: user(req) }, id), PARALLEL)
    return { status: 'success', message: `${Label} deleted successfully` }
  })
}

/**
 * An expired passport typed into a booking is refused until the user confirms it (body flag
 * confirm_expired: true), so a warning cannot vanish with the record saved anyway (issue 23,
 * decision 049). Passports the stored record already held are not asked about again; approved
 * corrections and restores do not pass here (the admin saw the record).
 */
const refuseExpiredPassports = async (
  body: unknown,
  input: unknown,
  stored: () => Promise<AnyRecordRow | null>,
) => {
  if ((body as Record<string, unknown> | null)?.[CONFIRM_EXPIRED] === true) return
  const values = input as Record<string, unknown>
  const key = ['passport_detail', 'passportDetail'].find((k) => k in values)
  if (!key) return
  const today = todayIso()
  // The stored record is read only when something expired was sent.
  if (newlyExpiredPassports(key, values[key], today).length === 0) return
  const expired = newlyExpiredPassports(key, values[key], today, (await stored())?.passport_detail)
  if (expired.length === 0) return
  throw new HttpError(
    400,
    expired.length === 1
      ? `${expired[0]!.message}. Confirm to save it anyway.`
      : `${expired.length} passports have expired. Confirm to save them anyway.`,
    {
      ...Object.fromEntries(expired.map((e) => [e.path, e.message])),
      [CONFIRM_EXPIRED]: CONFIRM_EXPIRED_MESSAGE,
    },
  )
}

/** Who makes a change: the signed-in user, or (a correction) the employee who asked and the admin who approved. */
export interface Actor {
  user: AuthUser
  approvedBy?: string
  /** An admin's reason for saving a sale past a credit limit (issue 25), kept in the audit history. */
  overrideReason?: string
}

/**
 * A record type's create, update, delete and restore, each run inside the caller's transaction, so
 * the routes, approved corrections and the restore of a deleted record share one lifecycle
 * (entry number, journal, postings, audit).
 */
export interface RecordLifecycle {
  table: TableName
  label: string
  findById: (trx: Kysely<Database>, id: number) => Promise<ApiRow>
  /** The row a change starts from, locked on PostgreSQL (a 404 when it is gone). */
  lockById: (trx: Kysely<Database>, id: number) => Promise<ApiRow>
  toApi: (row: AnyRecordRow) => Record<string, unknown>
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

const recordLifecycleOf = <S extends RecordSpec, R extends Record<string, unknown>>(
  cfg: CrudConfig<S, R>,
  rows: ReturnType<typeof repository>,
  found: {
    findById: (trx: Kysely<Database>, id: number) => Promise<ApiRow>
    /** The row an edit or delete starts from, locked on PostgreSQL. */
    lockById: (trx: Kysely<Database>, id: number) => Promise<ApiRow>
    notFound: () => HttpError
  },
  toApi: (row: AnyRecordRow) => Record<string, unknown>,
): RecordLifecycle => {
  const { findById, lockById, notFound } = found
  const table = cfg.table
  // `input`: the parsed body on create and update (a restore or delete has none).
  const check = (trx: Trx, row: R | null, actor: Actor, before: ApiRow | null, input?: unknown) =>
    cfg.check
      ? cfg.check(trx, row, {
          user: actor.user,
          before: before as StoredRow<S> | null,
          input: input as z.output<S['input']> | undefined,
        })
      : Promise.resolve()
  // The change's audit row, linked to the book entries the change posted (decision 050).
  const auditLinked = async (
    trx: Trx,
    actor: Actor,
    action: 'create' | 'update' | 'delete' | 'restore',
    id: number,
    before: unknown,
    after: unknown,
  ) =>
    linkAudit(
      trx,
      { type: table, id },
      await audit(trx, actor, action, table, id, before, after),
      actor.user.id,
    )
  // Journal, postings and audit after a row was written, shared by create, update and restore.
  const afterWrite = async (
    trx: Trx,
    row: ApiRow,
    actor: Actor,
    ctx: Omit<SaveContext, 'user'>,
    input?: unknown,
  ) => {
    // Customer link and passport index (issue 17), before the journal, postings and audit read the row.
    await recordExtensions().written(trx, cfg.table, row, ctx.before, input)
    const stored = row as StoredRow<S>
    if (cfg.journal) {
      const place = cfg.journal(stored)
      await writeJournal(trx, cfg.table, row.id, place)
      // A record paid later that moves to another day takes its payments' part of what its type
      // still owes along (decision 078); its own lines move with its entries.
      const was = ctx.before ? cfg.journal(ctx.before as StoredRow<S>) : null
      const paid = toPaisa(Number((ctx.before as { payments_total?: unknown } | null)?.payments_total ?? 0))
      if (was && place && paid !== 0) await moveOwed(trx, cfg.table, was.date, place.date, BigInt(paid))
    }
    await cfg.afterSave?.(trx, stored, {
      user: actor.user,
      ...ctx,
      before: ctx.before as StoredRow<S> | null,
    })
  }
  return {
    table,
    label: cfg.label,
    // Stored rows are ApiRows at run time; the hook is typed by its table.
    journal: cfg.journal as ((row: ApiRow) => JournalFields | null) | undefined,
    findById,
    lockById,
    toApi,
    parse: (body) => parseBody(cfg.input, body),
    create: async (trx, actor, input) => {
      const u = actor.user
      const values = cfg.toRow(input as z.output<S['input']>, { user: u, before: null })
      await check(trx, values, actor, null, input)
      const { current, global } = await nextEntry(trx, cfg.formType)
      const entry = cfg.entryText ? cfg.entryText(current, global) : `${current}/${global}`
      const row = await rows.insert(trx, {
        ...values,
        entry,
        ...(cfg.employeeColumn ? { [cfg.employeeColumn]: u.username } : {}),
        created_by: u.id,
        created_at: new Date().toISOString(),
      })
      const postingsCheck = await recordExtensions().postingsCheck(
        trx,
        { type: table, id: row.id },
        actor,
        true,
      )
      await afterWrite(trx, row, actor, { created: true, before: null }, input)
      await postingsCheck()
      await auditLinked(trx, actor, 'create', row.id, null, row)
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
      } = cfg.toRow(input as z.output<S['input']>, { user: actor.user, before: before as StoredRow<S> })
      await check(trx, changes as R, actor, before, input)
      const postingsCheck = await recordExtensions().postingsCheck(trx, { type: table, id }, actor, false)
      const row = await rows.update(trx, id, changes)
      if (!row) throw notFound()
      await afterWrite(trx, row, actor, { created: false, before }, input)
      await postingsCheck()
      await auditLinked(trx, actor, 'update', id, before, row)
      return row
    },
    remove: async (trx, actor, id) => {
      const before = await lockById(trx, id)
      await check(trx, null, actor, before)
      await rows.remove(trx, id)
      await removeJournal(trx, cfg.table, id)
      await recordExtensions().removed(trx, cfg.table, id)
      await cfg.onDelete?.(trx, before as StoredRow<S>)
      await auditLinked(trx, actor, 'delete', id, before, null)
      return before
    },
    restore: async (trx, actor, deleted) => {
      if (await rows.exists(trx, deleted.id)) throw new HttpError(409, `This ${cfg.label} already exists`)
      await check(trx, deleted as unknown as R, actor, null)
      const row = await rows.insert(trx, deleted)
      await afterWrite(trx, row, actor, { created: true, before: null })
      await auditLinked(trx, actor, 'restore', row.id, null, row)
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
