import {
  ApproveInput,
  can,
  ListQuery,
  MessageAnswer,
  PendingUsersAnswer,
  rolesThatCannot,
  UsersAnswer,
} from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/connect.ts'
import { audit } from '../../../lib/audit.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { parseListQuery } from '../../../lib/list-query.ts'
import { parseBody } from '../../../lib/validate.ts'
import { endSessions } from '../../../plugins/sessions.ts'

const PENDING_PAGE = 100

const userColumns = ['id', 'username', 'email', 'role', 'is_approved', 'created_at'] as const

const toUser = (u: {
  id: number
  username: string
  email: string
  role: string
  is_approved: number
  created_at: string
}) => ({
  id: u.id,
  username: u.username,
  email: u.email,
  role: u.role,
  isApproved: Boolean(u.is_approved),
  created_at: u.created_at,
})

/** Employee approval; the auth hook already limits /api/admin/* to admins. */
/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const GET_ADMIN_PENDING_USERS = { schema: { querystring: ListQuery, response: { 200: PendingUsersAnswer } } }

const GET_ADMIN_EMPLOYEES = { schema: { response: { 200: UsersAnswer } } }

const POST_ADMIN_APPROVE_USER = { schema: { body: ApproveInput, response: { 200: MessageAnswer } } }

export const adminRoutes = async (app: FastifyInstance, db: Db) => {
  // Anyone can sign up, so this list is paged: newest first, PENDING_PAGE at a time unless asked.
  app.get('/admin/pending-users', GET_ADMIN_PENDING_USERS, async (req) => {
    const { limit = PENDING_PAGE, offset = 0 } = parseListQuery(req.query)
    const pending = db.selectFrom('users').where('is_approved', '=', 0)
    const [users, counted] = await Promise.all([
      pending.select(userColumns).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      pending.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ])
    return { status: 'success', users: users.map(toUser), total: Number(counted.n) }
  })

  app.get('/admin/employees', GET_ADMIN_EMPLOYEES, async () => {
    const users = await db
      .selectFrom('users')
      .select(userColumns)
      .where('is_approved', '=', 1)
      .where('role', 'in', rolesThatCannot('use', 'admin-area'))
      .orderBy('username')
      .execute()
    return { status: 'success', users: users.map(toUser) }
  })

  app.post('/admin/approve-user', POST_ADMIN_APPROVE_USER, async (req) => {
    const { userId, approved } = parseBody(ApproveInput, req.body)
    const target = await db
      .selectFrom('users')
      .select(['id', 'role', 'is_approved'])
      .where('id', '=', userId)
      .executeTakeFirst()
    if (!target) throw new HttpError(404, 'User not found')
    if (can(target, 'use', 'admin-area'))
      throw new HttpError(409, 'Admin accounts cannot be approved or rejected')
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ is_approved: approved ? 1 : 0 })
        .where('id', '=', userId)
        .execute()
      // Rejection ends the employee's sessions, so approving again later does not revive an old token.
      if (!approved) await endSessions(trx, userId)
      await audit(trx, req.user, approved ? 'approve' : 'reject', 'users', userId, target, { approved })
    })
    return {
      status: 'success',
      message: approved ? 'User approved successfully' : 'Employee rejected and moved to pending',
    }
  })
}
