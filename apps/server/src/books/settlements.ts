import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { accruedAccount, BANK_CHARGES, BANK_PROFIT } from './accounts.ts'

type Trx = Kysely<Database>

/**
 * The "Costs to pay" account a Protector or Expense entry settles (issue 36 item 6, decision 091),
 * or null when it pays an ordinary expense.
 */
export const settledAccountOf = async (trx: Trx, source: { type: string; id: number }) => {
  const row = await trx
    .selectFrom('cost_settlements')
    .select('settles_type')
    .where('source_type', '=', source.type)
    .where('source_id', '=', source.id)
    .executeTakeFirst()
  return row ? accruedAccount(row.settles_type) : null
}

/** The other side of an Office Accounts entry that is a bank charge or bank profit, else null. */
export const officePurposeAccountOf = async (trx: Trx, entryId: number) => {
  const row = await trx
    .selectFrom('office_purposes')
    .select('purpose')
    .where('entry_id', '=', entryId)
    .executeTakeFirst()
  if (!row) return null
  return row.purpose === 'bank_charge' ? BANK_CHARGES : row.purpose === 'bank_profit' ? BANK_PROFIT : null
}
