import { fromPaisa } from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema.ts'

/** Sales records whose remaining amount the customer owes (a ticket booked through an agent is the agent's). */
const OWED_TABLES = ['tickets', 'umrah', 'visa_processing', 'gamca_tokens', 'services', 'navtcc'] as const

/**
 * What a customer owes the office, in rupees: the remaining amounts of the records linked to them
 * (tickets only when no agent carries the debt), less the refund balances the office still owes
 * them. The one place a customer's balance is computed; the books' customer account replaces it
 * once they exist (decision 027).
 */
export const customerBalance = async (db: Kysely<Database>, customerId: number): Promise<number> => {
  const anyDb = db as unknown as Kysely<any>
  let paisa = 0
  for (const table of OWED_TABLES) {
    let q = anyDb
      .selectFrom(table)
      .select(sql<string | number | null>`sum(remaining_amount)`.as('owed'))
      .where('customer_id', '=', customerId)
    if (table === 'tickets') q = q.where('agent_name', '=', '')
    const row = await q.executeTakeFirst()
    paisa += Number(row?.owed ?? 0)
  }
  const refunds = await anyDb
    .selectFrom('refund_customers')
    .select(sql<string | number | null>`sum(balance)`.as('due'))
    .where('customer_id', '=', customerId)
    .executeTakeFirst()
  paisa -= Number(refunds?.due ?? 0)
  return fromPaisa(paisa)
}
