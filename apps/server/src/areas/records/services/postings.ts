import { fromPaisa, toPaisa } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { PostOptions } from '../../../books/index.ts'
import { customerAccountOf, postSale, saleCurrencyOf } from '../../../books/index.ts'
import type { Database } from '../../../db/schema.ts'
import type { ApiRow } from '../../../lib/crud.ts'
import { salePayable, syncVendorPayable } from '../vendor/payable.ts'

/**
 * A service's lines: a sale to the customer dated by its Booking Date, the form's own money date
 * (decisions 019, 020); a vendor's payable (decision 140) in its currency, with its Vendor ledger row.
 */
export const postServiceBooks = async (
  trx: Kysely<Database>,
  row: ApiRow<'services'>,
  opts: PostOptions<'services'> & { created?: boolean },
) => {
  const detail = ['Service', row.customer_add, row.specific_detail].filter(Boolean).join(', ')
  const owed = salePayable(row)
  // The selling side in the customer's currency (decision 151): a typed profit is then rupees.
  const saleIn = saleCurrencyOf(row)
  const typedProfit = saleIn.rate !== null && !(owed.vendor && owed.payable > 0)
  await syncVendorPayable(
    trx,
    { type: 'services', id: row.id },
    row,
    { date: row.booking_date, detail },
    opts.created === true,
  )
  // Lines last: they take the books' total row, which every write takes last (books/lines.ts).
  await postSale(
    trx,
    row,
    {
      table: 'services',
      type: 'services',
      party: customerAccountOf(row),
      receivable: row.receivable_amount,
      cash: row.paid_cash,
      bankText: row.bank_title,
      bankField: 'bank_title',
      previousBank: opts.before?.bank_title,
      bankAmount: row.paid_in_bank,
      ...owed,
      saleIn,
      ...(typedProfit ? { typedProfit: row.profit } : {}),
      // The cost behind the profit the user typed (decision 053); a vendor's payable is that cost.
      unpaidCost:
        typedProfit || (owed.vendor && owed.payable > 0)
          ? 0
          : fromPaisa(toPaisa(row.receivable_amount ?? 0) - toPaisa(row.profit ?? 0)),
      date: row.booking_date,
      entry: row.entry,
      detail,
      employee: row.user_name,
    },
    opts,
  )
}
