import type { Kysely } from 'kysely'
import type { Database } from '../../../db/schema.ts'
import { linkCustomer } from '../customers/link.ts'
import { indexPassports, unindexPassports } from './passports.ts'

type Trx = Kysely<Database>

/**
 * What the record lifecycle (lib/crud.ts) keeps beside every saved record, in its transaction:
 * the customer it names (customer_id) and its passport numbers (record_passports).
 */
export const indexRecord = async (
  trx: Trx,
  table: string,
  row: Record<string, unknown> & { id: number },
  before: Record<string, unknown> | null,
) => {
  await linkCustomer(trx, table, row, before)
  // A row saved with no `before` (a create, a restore) has no index rows yet: its delete removed them.
  await indexPassports(trx, table, row, before !== null)
}

export const unindexRecord = (trx: Trx, table: string, id: number) => unindexPassports(trx, table, id)
