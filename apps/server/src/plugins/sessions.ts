import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/** Matches TOKEN_LIFETIME (12 h): the row outlives no token. */
const SESSION_MS = 12 * 60 * 60 * 1000

/** Records a sign-in and returns its id (the token's jti); expired rows are cleared on the way. */
export const startSession = async (db: Kysely<Database>, userId: number): Promise<string> => {
  const now = new Date()
  const id = randomBytes(18).toString('base64url')
  await db.deleteFrom('sessions').where('expires_at', '<', now.toISOString()).execute()
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_MS).toISOString(),
    })
    .execute()
  return id
}

/** Records an agent's user's sign-in (issue 35): the same lifetime, its own table. */
export const startPortalSession = async (db: Kysely<Database>, agentUserId: number): Promise<string> => {
  const now = new Date()
  const id = randomBytes(18).toString('base64url')
  await db.deleteFrom('portal_sessions').where('expires_at', '<', now.toISOString()).execute()
  await db
    .insertInto('portal_sessions')
    .values({
      id,
      agent_user_id: agentUserId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_MS).toISOString(),
    })
    .execute()
  return id
}

/** Ends an agent's user's sessions: suspension refuses the next request. */
export const endPortalSessions = (db: Kysely<Database>, agentUserId: number) =>
  db.deleteFrom('portal_sessions').where('agent_user_id', '=', agentUserId).execute()

/** Ends a user's sessions (all, or all but `keep`): their tokens are refused from the next request. */
export const endSessions = async (db: Kysely<Database>, userId: number, keep?: string | null) => {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId)
  if (keep) q = q.where('id', '!=', keep)
  await q.execute()
}

/** Logout: the session is the office's or a portal one (random ids, so never both). */
export const endSession = async (db: Kysely<Database>, sessionId: string) => {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute()
  await db.deleteFrom('portal_sessions').where('id', '=', sessionId).execute()
}
