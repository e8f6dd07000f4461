import { CUSTOMER_COLUMN, isCustomerTable } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../../../db/schema.ts'
import { customerIdOfText } from '../../../lib/customer-text.ts'

type Trx = Kysely<Database>

// Which tables name a customer, and in which column, is their specs' `customerColumn`.
export { CUSTOMER_COLUMN, CUSTOMER_TABLES, type CustomerTable, isCustomerTable } from '@booking/shared'
// Which customer a text names is the books' question too (a sale's party before it is linked).
export { customerIdOfText }

/** Merges a restore follows at most (a merged customer merged again, and so on). */
const MAX_MERGES = 32

/**
 * The customer `id` is now: itself while it exists, else the customer it was merged into (its merge
 * wrote `merged_into` on its delete in the history), followed through later merges; null when it
 * was deleted without a merge.
 */
export const survivingCustomer = async (trx: Trx, id: number): Promise<number | null> => {
  let at = id
  for (let hop = 0; hop <= MAX_MERGES; hop++) {
    const kept = await trx.selectFrom('customers').select('id').where('id', '=', at).executeTakeFirst()
    if (kept) return kept.id
    const merge = await trx
      .selectFrom('audit_log')
      .select('after_json')
      .where('table_name', '=', 'customers')
      .where('record_id', '=', at)
      .where('action', '=', 'delete')
      .orderBy('id', 'desc')
      .executeTakeFirst()
    const into = merge?.after_json
      ? (JSON.parse(merge.after_json) as { merged_into?: unknown }).merged_into
      : null
    if (typeof into !== 'number') return null
    at = into
  }
  return null
}

/**
 * Sets a saved record's customer_id: kept when the customer text did not change (a merge or a
 * choice between namesakes survives an edit), else read from the text. Mutates `row` so the
 * answer and the audit show it.
 */
export const linkCustomer = async (
  trx: Trx,
  table: string,
  row: Record<string, unknown> & { id: number },
  before: Record<string, unknown> | null,
) => {
  if (!isCustomerTable(table)) return
  const column = CUSTOMER_COLUMN[table]
  const text = typeof row[column] === 'string' ? (row[column] as string) : ''
  let id: number | null
  if (before && before[column] === row[column] && before.customer_id != null) {
    id = before.customer_id as number
  } else if (!before && typeof row.customer_id === 'number') {
    // A restored record keeps its customer, or the one that customer was merged into since.
    id = (await survivingCustomer(trx, row.customer_id)) ?? (await customerIdOfText(trx, text))
  } else {
    id = await customerIdOfText(trx, text)
  }
  if ((row.customer_id ?? null) !== id)
    await trx.updateTable(table).set({ customer_id: id }).where('id', '=', row.id).execute()
  row.customer_id = id
}
