import { CustomerInput } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { cachedAnswers } from '../../lib/answer-cache.ts'
import { audit } from '../../lib/audit.ts'
import { answerOnce, idempotencyKeyOf, sendAnswer } from '../../lib/idempotency.ts'
import { parseBody } from '../../lib/validate.ts'
import type { AuthUser } from '../../plugins/auth.ts'

export const customerRoutes = async (app: FastifyInstance, db: Db) => {
  app.post('/customers', async (req, reply) => {
    const input = parseBody(CustomerInput, req.body)
    const user = req.user as AuthUser
    idempotencyKeyOf(req)
    const answer = await db.transaction().execute((trx) =>
      answerOnce(trx, req, user.id, async () => {
        const customer = await trx
          .insertInto('customers')
          .values({ ...input, created_by: user.username, created_at: new Date().toISOString() })
          .returningAll()
          .executeTakeFirstOrThrow()
        await audit(trx, user, 'create', 'customers', customer.id, null, customer)
        return { status: 201, body: { status: 'success', message: 'Customer Create successfully', customer } }
      }),
    )
    return sendAnswer(reply, answer)
  })

  app.get('/customers', cachedAnswers(db), async () => {
    const customers = await db
      .selectFrom('customers')
      .select(['id', 'name', 'mobile_number', 'address', 'passport_number'])
      .orderBy('name')
      .execute()
    return { status: 'success', customers }
  })
}
