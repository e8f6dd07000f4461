import { LoginInput, RegisterInput } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { HttpError } from '../../lib/http-error.ts'
import { hashPassword, verifyPassword } from '../../lib/passwords.ts'
import { parseBody } from '../../lib/validate.ts'

export interface AuthOptions {
  /** Login attempts per minute per address and email. */
  loginRateMax: number
}

/** POST /user/signup and /user/login. Sign-up makes a pending employee; only approved users get a token. */
export const authRoutes = async (app: FastifyInstance, db: Db, opts: AuthOptions) => {
  app.post('/user/signup', async (req, reply) => {
    const input = parseBody(RegisterInput, req.body)
    const email = input.email.toLowerCase()
    const password_hash = await hashPassword(input.password)
    const inserted = await db
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
    if (!inserted) {
      throw new HttpError(409, 'This email is already registered', {
        email: 'This email is already registered',
      })
    }
    return reply.code(201).send({
      status: 'success',
      message: 'Registration successful! Your account is pending approval by an administrator.',
    })
  })

  app.post(
    '/user/login',
    {
      config: {
        rateLimit: {
          max: opts.loginRateMax,
          timeWindow: '1 minute',
          // The key needs the email, so count once the body is parsed (onRequest has no body yet).
          hook: 'preHandler',
          keyGenerator: (req) =>
            `${req.ip}|${String((req.body as { email?: unknown })?.email ?? '').toLowerCase()}`,
        },
      },
    },
    async (req) => {
      const input = parseBody(LoginInput, req.body)
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', input.email.toLowerCase())
        .executeTakeFirst()
      if (!user) throw new HttpError(404, 'Account not found')
      if (!(await verifyPassword(input.password, user.password_hash))) {
        throw new HttpError(401, 'Invalid email or password')
      }
      if (!user.active) {
        throw new HttpError(403, 'This account has been deactivated. Please ask an admin.')
      }
      if (!user.is_approved) {
        return {
          status: 'pending',
          role: user.role,
          message: 'Your account is pending approval',
        }
      }
      const profile = { id: user.id, username: user.username, email: user.email, role: user.role }
      return { status: 'approved', token: await app.signToken(profile), role: user.role, user: profile }
    },
  )
}
