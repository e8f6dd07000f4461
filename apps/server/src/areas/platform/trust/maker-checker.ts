import type { Kysely } from 'kysely'
import type { Database } from '../../../db/schema.ts'
import { HttpError } from '../../../lib/http-error.ts'
import type { Actor } from '../../../lib/record-write.ts'
import type { AuthUser } from '../../../plugins/auth.ts'

/**
 * Maker-checker, shared by corrections (decision 008) and sale requests (decision 098): the admin
 * who decides is never the one who asked, and the approved write runs as the requester's own, so
 * the history names who made it and who approved it.
 */
export const actingForRequester = async (
  trx: Kysely<Database>,
  requestedById: number,
  decider: AuthUser,
  overrideReason?: string,
): Promise<Actor> => {
  if (requestedById === decider.id) throw new HttpError(403, 'You cannot approve your own request')
  const requester = await trx
    .selectFrom('users')
    .select(['id', 'username', 'email', 'role'])
    .where('id', '=', requestedById)
    .executeTakeFirstOrThrow()
  return {
    user: requester as AuthUser,
    approvedBy: decider.username,
    ...(overrideReason === undefined ? {} : { overrideReason }),
  }
}
