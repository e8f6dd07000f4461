import { CustomerInput } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { cachedAnswers } from '../../lib/answer-cache.ts'
import { parseBody } from '../../lib/validate.ts'

export const customerRoutes = async (app: FastifyInstance, db: Db) => {
  app.post('/customers', async (req, reply) => {
    const input = parseBody(CustomerInput, req.body)
    const customer = await db
      .insertInto('customers')
      .values({ ...input, created_by: req.user?.username ?? '', created_at: new Date().toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow()
    return reply.code(201).send({ status: 'success', message: 'Customer Create successfully', customer })
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
