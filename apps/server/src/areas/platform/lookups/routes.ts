import { type BanksAnswer, BanksAnswerSchema, NameSavedAnswer, NamesAnswer, nameKey } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import { type Kysely, sql } from 'kysely'
import { z } from 'zod'
import type { Db } from '../../../db/connect.ts'
import type { Database } from '../../../db/schema.ts'
import { cachedAnswers } from '../../../lib/answer-cache.ts'
import { audit } from '../../../lib/audit.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { answerOnce, idempotencyKeyOf, sendAnswer } from '../../../lib/idempotency.ts'
import { parseBody } from '../../../lib/validate.ts'
import type { AuthUser } from '../../../plugins/auth.ts'

const nameInput = (message: string) =>
  z.object({ name: z.string({ error: message }).trim().min(1, message).max(100, 'Name is too long') })

/** Agent and vendor name lists, and the bank accounts every bank select shows. */
export const lookupRoutes = async (app: FastifyInstance, db: Db) => {
  const names = (table: 'agent_names' | 'vender_names', path: string, key: string, label: string) => {
    // Declared for docs and types; the handlers parse (lib/route-schemas.ts).
    const input = nameInput(`${label} name is required`)
    const LIST = { ...cachedAnswers(db), schema: { response: { 200: NamesAnswer(key) } } }
    const ADD = { schema: { body: input, response: { 201: NameSavedAnswer } } }
    app.get(`${path}/existing`, LIST, async () => {
      const rows = await db.selectFrom(table).select('name').orderBy('name').execute()
      return { status: 'success', [key]: rows.map((r) => r.name) }
    })
    // Unique ignoring case and surrounding spaces (migration 0010's index on lower(trim(name))).
    const existing = (trx: Kysely<Database>, name: string) =>
      trx
        .selectFrom(table)
        .select('name')
        .where(sql<string>`lower(trim(name))`, '=', nameKey(name))
        .executeTakeFirst()
    const duplicate = (name: string, stored: string) =>
      new HttpError(409, `${label} name "${stored}" already exists`, {
        name: `"${stored}" already exists: pick it from the list instead of adding "${name}"`,
      })
    app.post(path, ADD, async (req, reply) => {
      const { name } = parseBody(input, req.body)
      const user = req.user as AuthUser
      idempotencyKeyOf(req)
      const answer = await db.transaction().execute((trx) =>
        answerOnce(trx, req, user.id, async () => {
          const before = await existing(trx, name)
          if (before) throw duplicate(name, before.name)
          const inserted = await trx
            .insertInto(table)
            .values({ name, created_at: new Date().toISOString() })
            .onConflict((oc) => oc.doNothing())
            .returning(['id', 'name'])
            .executeTakeFirst()
          if (!inserted) throw duplicate(name, (await existing(trx, name))?.name ?? name)
          await audit(trx, user, 'create', table, inserted.id, null, inserted)
          return {
            status: 201,
            body: { status: 'success', message: `${label} name added`, name: inserted.name },
          }
        }),
      )
      return sendAnswer(reply, answer)
    })
  }
  names('agent_names', '/agent-names', 'agentNames', 'Agent')
  names('vender_names', '/vender-names', 'vendorNames', 'Vendor')

  const BANKS = { ...cachedAnswers(db), schema: { response: { 200: BanksAnswerSchema } } }
  app.get('/banks', BANKS, async () => {
    const banks = await db.selectFrom('banks').select(['id', 'name', 'active']).orderBy('id').execute()
    return {
      status: 'success',
      banks: banks.map((b) => ({ ...b, active: Boolean(b.active) })),
    } satisfies BanksAnswer
  })
}
