import type { Kysely } from 'kysely'
import type { PostOptions } from '../../../books/index.ts'
import { partyAccountOf, postSale, saleCurrencyOf } from '../../../books/index.ts'
import type { Database } from '../../../db/schema.ts'
import type { ApiRow } from '../../../lib/crud.ts'
import { payableCurrency } from '../vendor/payable.ts'
import { bookingDate, firstPassengerName } from './booking.ts'

/** A ticket's lines: a sale to its agent (or customer), the payable to its vendor (decision 020). */
export const postTicketBooks = (
  trx: Kysely<Database>,
  row: ApiRow<'tickets'>,
  opts: PostOptions<'tickets'>,
) =>
  postSale(
    trx,
    row,
    {
      table: 'tickets',
      type: 'tickets',
      party: partyAccountOf(row),
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
      detail: [row.customer_add || firstPassengerName(row.passport_detail), row.reference]
        .filter(Boolean)
        .join(', '),
      employee: row.employee_name,
      ownBankRow: true,
    },
    opts,
  )
