import { CustomerInput, type CustomersAnswer, customerLabel, nameKey } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { Db } from '../../db/connect.ts'
import { cachedAnswers } from '../../lib/answer-cache.ts'
import { audit } from '../../lib/audit.ts'
import { HttpError } from '../../lib/http-error.ts'
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
        // Two people may share a name; the same name (ignoring case and spaces) with the same mobile
        // or passport number is the same customer entered twice (decision 009).
        const same = await trx
          .selectFrom('customers')
          .select(['name', 'mobile_number', 'passport_number'])
          .where(sql<string>`lower(trim(name))`, '=', nameKey(input.name))
          .where((eb) =>
            eb.or([
              ...(input.mobile_number ? [eb('mobile_number', '=', input.mobile_number)] : []),
              ...(input.passport_number ? [eb('passport_number', '=', input.passport_number)] : []),
            ]),
          )
          .executeTakeFirst()
        if (same)
          throw new HttpError(409, `Customer "${customerLabel(same)}" already exists`, {
            name: `Customer "${customerLabel(same)}" already exists`,
          })
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
    return { status: 'success', customers } satisfies CustomersAnswer
  })
}
