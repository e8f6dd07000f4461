import {
  SaleDecisionInput,
  type SaleRequest,
  SaleRequestAnswer,
  SaleRequestInput,
  SaleRequestParams,
  SaleRequestsAnswer,
  SaleRequestsQuery,
  SEND_FOR_APPROVAL_KEY,
} from '@booking/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Db } from '../../../db/connect.ts'
import type { Database, Row } from '../../../db/schema.ts'
import { audit } from '../../../lib/audit.ts'
import { recordLifecycle } from '../../../lib/crud.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { recordExtensions } from '../../../lib/record-extensions.ts'
import { parseBody } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import { type AuthUser, requireAccess } from '../../../plugins/auth.ts'
import { actingForRequester } from './maker-checker.ts'

/**
 * "Send for approval" (issue 37 item 2, decision 098): an employee's sale refused by a credit
 * limit is kept whole as a request, with its employee; an admin approves it (the record is saved
 * then through its own lifecycle as the employee's, the admin named as approver and the reason kept
 * beside the credit override in the history) or refuses it with a reason.
 */

const lifecycleOf = (db: Db, table: string) => {
  const lifecycle = recordLifecycle(db, table)
  if (!lifecycle) throw new HttpError(400, 'This record cannot be sent for approval')
  return lifecycle
}

const toRequest = (r: Row<'sale_requests'>): SaleRequest => ({
  id: Number(r.id),
  table: r.table_name as SaleRequest['table'],
  body: JSON.parse(r.body_json) as Record<string, unknown>,
  refusal: r.refusal,
  note: r.note,
  status: r.status,
  requested_by: r.requested_by,
  requested_at: r.requested_at,
  decided_by: r.decided_by,
  decided_at: r.decided_at,
  reason: r.reason,
  record_id: r.record_id === null ? null : Number(r.record_id),
  entry: r.entry,
})

/** Thrown to roll back the trial save: nothing of it is kept. */
class TrialSaved extends Error {}

const pending = async (trx: Kysely<Database>, id: number) => {
  const r = await trx.selectFrom('sale_requests').selectAll().where('id', '=', id).executeTakeFirst()
  if (!r) throw new HttpError(404, 'Sale request not found')
  if (r.status !== 'pending') throw new HttpError(409, `This request was already ${r.status}`)
  return r
}

const idOf = (req: FastifyRequest) => {
  const parsed = SaleRequestParams.safeParse(req.params)
  if (!parsed.success) throw new HttpError(400, 'Invalid request ID')
  return parsed.data.id
}

const admin = { preHandler: requireAccess('admin') }
const POST_REQUEST = { schema: { body: SaleRequestInput, response: { 201: SaleRequestAnswer } } }
const GET_OWN = { schema: { response: { 200: SaleRequestsAnswer } } }
const GET_ALL = {
  ...admin,
  schema: { querystring: SaleRequestsQuery, response: { 200: SaleRequestsAnswer } },
}
const DECIDE = {
  ...admin,
  schema: { params: SaleRequestParams, body: SaleDecisionInput, response: { 200: SaleRequestAnswer } },
}

export const saleRequestRoutes = async (app: FastifyInstance, db: Db) => {
  app.post('/sale-requests', POST_REQUEST, async (req, reply) => {
    const input = parseBody(SaleRequestInput, req.body)
    const user = req.user as AuthUser
    const lifecycle = lifecycleOf(db, input.table)
    // The form's own checks first: a request that could never be saved is refused with its messages.
    const record = lifecycle.parse(input.body)
    // Then the save itself, rolled back: only a sale a credit limit refuses is sent for approval.
    let refusal: string | null = null
    try {
      await writeTransaction(db, async (trx) => {
        await lifecycle.create(trx, { user }, record)
        throw new TrialSaved()
      })
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 409 && err.errors?.[SEND_FOR_APPROVAL_KEY])
        refusal = err.message
      else if (err instanceof TrialSaved)
        throw new HttpError(409, 'This sale is within the credit limit: save it as usual')
      else throw err
    }
    const saved = await writeTransaction(db, async (trx) => {
      const row = await trx
        .insertInto('sale_requests')
        .values({
          table_name: input.table,
          body_json: JSON.stringify(input.body),
          refusal: refusal ?? '',
          note: input.note || null,
          status: 'pending',
          requested_by_id: user.id,
          requested_by: user.username,
          requested_at: new Date().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      await audit(trx, user, 'create', 'sale_requests', Number(row.id), null, {
        table: input.table,
        refusal,
      })
      return row
    })
    return reply
      .code(201)
      .send({ status: 'success', message: 'Sent to an admin for approval', request: toRequest(saved) })
  })

  app.get('/sale-requests', GET_OWN, async (req) => {
    const user = req.user as AuthUser
    const rows = await db
      .selectFrom('sale_requests')
      .selectAll()
      .where('requested_by_id', '=', user.id)
      .orderBy('id', 'desc')
      .limit(200)
      .execute()
    return { status: 'success', requests: rows.map(toRequest) }
  })

  app.get('/admin/sale-requests', GET_ALL, async (req) => {
    const { status = 'pending' } = parseBody(SaleRequestsQuery, req.query)
    let q = db.selectFrom('sale_requests').selectAll()
    if (status !== 'all') q = q.where('status', '=', status)
    const rows = await q.orderBy('id', 'desc').limit(200).execute()
    return { status: 'success', requests: rows.map(toRequest) }
  })

  app.post('/admin/sale-requests/:id/approve', DECIDE, async (req) => {
    const id = idOf(req)
    const { reason } = parseBody(SaleDecisionInput, req.body)
    const decider = req.user as AuthUser
    const decided = await writeTransaction(db, async (trx) => {
      const r = await pending(trx, id)
      const lifecycle = lifecycleOf(db, r.table_name)
      // The employee who sold it saves it; the history names the admin who approved and why.
      const body = JSON.parse(r.body_json)
      // A sale made from a portal booking request books it once approved (issue 35 item 4).
      const actor = {
        ...(await actingForRequester(trx, r.requested_by_id, decider, reason)),
        bookingRequest: recordExtensions().bookingRequestOf(body),
      }
      const row = await lifecycle.create(trx, actor, lifecycle.parse(body))
      const after = await trx
        .updateTable('sale_requests')
        .set({
          status: 'approved',
          decided_by: decider.username,
          decided_at: new Date().toISOString(),
          reason,
          record_id: row.id,
          entry: String(row.entry),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      await audit(trx, decider, 'approve', 'sale_requests', id, toRequest(r), toRequest(after))
      return after
    })
    return { status: 'success', message: 'Sale approved and saved', request: toRequest(decided) }
  })

  app.post('/admin/sale-requests/:id/refuse', DECIDE, async (req) => {
    const id = idOf(req)
    const { reason } = parseBody(SaleDecisionInput, req.body)
    const decider = req.user as AuthUser
    const decided = await writeTransaction(db, async (trx) => {
      const r = await pending(trx, id)
      const after = await trx
        .updateTable('sale_requests')
        .set({
          status: 'refused',
          decided_by: decider.username,
          decided_at: new Date().toISOString(),
          reason,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      await audit(trx, decider, 'reject', 'sale_requests', id, toRequest(r), toRequest(after))
      return after
    })
    return { status: 'success', message: 'Sale refused', request: toRequest(decided) }
  })
}
