import { fromPaisa, toPaisa } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { PostOptions } from '../../../books/index.ts'
import { customerAccountOf, postSale } from '../../../books/index.ts'
import type { Database } from '../../../db/schema.ts'
import type { ApiRow } from '../../../lib/crud.ts'

/** A service's lines: a sale to the customer dated by its Booking Date, the form's own money date (decisions 019, 020). */
export const postServiceBooks = (
  trx: Kysely<Database>,
  row: ApiRow<'services'>,
  opts: PostOptions<'services'>,
) =>
  postSale(
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
      vendor: '',
      payable: 0,
      // The cost behind the profit the user typed (decision 053).
      unpaidCost: fromPaisa(toPaisa(row.receivable_amount ?? 0) - toPaisa(row.profit ?? 0)),
      date: row.booking_date,
      entry: row.entry,
      detail: ['Service', row.customer_add, row.specific_detail].filter(Boolean).join(', '),
      employee: row.user_name,
    },
    opts,
  )
