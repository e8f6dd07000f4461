import { IdParams, ListQuery, type RecordAction, type RecordSpec, recordAnswerSchemas } from '@booking/shared'
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify'
import type { Kysely } from 'kysely'
import { type Poster, type PostingDay, registerPoster } from '../books/registry.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { type AuthUser, callerSeeingAll } from '../plugins/auth.ts'
import { cachedAnswers } from './answer-cache.ts'
import { HttpError } from './http-error.ts'
import { answerOnce, idempotencyKeyOf, sendAnswer } from './idempotency.ts'
import { listAnswer, parseListQuery } from './list-query.ts'
import { documentArea } from './openapi.ts'
import { recordExtensions } from './record-extensions.ts'
import type { AnyRecordRow, ApiRow, CrudConfig, RecordHooks, StoredRow } from './record-hooks.ts'
import { authorize, type RecordLifecycle, recordLifecycleOf, repository, validate } from './record-write.ts'
import { parseIdParam } from './validate.ts'
import { writeTransaction } from './write-batch.ts'

// The lifecycle's types live in record-hooks.ts and record-write.ts; the record areas read them here, with crudRoutes.
export type { AnyRecordRow, ApiRow, CrudConfig, RecordHooks, SaveContext, StoredRow } from './record-hooks.ts'
export type { Actor, RecordLifecycle } from './record-write.ts'

/** A record's create, edit and delete lock the accounts they post to and run side by side (decision 070). */
const PARALLEL = { parallel: true } as const

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

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
  // A declared posting rule is the write's `post` step and the back-fills' poster: one function,
  // registered here only (decision 145).
  if (hooks.postings)
    registerPoster(spec.table, hooks.postings as unknown as Poster, hooks.postingDay as unknown as PostingDay)
  const toApi = (row: AnyRecordRow) => (cfg.toApi ? cfg.toApi(row as StoredRow<S>) : row)
  const Label = capital(cfg.label)
  const rows = repository(cfg.table, cfg.columns)
  const user = (req: FastifyRequest) => req.user as AuthUser
  const may = (action: RecordAction) => authorize(cfg.access, action)
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
  const seesAll = async (req: FastifyRequest) => {
    callerSeeingAll(req)
  }
  // The access guard runs before the answer cache, which files answers by URL only.
  app.get(
    cfg.path,
    {
      ...cached,
      ...LIST,
      // The caller from the pipeline (decision 128), before a cached answer can be sent.
      preHandler: [may('view').preHandler, seesAll, cached.preHandler as preHandlerHookHandler],
    },
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
      callerSeeingAll(req)
      const row = await findById(db, parseId(req.params))
      const item = toApi(row)
      await recordExtensions().answered(db, cfg.table, [item])
      return { status: 'success', [cfg.itemKey]: item }
    })
  }

  const lifecycle = recordLifecycleOf(cfg, rows, { findById, lockById, notFound }, toApi)
  registerLifecycle(db, lifecycle)

  app.post(cfg.path, { ...may('create'), ...CREATE }, async (req, reply) => {
    const input = await validate(cfg.input, req.body, async () => null)
    const u = user(req)
    // A malformed key is refused here, before the request joins the write queue.
    idempotencyKeyOf(req)
    const answer = await writeTransaction(
      db,
      (trx) =>
        answerOnce(trx, req, u.id, async () => {
          const row = await lifecycle.create(
            trx,
            {
              user: u,
              overrideReason: recordExtensions().overrideReasonOf(req.body),
              bookingRequest: recordExtensions().bookingRequestOf(req.body),
            },
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
    const input = await validate(cfg.input, req.body, () => findById(db, id))
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
