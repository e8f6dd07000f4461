import type { Kysely } from 'kysely'
import type { PostOptions } from '../../../books/index.ts'
import { customerAccountOf, postSale, saleCurrencyOf } from '../../../books/index.ts'
import type { Database } from '../../../db/schema.ts'
import type { ApiRow } from '../../../lib/crud.ts'
import { bookingDate, firstPassengerName } from '../tickets/booking.ts'
import { payableCurrency } from '../vendor/payable.ts'

/** An Umrah booking's lines: a sale to its customer, the payable to its vendor (decision 020). */
export const postUmrahBooks = (trx: Kysely<Database>, row: ApiRow<'umrah'>, opts: PostOptions<'umrah'>) =>
  postSale(
    trx,
    row,
    {
      table: 'umrah',
      type: 'umrah',
      party: customerAccountOf(row),
      receivable: row.receivable_amount,
      cash: row.paid_cash,
      bankText: row.bank_title,
      bankField: 'bank_title',
      previousBank: opts.before?.bank_title,
      bankAmount: row.paid_in_bank,
      vendor: String(row.vendor_name ?? '').trim(),
      payable: row.payable_to_vendor,
      payableIn: payableCurrency(row),
      saleIn: saleCurrencyOf(row),
      date: bookingDate(row),
      entry: row.entry,
      detail: ['Umrah', row.customer_add || firstPassengerName(row.passport_detail), row.reference]
        .filter(Boolean)
        .join(', '),
      employee: row.user_name,
    },
    opts,
  )
