import {
  type Correction,
  CorrectionInput,
  CorrectionSavedAnswer,
  CorrectionsAnswer,
  DecisionInput,
  fieldChanges,
  IdParams,
} from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Db } from '../../../db/connect.ts'
import type { Database, Row } from '../../../db/schema.ts'
import { type ApiRow, type RecordLifecycle, recordLifecycle } from '../../../lib/crud.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { parseBody, parseIdParam } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import type { AuthUser } from '../../../plugins/auth.ts'
import { actingForRequester } from './maker-checker.ts'

const FIXED = new Set(['id', 'entry', 'created_at', 'created_by'])

/** Admin-only ledgers: employees never see their rows, so they cannot propose changes to them. */
const NOT_CORRECTABLE = new Set(['vender_entries', 'account_entries'])

const correctable = (db: Db, table: string): RecordLifecycle => {
  const lifecycle = NOT_CORRECTABLE.has(table) ? undefined : recordLifecycle(db, table)
  if (!lifecycle) throw new HttpError(400, 'Invalid table', { table: 'Invalid table' })
  return lifecycle
}

/** The record as its edit form sends it: JSON text columns (passengers) back to their values. */
const asBody = (lifecycle: RecordLifecycle, row: ApiRow): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(lifecycle.toApi(row))) {
    if (typeof v === 'string' && /^[[{]/.test(v)) {
      try {
        out[k] = JSON.parse(v)
        continue
      } catch {}
    }
    out[k] = v
  }
  // Umrah answers only its lead pilgrim in passportDetail (the spec's shape) and every pilgrim in
  // `passengers` (decision 048): the body carries them all, so an approved edit keeps every one.
  if (Array.isArray(out.passengers) && 'passportDetail' in out) out.passportDetail = out.passengers
  return out
}

/** The full body an approved update saves: the record as it is now with the proposed fields over it. */
const proposedBody = (lifecycle: RecordLifecycle, row: ApiRow, changes: Record<string, unknown>) =>
  lifecycle.parse({ ...asBody(lifecycle, row), ...changes })

/** Stamped by the server on every save (the customer link, later payments, the saving employee). */
const SERVER_SET = new Set(['customer_id', 'payments_total', 'employee_name', 'employee'])

/**
 * The proposed fields an approval would actually change: an edit form sends the whole record, and
 * fields the server derives (the customer link, payments, the remaining amount, the employee) or
 * that equal the record's own value would be listed as changes that approval then drops.
 */
const effectiveChanges = (lifecycle: RecordLifecycle, row: ApiRow, changes: Record<string, unknown>) => {
  const saved = (body: unknown) => {
    try {
      return JSON.stringify(body)
    } catch {
      return null
    }
  }
  let base: string | null
  try {
    base = saved(proposedBody(lifecycle, row, {}))
  } catch {
    // The record as it is does not pass its own form any more: keep what was asked.
    return changes
  }
  return Object.fromEntries(
    Object.entries(changes).filter(([k, v]) => {
      if (SERVER_SET.has(k)) return false
      try {
        return saved(proposedBody(lifecycle, row, { [k]: v })) !== base
      } catch {
        // Refused alone: the whole request's check below answers with the form's message.
        return true
      }
    }),
  )
}

const toCorrection = (
  c: Row<'corrections'>,
  { diff, entry }: { diff: Correction['diff']; entry: string | null },
): Correction => ({
  id: Number(c.id),
  table: c.table_name,
  record_id: Number(c.record_id),
  action: c.action,
  changes: c.action === 'update' ? storedChanges(c.changes_json).changes : null,
  reason: c.reason,
  status: c.status,
  requested_by: c.requested_by,
  requested_at: c.requested_at,
  decided_by: c.decided_by,
  decided_at: c.decided_at,
  decision_note: c.decision_note,
  entry,
  diff,
})

/**
 * changes_json holds the proposed fields and, beside them, their values when the request was made,
 * so a decided request still shows what it changed after the record moved on.
 */
interface StoredChanges {
  changes: Record<string, unknown>
  before: Record<string, unknown>
}
const storedChanges = (text: string | null): StoredChanges => {
  const parsed = text ? (JSON.parse(text) as Partial<StoredChanges>) : {}
  return { changes: parsed.changes ?? {}, before: parsed.before ?? {} }
}

/** What the request changes (pending: in the record as it is now), and the record's entry number. */
const diffOf = async (
  db: Db,
  c: Row<'corrections'>,
): Promise<{ diff: Correction['diff']; entry: string | null }> => {
  const { changes, before: asked } = storedChanges(c.changes_json)
  const lifecycle = recordLifecycle(db, c.table_name)
  const row = lifecycle ? await lifecycle.findById(db, c.record_id).catch(() => null) : null
  const current = row && lifecycle ? asBody(lifecycle, row) : null
  const entry = typeof row?.entry === 'string' ? row.entry : null
  if (c.action === 'delete') return { diff: fieldChanges(current, null), entry }
  // A request stored before derived fields were left out shows only what approval would change.
  const shown =
    c.status === 'pending' && row && lifecycle ? effectiveChanges(lifecycle, row, changes) : changes
  const before: Record<string, unknown> = {}
  for (const k of Object.keys(shown))
    before[k] = c.status === 'pending' ? (current?.[k] ?? null) : (asked[k] ?? null)
  return { diff: fieldChanges(before, shown), entry }
}

const withDiffs = (db: Db, rows: Row<'corrections'>[]) =>
  Promise.all(rows.map(async (c) => toCorrection(c, await diffOf(db, c))))

const idOf = (params: unknown) => parseIdParam(params, 'correction')

/** Marks a pending request decided, by whom and why, and returns it. */
const decide = (
  trx: Kysely<Database>,
  id: number,
  status: 'approved' | 'rejected',
  admin: AuthUser,
  note: string | undefined,
) =>
  trx
    .updateTable('corrections')
    .set({
      status,
      decided_by: admin.username,
      decided_at: new Date().toISOString(),
      decision_note: note ?? null,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()

const pendingCorrection = async (trx: Kysely<Database>, id: number) => {
  const c = await trx.selectFrom('corrections').selectAll().where('id', '=', id).executeTakeFirst()
  if (!c) throw new HttpError(404, 'Correction request not found')
  if (c.status !== 'pending') throw new HttpError(409, `This request was already ${c.status}`)
  return c
}

/**
 * Maker-checker: anyone signed in proposes an edit or delete with a reason; an admin other than
 * the requester approves it (it then runs through the record's normal lifecycle, the history
 * naming both) or rejects it.
 */
/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const POST_CORRECTIONS = { schema: { body: CorrectionInput, response: { 201: CorrectionSavedAnswer } } }

const GET_CORRECTIONS = { schema: { response: { 200: CorrectionsAnswer } } }

const GET_ADMIN_CORRECTIONS = { schema: { response: { 200: CorrectionsAnswer } } }

const POST_ADMIN_CORRECTIONS_ID_APPROVE = {
  schema: { params: IdParams, body: DecisionInput, response: { 200: CorrectionSavedAnswer } },
}

const POST_CORRECTIONS_ID_WITHDRAW = {
  schema: { params: IdParams, body: DecisionInput, response: { 200: CorrectionSavedAnswer } },
}

const POST_ADMIN_CORRECTIONS_ID_REJECT = {
  schema: { params: IdParams, body: DecisionInput, response: { 200: CorrectionSavedAnswer } },
}

export const correctionRoutes = async (app: FastifyInstance, db: Db) => {
  app.post('/corrections', POST_CORRECTIONS, async (req, reply) => {
    const input = parseBody(CorrectionInput, req.body)
    const user = req.user as AuthUser
    const lifecycle = correctable(db, input.table)
    const row = await lifecycle.findById(db, input.record_id)
    const current = asBody(lifecycle, row)
    // Only the record's own fields; its id, entry number, author and creation time are not for correcting.
    const changes = effectiveChanges(
      lifecycle,
      row,
      Object.fromEntries(
        Object.entries(input.changes ?? {}).filter(([k]) => Object.hasOwn(current, k) && !FIXED.has(k)),
      ),
    )
    if (input.action === 'update' && Object.keys(changes).length === 0) {
      throw new HttpError(400, 'Changes are required for an update', {
        changes: 'Changes are required for an update',
      })
    }
    // An update that could never be saved is refused now, with the form's own messages.
    if (input.action === 'update') proposedBody(lifecycle, row, changes)
    const before = Object.fromEntries(Object.keys(changes).map((k) => [k, current[k] ?? null]))
    const saved = await writeTransaction(db, (trx) =>
      trx
        .insertInto('corrections')
        .values({
          table_name: input.table,
          record_id: input.record_id,
          action: input.action,
          changes_json: input.action === 'update' ? JSON.stringify({ changes, before }) : null,
          reason: input.reason,
          status: 'pending',
          requested_by_id: user.id,
          requested_by: user.username,
          requested_at: new Date().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    )
    const [correction] = await withDiffs(db, [saved])
    return reply
      .code(201)
      .send({ status: 'success', message: 'Correction request sent for approval', correction })
  })

  app.get('/corrections', GET_CORRECTIONS, async (req) => {
    const user = req.user as AuthUser
    const rows = await db
      .selectFrom('corrections')
      .selectAll()
      .where('requested_by_id', '=', user.id)
      .orderBy('id', 'desc')
      .limit(200)
      .execute()
    return { status: 'success', corrections: await withDiffs(db, rows) }
  })

  app.get('/admin/corrections', GET_ADMIN_CORRECTIONS, async (req) => {
    const { status } = req.query as { status?: string }
    let qb = db.selectFrom('corrections').selectAll()
    if (status !== 'all') {
      const wanted = status === 'approved' || status === 'rejected' ? status : 'pending'
      qb = qb.where('status', '=', wanted)
    }
    const rows = await qb.orderBy('id', 'desc').limit(200).execute()
    return { status: 'success', corrections: await withDiffs(db, rows) }
  })

  app.post('/admin/corrections/:id/approve', POST_ADMIN_CORRECTIONS_ID_APPROVE, async (req) => {
    const id = idOf(req.params)
    const { note } = parseBody(DecisionInput, req.body ?? {})
    const admin = req.user as AuthUser
    const decided = await writeTransaction(db, async (trx) => {
      const c = await pendingCorrection(trx, id)
      const lifecycle = correctable(db, c.table_name)
      // The history names the employee who asked (username) and the admin who approved.
      const actor = await actingForRequester(trx, c.requested_by_id, admin)
      if (c.action === 'delete') {
        await lifecycle.remove(trx, actor, c.record_id)
      } else {
        const row = await lifecycle.findById(trx, c.record_id)
        const body = proposedBody(lifecycle, row, storedChanges(c.changes_json).changes)
        await lifecycle.update(trx, actor, c.record_id, body)
      }
      return decide(trx, id, 'approved', admin, note)
    })
    const [correction] = await withDiffs(db, [decided])
    return { status: 'success', message: 'Correction approved', correction }
  })

  // Decision 008: "a requester may reject (withdraw) their own". Not under /api/admin, which
  // employees cannot reach; only the requester may, and it is recorded as rejected by them.
  app.post('/corrections/:id/withdraw', POST_CORRECTIONS_ID_WITHDRAW, async (req) => {
    const id = idOf(req.params)
    const { note } = parseBody(DecisionInput, req.body ?? {})
    const user = req.user as AuthUser
    const decided = await writeTransaction(db, async (trx) => {
      const c = await pendingCorrection(trx, id)
      if (c.requested_by_id !== user.id)
        throw new HttpError(403, 'Only the person who asked can withdraw a request')
      return decide(trx, id, 'rejected', user, note ?? 'Withdrawn by the requester')
    })
    const [correction] = await withDiffs(db, [decided])
    return { status: 'success', message: 'Correction request withdrawn', correction }
  })

  app.post('/admin/corrections/:id/reject', POST_ADMIN_CORRECTIONS_ID_REJECT, async (req) => {
    const id = idOf(req.params)
    const { note } = parseBody(DecisionInput, req.body ?? {})
    const admin = req.user as AuthUser
    const decided = await writeTransaction(db, async (trx) => {
      await pendingCorrection(trx, id)
      return decide(trx, id, 'rejected', admin, note)
    })
    const [correction] = await withDiffs(db, [decided])
    return { status: 'success', message: 'Correction rejected', correction }
  })
}
