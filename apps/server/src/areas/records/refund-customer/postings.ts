import type { Kysely } from 'kysely'
import type { PostOptions } from '../../../books/index.ts'
import {
  bankAccount,
  CASH,
  type Move,
  move,
  REFUNDS,
  resolveBank,
  syncLines,
  vendorAccount,
} from '../../../books/index.ts'
import type { Database } from '../../../db/schema.ts'
import type { ApiRow } from '../../../lib/crud.ts'
import { syncPosting } from '../../../lib/postings.ts'

/**
 * A customer refund (decision 022): the cash and bank paid back to the customer are refunds
 * (Dr refunds, Cr cash / bank); the Return From Vendor is owed back by the vendor (Dr vendor,
 * Cr refunds), so the vendor's ledger shows it as payed (debit).
 */
export const refundMoves = (row: ApiRow<'refund_customers'>, bank: string): Move[] => [
  ...move(REFUNDS, CASH, row.paid_cash),
  ...(bank ? move(REFUNDS, bankAccount(bank), row.paid_in_bank) : []),
  ...(String(row.vender_name ?? '').trim()
    ? move(vendorAccount(row.vender_name), REFUNDS, row.return_from_vendor)
    : []),
]

export const postRefundCustomer = async (
  trx: Kysely<Database>,
  row: ApiRow<'refund_customers'>,
  opts: PostOptions<'refund_customers'>,
) => {
  const bank = await resolveBank(trx, row.bank_title, {
    amount: row.paid_in_bank,
    field: 'bank_title',
    previous: opts.before?.bank_title,
    lenient: opts.lenient,
  })
  const source = { type: 'refund_customers', id: row.id }
  const detail = ['Refund', row.name, row.reference, row.detail_sector].filter(Boolean).join(', ')
  await syncPosting(
    trx,
    'account_entries',
    source,
    bank && row.paid_in_bank > 0
      ? {
          bank_name: bank,
          employee_name: row.employee,
          vendor_name: '',
          entry: row.entry,
          date: row.date,
          detail,
          credit: 0,
          debit: row.paid_in_bank,
        }
      : null,
  )
  const vendor = String(row.vender_name ?? '').trim()
  await syncPosting(
    trx,
    'vender_entries',
    source,
    vendor && row.return_from_vendor > 0
      ? {
          vender_name: vendor,
          date: row.date,
          entry: row.entry,
          detail: `Return from vendor: ${detail}`,
          bank_title: '',
          credit: 0,
          debit: row.return_from_vendor,
          withdraw: 0,
        }
      : null,
  )
  // Lines last: they take the books' total row, which every write takes last (books/lines.ts).
  await syncLines(trx, source, { date: row.date, entry: row.entry, detail }, refundMoves(row, bank))
}
