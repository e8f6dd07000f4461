import { randomBytes } from 'node:crypto'
import {
  type AccountUser,
  COMMON_PASSWORD_MESSAGE,
  can,
  IdParams,
  MessageAnswer,
  PasswordChangeInput,
  PasswordResetAnswer,
  rolesThatCan,
  UserSavedAnswer,
  UsersAnswer,
  UserUpdateInput,
} from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/connect.ts'
import { dbKind } from '../../../db/dialect.ts'
import { audit } from '../../../lib/audit.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { hashPassword, isCommonPassword, verifyPassword } from '../../../lib/passwords.ts'
import { parseBody, parseIdParam } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import type { AuthUser } from '../../../plugins/auth.ts'
import { endSession, endSessions } from '../../../plugins/sessions.ts'

const columns = ['id', 'username', 'email', 'role', 'is_approved', 'active', 'created_at'] as const

const toAccount = (u: {
  id: number
  username: string
  email: string
  role: 'admin' | 'employee'
  is_approved: number
  active: number
  created_at: string
}): AccountUser => ({
  id: Number(u.id),
  username: u.username,
  email: u.email,
  role: u.role,
  isApproved: Boolean(u.is_approved),
  active: Boolean(u.active),
  created_at: u.created_at,
})

const userId = (params: unknown) => parseIdParam(params, 'user')

/** A one-time password an admin reads out to the employee: 12 letters and digits, no look-alikes. */
const oneTimePassword = () => {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  return Array.from(randomBytes(12), (b) => alphabet[b % alphabet.length]).join('')
}

/** Own password and logout for everyone; the user list, roles, activation and resets for admins. */
/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const POST_USER_LOGOUT = { schema: { response: { 200: MessageAnswer } } }

const POST_USER_PASSWORD = { schema: { body: PasswordChangeInput, response: { 200: MessageAnswer } } }

const GET_ADMIN_USERS = { schema: { response: { 200: UsersAnswer } } }

const PUT_ADMIN_USERS_ID = {
  schema: { params: IdParams, body: UserUpdateInput, response: { 200: UserSavedAnswer } },
}

const POST_ADMIN_USERS_ID_PASSWORD = { schema: { params: IdParams, response: { 200: PasswordResetAnswer } } }

export const accountRoutes = async (app: FastifyInstance, db: Db) => {
  app.post('/user/logout', POST_USER_LOGOUT, async (req) => {
    if (req.sessionId) await endSession(db, req.sessionId)
    return { status: 'success', message: 'Logged out successfully' }
  })

  app.post('/user/password', POST_USER_PASSWORD, async (req) => {
    const input = parseBody(PasswordChangeInput, req.body)
    const me = req.user as AuthUser
    const row = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow()
    if (!(await verifyPassword(input.current_password, row.password_hash))) {
      throw new HttpError(400, 'Current password is incorrect', {
        current_password: 'Current password is incorrect',
      })
    }
    if (isCommonPassword(input.new_password)) {
      throw new HttpError(400, COMMON_PASSWORD_MESSAGE, { new_password: COMMON_PASSWORD_MESSAGE })
    }
    const password_hash = await hashPassword(input.new_password)
    await writeTransaction(db, async (trx) => {
      await trx.updateTable('users').set({ password_hash }).where('id', '=', me.id).execute()
      await audit(trx, me, 'password-change', 'users', me.id, null, null)
      // Whoever else holds this account (another browser, a stolen token) is signed out.
      await endSessions(trx, me.id, req.sessionId)
    })
    return { status: 'success', message: 'Password changed successfully' }
  })

  app.get('/admin/users', GET_ADMIN_USERS, async () => {
    const users = await db.selectFrom('users').select(columns).orderBy('username').execute()
    return { status: 'success', users: users.map(toAccount) }
  })

  app.put('/admin/users/:id', PUT_ADMIN_USERS_ID, async (req) => {
    const id = userId(req.params)
    const input = parseBody(UserUpdateInput, req.body)
    const saved = await writeTransaction(db, async (trx) => {
      // PostgreSQL: lock every admin row so two admins demoting each other at once cannot both pass.
      let admins = trx
        .selectFrom('users')
        .select(['id'])
        .where('role', 'in', rolesThatCan('update', 'users'))
        .where('active', '=', 1)
      if (dbKind(trx) === 'postgres') admins = admins.forUpdate()
      const activeAdmins = (await admins.where('is_approved', '=', 1).execute()).map((r) => Number(r.id))
      const target = await trx.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst()
      if (!target) throw new HttpError(404, 'User not found')
      const role = input.role ?? target.role
      const active = input.active === undefined ? Boolean(target.active) : input.active
      const stillAdmin = can({ role }, 'update', 'users') && active && Boolean(target.is_approved)
      if (activeAdmins.includes(id) && !stillAdmin && activeAdmins.length <= 1) {
        throw new HttpError(409, 'There must always be at least one active admin')
      }
      const updated = await trx
        .updateTable('users')
        .set({ role, active: active ? 1 : 0 })
        .where('id', '=', id)
        .returning(columns)
        .executeTakeFirstOrThrow()
      if (!active) await endSessions(trx, id)
      await audit(trx, req.user, 'user-update', 'users', id, toAccount(target), toAccount(updated))
      return updated
    })
    return { status: 'success', message: 'User updated successfully', user: toAccount(saved) }
  })

  app.post('/admin/users/:id/password', POST_ADMIN_USERS_ID_PASSWORD, async (req) => {
    const id = userId(req.params)
    const password = oneTimePassword()
    const password_hash = await hashPassword(password)
    await writeTransaction(db, async (trx) => {
      const done = await trx
        .updateTable('users')
        .set({ password_hash })
        .where('id', '=', id)
        .executeTakeFirst()
      if (Number(done.numUpdatedRows) === 0) throw new HttpError(404, 'User not found')
      await endSessions(trx, id)
      await audit(trx, req.user, 'password-reset', 'users', id, null, null)
    })
    return { status: 'success', message: 'Password reset. It is shown only once.', password }
  })
}
