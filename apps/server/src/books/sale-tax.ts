import { fromPaisa } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/**
 * A sale's sales tax as its postings need it (issue 36, decision 089): the authority it is owed
 * to, the tax in rupees, and whether the typed price already held it. Null for an untaxed sale.
 * The tax area writes `sale_taxes` before the sale posts (lib/record-extensions.ts `written`).
 */
export const saleTaxOf = async (
  trx: Kysely<Database>,
  source: { type: string; id: number },
): Promise<{ authority: string; tax: number; inclusive: boolean } | null> => {
  const row = await trx
    .selectFrom('sale_taxes')
    .select(['authority', 'tax_amount', 'inclusive'])
    .where('source_type', '=', source.type)
    .where('source_id', '=', source.id)
    .executeTakeFirst()
  if (!row || Number(row.tax_amount) === 0) return null
  return {
    authority: row.authority,
    tax: fromPaisa(Number(row.tax_amount)),
    inclusive: Number(row.inclusive) === 1,
  }
}
