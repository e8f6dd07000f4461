import { fromPaisa, type OnePassengerTable, RECORD_TYPE_LABEL, toPaisa } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { PostOptions } from '../../../books/index.ts'
import { createdDay, customerAccountOf, postSale, saleCurrencyOf } from '../../../books/index.ts'
import type { Database } from '../../../db/schema.ts'
import type { ApiRow } from '../../../lib/crud.ts'
import { salePayable, syncVendorPayable } from '../vendor/payable.ts'

/** The row of a Visa (the caller's kind says which table it came from). */
const visa = (row: ApiRow<OnePassengerTable>) => row as ApiRow<'visa_processing'>

/**
 * Visa and GAMCA lines: a sale to the customer on the day it was recorded (decision 020), and its
 * cost (decision 053): Visa's additional charges and protector fee; GAMCA's receivable less the
 * profit the user typed. So each record's profit in the books is its stored profit. A vendor's
 * payable (decision 140) is a cost owed to that vendor, in its currency, with its Vendor ledger row;
 * a GAMCA token's profit is then receivable less it, so nothing is left to "Costs to pay".
 */
export const postPassengerSale = async (
  trx: Kysely<Database>,
  row: ApiRow<OnePassengerTable>,
  opts: PostOptions<OnePassengerTable> & { created?: boolean },
  kind: { table: OnePassengerTable; bankField: 'bank_title' | 'paid_from_bank' },
) => {
  const detail = [RECORD_TYPE_LABEL[kind.table], row.customer_add, row.reference].filter(Boolean).join(', ')
  const owed = salePayable(row)
  // The selling side in the customer's currency (decision 151): a typed profit is then rupees.
  const saleIn = saleCurrencyOf(row)
  const typedProfit =
    saleIn.rate !== null && kind.table !== 'visa_processing' && !(owed.vendor && owed.payable > 0)
  await syncVendorPayable(
    trx,
    { type: kind.table, id: row.id },
    row,
    { date: createdDay(row), detail },
    opts.created === true,
  )
  // Lines last: they take the books' total row, which every write takes last (books/lines.ts).
  await postSale(
    trx,
    row,
    {
      table: kind.table,
      type: kind.table,
      party: customerAccountOf(row),
      receivable: row.receivable_amount,
      cash: row.paid_cash,
      bankText: (row as Record<string, unknown>)[kind.bankField],
      bankField: kind.bankField,
      previousBank: (opts.before as Record<string, unknown> | null)?.[kind.bankField],
      bankAmount: row.paid_in_bank,
      ...owed,
      saleIn,
      ...(typedProfit ? { typedProfit: row.profit } : {}),
      unpaidCost: typedProfit
        ? 0
        : kind.table === 'visa_processing'
          ? fromPaisa(toPaisa(visa(row).additional_charges ?? 0) + toPaisa(visa(row).pay_for_protector ?? 0))
          : owed.vendor && owed.payable > 0
            ? 0
            : fromPaisa(toPaisa(row.receivable_amount ?? 0) - toPaisa(row.profit ?? 0)),
      date: createdDay(row),
      entry: row.entry,
      detail,
      employee: row.employee_name,
    },
    opts,
  )
}
