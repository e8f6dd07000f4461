import { fromPaisa, toPaisa } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { ApiRow } from '../lib/crud.ts'
import { syncPosting } from '../lib/postings.ts'
import {
  accruedAccount,
  bankAccount,
  CASH,
  COST_OF_SALES,
  incomeAccount,
  salesTaxAccount,
  vendorAccount,
} from './accounts.ts'
import { resolveBank } from './banks.ts'
import { moveIn, type RecordCurrency } from './currency.ts'
import { type Move, move, syncLines } from './lines.ts'
import type { PostOptions } from './registry.ts'
import { saleTaxOf } from './sale-tax.ts'

/** What a sale (Ticket, Umrah, Visa, GAMCA, Services, NAVTCC) moves, in rupees. */
export interface Sale {
  /** The receivable account: the agent's, else the customer's. */
  party: string
  /** The record type, for its income account. */
  type: string
  receivable: number
  cash: number
  /** The bank's name ('' when no bank money). */
  bank: string
  bankAmount: number
  /** The vendor owed the payable, '' for none. */
  vendor: string
  payable: number
  /** The payable's currency and rate when not rupees (issue 34, decision 109). */
  payableIn?: RecordCurrency
  /**
   * Costs owed to no named vendor (Visa's additional charges and protector fee, GAMCA's and
   * Services' cost behind their typed profit), rupees: Dr cost of sales, Cr the record type's
   * costs-to-pay account (decision 053).
   */
  unpaidCost?: number
  /**
   * The sales tax on the sale (issue 36): owed to its authority, never income. `receivable` is
   * then the customer's whole bill, the tax included.
   */
  tax?: { authority: string; amount: number }
}

const payeeOf = (s: Sale) => (s.vendor ? vendorAccount(s.vendor) : accruedAccount(s.type))

/**
 * docs/decisions/020: the customer (or agent) owes the receivable (Dr party, Cr income); cash and
 * bank received pay part of it (Dr cash / bank, Cr party); a payable to a named vendor is a cost
 * (Dr cost of sales, Cr vendor; with no vendor, Cr the type's costs to pay, decision 146). The
 * party's balance is the record's remaining amount.
 */
export const saleMoves = (s: Sale): Move[] => [
  ...move(s.party, incomeAccount(s.type), fromPaisa(toPaisa(s.receivable) - toPaisa(s.tax?.amount ?? 0))),
  ...(s.tax ? move(s.party, salesTaxAccount(s.tax.authority), s.tax.amount) : []),
  ...move(CASH, s.party, s.cash),
  ...(s.bank ? move(bankAccount(s.bank), s.party, s.bankAmount) : []),
  // A payable with no vendor named is owed all the same: a cost to pay of the type (decision 146).
  ...(s.payableIn && s.payableIn.rate !== null
    ? moveIn(s.payableIn, COST_OF_SALES, payeeOf(s), s.payable)
    : move(COST_OF_SALES, payeeOf(s), s.payable)),
  ...move(COST_OF_SALES, accruedAccount(s.type), s.unpaidCost ?? 0),
]

/**
 * Posts a sale: checks its bank first (before any line is written), then its lines and, when bank
 * money moved, the bank's Office Accounts row. `bankText` is what the record stores for its bank.
 */
export const postSale = async (
  trx: Kysely<Database>,
  row: ApiRow,
  sale: Omit<Sale, 'bank'> & {
    table: string
    bankText: unknown
    bankField: string
    previousBank?: unknown
    date: string
    entry: string
    detail: string
    employee: string
    /** The sale's own Office Accounts row is kept elsewhere (Ticket's postTicket). */
    ownBankRow?: boolean
  },
  opts: PostOptions,
) => {
  const bank = await resolveBank(trx, sale.bankText, {
    amount: sale.bankAmount,
    field: sale.bankField,
    previous: sale.previousBank,
    lenient: opts.lenient,
  })
  const source = { type: sale.table, id: row.id }
  // A taxed sale: the tax is added to a price typed without it, or taken out of one typed with it.
  const taxed = await saleTaxOf(trx, source)
  // The record's booking figures, as the books read them back (books/split.ts billSql), decide its
  // statement split: its bill is the price and a tax added on top (decision 100), so a taxed
  // sale's statement shows the whole bill and what was paid at booking, as any sale's does.
  const figures = {
    receivable: BigInt(toPaisa(sale.receivable) + (taxed && !taxed.inclusive ? toPaisa(taxed.tax) : 0)),
    cash: BigInt(toPaisa(sale.cash)),
    bank: BigInt(toPaisa(sale.bankAmount)),
  }
  if (taxed) {
    sale = {
      ...sale,
      receivable: taxed.inclusive
        ? sale.receivable
        : fromPaisa(toPaisa(sale.receivable) + toPaisa(taxed.tax)),
      tax: { authority: taxed.authority, amount: taxed.tax },
    }
  }
  if (!sale.ownBankRow) await syncBankRow(trx, source, sale, bank)
  // Lines last: they take the books' total row, which every write takes last (lines.ts).
  await syncLines(trx, source, sale, saleMoves({ ...sale, bank }), figures)
}

/** The sale's Office Accounts row: its bank money, credited to the bank. */
const syncBankRow = (
  trx: Kysely<Database>,
  source: { type: string; id: number },
  sale: { employee: string; entry: string; date: string; detail: string; bankAmount: number },
  bank: string,
) =>
  syncPosting(
    trx,
    'account_entries',
    source,
    bank && sale.bankAmount > 0
      ? {
          bank_name: bank,
          employee_name: sale.employee,
          vendor_name: '',
          entry: sale.entry,
          date: sale.date,
          detail: sale.detail,
          credit: sale.bankAmount,
          debit: 0,
        }
      : null,
  )
