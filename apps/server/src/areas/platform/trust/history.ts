import {
  AuditAnswer,
  type AuditEntry,
  AuditQuery,
  addDaysIso,
  fieldChanges,
  IdParams,
  RestoredAnswer,
} from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/connect.ts'
import { type ApiRow, recordLifecycle } from '../../../lib/crud.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { parseBody, parseIdParam } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import type { AuthUser } from '../../../plugins/auth.ts'

const DEFAULT_LIMIT = 50

type AuditRow = {
  id: number
  at: string
  user_id: number | null
  username: string
  approved_by: string | null
  action: AuditEntry['action']
  table_name: string
  record_id: number
  before_json: string | null
  after_json: string | null
}

const parseJson = (text: string | null) =>
  text === null ? null : (JSON.parse(text) as Record<string, unknown>)

export const toAuditEntry = (r: AuditRow): AuditEntry => {
  const before = parseJson(r.before_json)
  const after = parseJson(r.after_json)
  return {
    id: Number(r.id),
    at: r.at,
    user_id: r.user_id === null ? null : Number(r.user_id),
    username: r.username,
    approved_by: r.approved_by,
    action: r.action,
    table: r.table_name,
    record_id: Number(r.record_id),
    before,
    after,
    changes: fieldChanges(before, after),
  }
}

/** GET /admin/audit (who changed what, newest first) and the restore of a deleted record. */
/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const GET_ADMIN_AUDIT = { schema: { querystring: AuditQuery, response: { 200: AuditAnswer } } }

const POST_ADMIN_AUDIT_ID_RESTORE = { schema: { params: IdParams, response: { 200: RestoredAnswer } } }

export const historyRoutes = async (app: FastifyInstance, db: Db) => {
  app.get('/admin/audit', GET_ADMIN_AUDIT, async (req) => {
    const q = parseBody(AuditQuery, req.query)
    let qb = db.selectFrom('audit_log')
    if (q.table) qb = qb.where('table_name', '=', q.table)
    if (q.record_id) qb = qb.where('record_id', '=', q.record_id)
    if (q.user) qb = qb.where((eb) => eb.or([eb('username', '=', q.user!), eb('approved_by', '=', q.user!)]))
    if (q.from) qb = qb.where('at', '>=', q.from)
    if (q.to) qb = qb.where('at', '<', addDaysIso(q.to, 1))
    const limit = q.limit ?? DEFAULT_LIMIT
    const offset = q.offset ?? 0
    const [rows, counted] = await Promise.all([
      qb.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      qb.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ])
    return {
      status: 'success',
      audit: rows.map((r) => toAuditEntry(r as AuditRow)),
      total: Number(counted?.n ?? 0),
    }
  })

  app.post('/admin/audit/:id/restore', POST_ADMIN_AUDIT_ID_RESTORE, async (req) => {
    const id = parseIdParam(req.params, 'history entry')
    const restored = await writeTransaction(db, async (trx) => {
      const entry = await trx.selectFrom('audit_log').selectAll().where('id', '=', id).executeTakeFirst()
      if (!entry) throw new HttpError(404, 'History entry not found')
      if (entry.action !== 'delete' || !entry.before_json) {
        throw new HttpError(409, 'Only a deleted record can be restored')
      }
      const lifecycle = recordLifecycle(db, entry.table_name)
      if (!lifecycle) throw new HttpError(409, 'This kind of record cannot be restored')
      const row = JSON.parse(entry.before_json) as ApiRow
      const saved = await lifecycle.restore(trx, { user: req.user as AuthUser }, row)
      return { table: entry.table_name, record: lifecycle.toApi(saved) }
    })
    return { status: 'success', message: 'Record restored successfully', ...restored }
  })
}
