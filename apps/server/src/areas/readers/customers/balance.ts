import { fromPaisa } from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import { customerIdAccount } from '../../../books/accounts.ts'
import { balanceTo } from '../../../books/read.ts'
import type { Database } from '../../../db/schema.ts'

/**
 * What a customer owes the office, in rupees: the balance (debit − credit) of their account in the
 * books (customer:#id, decision 033: the bookings linked to them that no agent carries, less what
 * was paid at booking and by later payments), less the refund balances the office still owes them
 * (a refund posts to the refunds expense, not to the customer's account, decision 022). The one
 * place a customer's balance is computed (decision 027).
 */
export const customerBalance = async (db: Kysely<Database>, customerId: number): Promise<number> => {
  const account = await balanceTo(db, customerIdAccount(customerId))
  const refunds = await db
    .selectFrom('refund_customers')
    .select(sql<string | number | null>`sum(balance)`.as('due'))
    .where('customer_id', '=', customerId)
    .executeTakeFirst()
  return fromPaisa(Number(account) - Number(refunds?.due ?? 0))
}
