import {
  COMMON_PASSWORD_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  LoginAnswer,
  LoginInput,
  normaliseEmail,
  RegisterInput,
  SignupAnswer,
  USERNAME_TAKEN_MESSAGE,
} from '@booking/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import type { Db } from '../../../db/connect.ts'
import { auditEvent } from '../../../lib/audit.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { hashPassword, isCommonPassword, needsRehash, verifyPassword } from '../../../lib/passwords.ts'
import { parseBody } from '../../../lib/validate.ts'
import { AttemptWindow } from './attempts.ts'

export interface AuthOptions {
  /** Login attempts per minute per email (from any address); an address gets five times as many. */
  loginRateMax: number
  /** Sign-ups per minute per address (each costs a password hash). */
  signupRateMax: number
}

const tooMany = (reply: FastifyReply, window: AttemptWindow, what: string) => {
  reply.header('Retry-After', String(window.retryAfter()))
  return new HttpError(429, `Too many ${what}. Please try again in a minute.`)
}

/** A username is taken whatever its case, so "Owner" cannot pass for "owner". */
const usernameTaken = async (db: Db, username: string) =>
  Boolean(
    await db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst(),
  )

/** POST /user/signup and /user/login. Sign-up makes a pending employee; only approved users get a token. */
/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const POST_USER_SIGNUP = { schema: { body: RegisterInput, response: { 201: SignupAnswer } } }

const POST_USER_LOGIN = { schema: { body: LoginInput, response: { 200: LoginAnswer } } }

export const authRoutes = async (app: FastifyInstance, db: Db, opts: AuthOptions) => {
  const perEmail = new AttemptWindow(opts.loginRateMax)
  // Spraying many (or unknown) emails from one address is limited too.
  const perAddress = new AttemptWindow(opts.loginRateMax * 5)
  const signups = new AttemptWindow(opts.signupRateMax)

  app.post('/user/signup', POST_USER_SIGNUP, async (req, reply) => {
    if (!signups.allow(req.ip)) throw tooMany(reply, signups, 'sign-ups from this address')
    const input = parseBody(RegisterInput, req.body)
    if (isCommonPassword(input.password)) {
      throw new HttpError(400, COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE })
    }
    const email = normaliseEmail(input.email)
    const taken = (field: 'email' | 'username') => {
      const message = field === 'email' ? EMAIL_TAKEN_MESSAGE : USERNAME_TAKEN_MESSAGE
      return new HttpError(409, message, { [field]: message })
    }
    if (await usernameTaken(db, input.username)) throw taken('username')
    const password_hash = await hashPassword(input.password)
    const inserted = await db
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto('users')
          .values({
            username: input.username,
            email,
            password_hash,
            role: 'employee',
            is_approved: 0,
            created_at: new Date().toISOString(),
          })
          .onConflict((oc) => oc.column('email').doNothing())
          .returning('id')
          .executeTakeFirst()
        if (row) await auditEvent(trx, null, 'signup', 'users', row.id, { username: input.username, email })
        return row
      })
      .catch(async (err: unknown) => {
        // Two sign-ups of one name at once: the unique index on lower(username) decides.
        if (await usernameTaken(db, input.username)) throw taken('username')
        throw err
      })
    if (!inserted) throw taken('email')
    return reply.code(201).send({
      status: 'success',
      message: 'Registration successful! Your account is pending approval by an administrator.',
    })
  })

  const limitLogin = async (req: FastifyRequest, reply: FastifyReply) => {
    const sent = (req.body as { email?: unknown } | null)?.email
    const email = typeof sent === 'string' ? normaliseEmail(sent) : ''
    // Both windows count every attempt, so one cannot be used up to hide the other.
    const addressOk = perAddress.allow(req.ip)
    const emailOk = perEmail.allow(email)
    if (!addressOk) throw tooMany(reply, perAddress, 'login attempts from this address')
    if (!emailOk) throw tooMany(reply, perEmail, 'login attempts for this email')
  }

  app.post('/user/login', { ...POST_USER_LOGIN, preHandler: limitLogin }, async (req) => {
    const input = parseBody(LoginInput, req.body)
    const email = normaliseEmail(input.email)
    const failed = async (status: number, message: string, userId: number | null) => {
      await auditEvent(db, null, 'login-failed', 'users', userId ?? 0, { email, ip: req.ip, reason: message })
      return new HttpError(status, message)
    }
    const user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
    if (!user) {
      // An agent's own user signs in at the same /login (issue 35, decision 104).
      const agentUser = await db
        .selectFrom('agent_users')
        .select(['id', 'email', 'password_hash', 'suspended', 'account_id'])
        .where('email', '=', email)
        .where('password_hash', 'is not', null)
        .executeTakeFirst()
      if (!agentUser?.password_hash) throw await failed(404, 'Account not found', null)
      if (!(await verifyPassword(input.password, agentUser.password_hash)))
        throw await failed(401, 'Invalid email or password', null)
      if (agentUser.suspended)
        throw await failed(403, 'This account has been deactivated. Please ask an admin.', null)
      const actor = {
        id: agentUser.id,
        username: agentUser.email,
        email: agentUser.email,
        role: 'agent_user' as const,
        party: { kind: 'agent' as const, id: agentUser.account_id },
      }
      const token = await app.signToken(actor)
      const { party: _p, ...shown } = actor
      return { status: 'approved', token, role: actor.role, user: shown }
    }
    if (!(await verifyPassword(input.password, user.password_hash))) {
      throw await failed(401, 'Invalid email or password', user.id)
    }
    if (!user.active)
      throw await failed(403, 'This account has been deactivated. Please ask an admin.', user.id)
    if (needsRehash(user.password_hash)) {
      // The password is known right now, the one moment an old, cheaper hash can be replaced.
      const password_hash = await hashPassword(input.password)
      await db
        .updateTable('users')
        .set({ password_hash })
        .where('id', '=', user.id)
        .where('password_hash', '=', user.password_hash)
        .execute()
    }
    const actor = { id: user.id, username: user.username, email: user.email, role: user.role }
    if (!user.is_approved) {
      await auditEvent(db, actor, 'login-pending', 'users', user.id, { email, ip: req.ip })
      return {
        status: 'pending',
        role: user.role,
        message: 'Your account is pending approval',
      }
    }
    await auditEvent(db, actor, 'login', 'users', user.id, { email, ip: req.ip })
    return { status: 'approved', token: await app.signToken(actor), role: user.role, user: actor }
  })
}
