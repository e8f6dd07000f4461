import type { Kysely } from 'kysely'
import type { PostOptions } from '../../../books/index.ts'
import { createdDay, customerAccountOf, postSale, saleCurrencyOf } from '../../../books/index.ts'
import type { Database } from '../../../db/schema.ts'
import type { ApiRow } from '../../../lib/crud.ts'
import { payableCurrency } from '../vendor/payable.ts'

/**
 * A NAVTCC entry's lines: a sale to the customer on the day it was recorded, and the amount payed
 * to the bank for the passenger as a cost owed to the chosen vendor (decision 020). Its bank is
 * bank_title, or (older clients) the bank its paid_from_bank title names (decision 018).
 */
export const postNavtccBooks = (trx: Kysely<Database>, row: ApiRow<'navtcc'>, opts: PostOptions<'navtcc'>) =>
  postSale(
    trx,
    row,
    {
      table: 'navtcc',
      type: 'navtcc',
      party: customerAccountOf(row),
      receivable: row.receivable_amount,
      cash: row.paid_cash,
      bankText: String(row.bank_title ?? '').trim() || row.paid_from_bank,
      bankField: String(row.bank_title ?? '').trim() ? 'bank_title' : 'paid_from_bank',
      previousBank: String(opts.before?.bank_title ?? '').trim() || opts.before?.paid_from_bank,
      bankAmount: row.paid_in_bank,
      vendor: String(row.vendor_name ?? '').trim(),
      payable: Number(row.payed_to_bank ?? 0),
      payableIn: payableCurrency(row),
      saleIn: saleCurrencyOf(row),
      date: createdDay(row),
      entry: row.entry,
      detail: `NAVTCC ${row.entry} ${row.customer_add}`,
      employee: row.employee_name,
    },
    opts,
  )
