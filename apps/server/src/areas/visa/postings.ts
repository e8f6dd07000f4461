import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { customerAccountOf } from '../../lib/books/accounts.ts'
import { createdDay } from '../../lib/books/day.ts'
import type { PostOptions } from '../../lib/books/registry.ts'
import { postSale } from '../../lib/books/sale.ts'
import type { ApiRow } from '../../lib/crud.ts'

/**
 * Visa and GAMCA lines: a sale to the customer on the day it was recorded (decision 020). Visa's
 * additional charges and protector fee are profit figures only: the money paid out for them is
 * entered where it leaves (an Expense or a Protector entry).
 */
export const postPassengerSale = (
  trx: Kysely<Database>,
  row: ApiRow,
  opts: PostOptions,
  kind: { table: 'visa_processing' | 'gamca_tokens'; bankField: 'bank_title' | 'paid_from_bank' },
) =>
  postSale(
    trx,
    row,
    {
      table: kind.table,
      type: kind.table,
      party: customerAccountOf(row),
      receivable: row.receivable_amount,
      cash: row.paid_cash,
      bankText: row[kind.bankField],
      bankField: kind.bankField,
      previousBank: opts.before?.[kind.bankField],
      bankAmount: row.paid_in_bank,
      vendor: '',
      payable: 0,
      date: createdDay(row),
      entry: row.entry,
      detail: [kind.table === 'gamca_tokens' ? 'GAMCA' : 'Visa', row.customer_add, row.reference]
        .filter(Boolean)
        .join(', '),
      employee: row.employee_name,
    },
    opts,
  )
