import { can } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../../../db/schema.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { lockNames } from '../../../lib/write-locks.ts'
import type { AuthUser } from '../../../plugins/auth.ts'

/** The refusal's message, naming the number and the record it is already on. */
export const duplicateTicketMessage = (ticketNumber: string, entry: string) =>
  `Ticket number ${ticketNumber} is already on ${entry}`

/**
 * A ticket number may stand on one record only (decision 037): saving one already on another
 * record answers 409 naming that record (`duplicate: {id, entry, ticket_number}`), so the form can
 * link to it. An admin who sends `allow_duplicate_ticket: true` saves anyway (a reissue kept apart).
 */
export const refuseDuplicateTickets = async (
  trx: Kysely<Database>,
  numbers: string | null | undefined,
  ownId: number | undefined,
  user: AuthUser,
  allow: boolean | undefined,
) => {
  if (!numbers) return
  if (allow && can(user, 'use', 'duplicate-ticket')) return
  // Two writes saving one number at once see each other's (PostgreSQL, decision 070).
  await lockNames(
    trx,
    numbers.split(' ').map((n) => `ticket-number:${n}`),
  )
  for (const number of numbers.split(' ')) {
    let query = trx
      .selectFrom('tickets')
      .select(['id', 'entry'])
      .where('ticket_numbers', 'like', `%${number}%`)
      .orderBy('id')
      .limit(1)
    if (ownId !== undefined) query = query.where('id', '<>', ownId)
    const found = await query.executeTakeFirst()
    if (!found) continue
    const message = duplicateTicketMessage(number, found.entry)
    throw new HttpError(
      409,
      message,
      { ticket_numbers: message },
      { duplicate: { id: found.id, entry: found.entry, ticket_number: number } },
    )
  }
}
