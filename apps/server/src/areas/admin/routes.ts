import { ApproveInput } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { HttpError } from '../../lib/http-error.ts'
import { parseBody } from '../../lib/validate.ts'
import { endSessions } from '../../plugins/sessions.ts'

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
export const adminRoutes = async (app: FastifyInstance, db: Db) => {
  app.get('/admin/pending-users', async () => {
    const users = await db
      .selectFrom('users')
      .select(userColumns)
      .where('is_approved', '=', 0)
      .orderBy('id', 'desc')
      .execute()
    return { status: 'success', users: users.map(toUser) }
  })

  app.get('/admin/employees', async () => {
    const users = await db
      .selectFrom('users')
      .select(userColumns)
      .where('is_approved', '=', 1)
      .where('role', '=', 'employee')
      .orderBy('username')
      .execute()
    return { status: 'success', users: users.map(toUser) }
  })

  app.post('/admin/approve-user', async (req) => {
    const { userId, approved } = parseBody(ApproveInput, req.body)
    const target = await db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('id', '=', userId)
      .executeTakeFirst()
    if (!target) throw new HttpError(404, 'User not found')
    if (target.role === 'admin') throw new HttpError(409, 'Admin accounts cannot be approved or rejected')
    await db
      .updateTable('users')
      .set({ is_approved: approved ? 1 : 0 })
      .where('id', '=', userId)
      .execute()
    // Rejection ends the employee's sessions, so approving again later does not revive an old token.
    if (!approved) await endSessions(db, userId)
    return {
      status: 'success',
      message: approved ? 'User approved successfully' : 'Employee rejected and moved to pending',
    }
  })
}
