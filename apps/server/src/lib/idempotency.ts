import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { HttpError } from './http-error.ts'

/** A create's answer: what is sent now, and what a retry with the same key gets back. */
export interface Answer {
  status: number
  body: unknown
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed?: boolean
}

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request'
const KEY_FORMAT = /^[\x21-\x7e]{8,200}$/

/** The Idempotency-Key header, or null without one; a malformed key is a 400 before anything is written. */
export const idempotencyKeyOf = (req: FastifyRequest): string | null => {
  const key = req.headers['idempotency-key']
  if (key === undefined) return null
  if (typeof key !== 'string' || !KEY_FORMAT.test(key)) {
    throw new HttpError(400, 'Idempotency-Key must be 8 to 200 visible ASCII characters')
  }
  return key
}

/** Same route and same JSON body; a different one under a used key is refused, not answered. */
const requestHash = (req: FastifyRequest) =>
  createHash('sha256')
    .update(`${req.method} ${req.routeOptions.url}\n${JSON.stringify(req.body ?? null)}`)
    .digest('base64url')

/**
 * Runs a create inside its transaction at most once per (user, key). The key row is claimed
 * first (a concurrent twin on PostgreSQL waits on it, then finds it taken) and filled with the
 * answer before commit, so the record and its answer are durable together; a create that fails
 * rolls the claim back and may be sent again.
 */
export const answerOnce = async (
  trx: Kysely<Database>,
  req: FastifyRequest,
  userId: number,
  create: () => Promise<Answer>,
): Promise<Answer> => {
  const key = idempotencyKeyOf(req)
  if (key === null) return create()
  const hash = requestHash(req)
  const claimed = await trx
    .insertInto('idempotency_keys')
    .values({
      user_id: userId,
      idem_key: key,
      request_hash: hash,
      status: 0,
      answer: '',
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'idem_key']).doNothing())
    .returning('user_id')
    .executeTakeFirst()
  if (!claimed) {
    const first = await trx
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status', 'answer'])
      .where('user_id', '=', userId)
      .where('idem_key', '=', key)
      .executeTakeFirstOrThrow()
    if (first.request_hash !== hash) throw new HttpError(422, KEY_REUSED, { 'Idempotency-Key': KEY_REUSED })
    return { status: first.status, body: JSON.parse(first.answer), replayed: true }
  }
  const answer = await create()
  await trx
    .updateTable('idempotency_keys')
    .set({ status: answer.status, answer: JSON.stringify(answer.body) })
    .where('user_id', '=', userId)
    .where('idem_key', '=', key)
    .execute()
  return answer
}

/** Sends an answer, saying so when it is the stored first answer of an earlier request. */
export const sendAnswer = (reply: FastifyReply, answer: Answer) => {
  if (answer.replayed) reply.header('Idempotent-Replayed', 'true')
  return reply.code(answer.status).send(answer.body)
}
