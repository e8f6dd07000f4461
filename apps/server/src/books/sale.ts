import { BOOKS_CURRENCY, fromPaisa, toPaisa } from '@booking/shared'
import type { Kysely } from 'kysely'
import { byName } from '../db/by-name.ts'
import { moneyIn } from '../db/money-columns.ts'
import type { Database, TableName } from '../db/schema.ts'
import type { ApiRow } from '../lib/crud.ts'
import { customerIdOfText } from '../lib/customer-text.ts'
import { HttpError } from '../lib/http-error.ts'
import { syncPosting } from '../lib/postings.ts'
import { accountsFor, currencyOf } from './account-rows.ts'
import {
  accruedAccount,
  agentAccount,
  bankAccount,
  CASH,
  COST_OF_SALES,
  customerIdAccount,
  customerTextAccount,
  incomeAccount,
  salesTaxAccount,
  vendorAccount,
} from './accounts.ts'
import { resolveBank } from './banks.ts'
import { moveIn, type RecordCurrency, recordCurrency, storedRates } from './currency.ts'
import { createdDay } from './day.ts'
import { type Move, move, syncLines } from './lines.ts'
import { linesOf } from './moves.ts'
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
   * The selling side's currency and rate when not rupees (issue 34, decision 137): the receivable,
   * cash and bank received are typed in it and post as Money in it at its rate; income stays a
   * rupee account (its line keeps the currency amount and the rupees at the rate).
   */
  saleIn?: RecordCurrency
  /**
   * Costs owed to no named vendor (Visa's additional charges and protector fee, GAMCA's and
   * Services' cost behind their typed profit), rupees: Dr cost of sales, Cr the record type's
   * costs-to-pay account (decision 053).
   */
  unpaidCost?: number
  /**
   * A profit the user typed (GAMCA's, Services' with no vendor owed) on a sale in another currency
   * (decision 151): rupees; the cost to pay is what leaves it from the income line's rupees.
   */
  typedProfit?: number
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
export const saleMoves = (s: Sale): Move[] => {
  // The selling side in its currency (decision 137); rupees as before when it has none.
  const foreign = s.saleIn !== undefined && s.saleIn.rate !== null
  const sell = (debit: string, credit: string, amount: number) =>
    foreign ? moveIn(s.saleIn!, debit, credit, amount) : move(debit, credit, amount)
  if (foreign && s.typedProfit !== undefined) {
    // A rupee line on its own account and currency leaves the riyal lines' rounding as it was.
    const base = saleMoves({ ...s, typedProfit: undefined, unpaidCost: 0 })
    const cost = fromPaisa(toPaisa(profitOfMoves(base, s.type)) - toPaisa(s.typedProfit))
    return [...base, ...move(COST_OF_SALES, accruedAccount(s.type), cost)]
  }
  return [
    ...sell(s.party, incomeAccount(s.type), fromPaisa(toPaisa(s.receivable) - toPaisa(s.tax?.amount ?? 0))),
    ...(s.tax ? move(s.party, salesTaxAccount(s.tax.authority), s.tax.amount) : []),
    ...sell(CASH, s.party, s.cash),
    ...(s.bank ? sell(bankAccount(s.bank), s.party, s.bankAmount) : []),
    // A payable with no vendor named is owed all the same: a cost to pay of the type (decision 146).
    ...(s.payableIn && s.payableIn.rate !== null
      ? moveIn(s.payableIn, COST_OF_SALES, payeeOf(s), s.payable)
      : move(COST_OF_SALES, payeeOf(s), s.payable)),
    ...move(COST_OF_SALES, accruedAccount(s.type), s.unpaidCost ?? 0),
  ]
}

/**
 * A sale's profit as its lines put it (decision 137): the income line's rupees less the cost of
 * sales line's, each as the books round it once with the rest of its currency's lines.
 */
export const profitOfMoves = (moves: readonly Move[], type: string) => {
  const lines = linesOf(moves).lines
  const net = (account: string) =>
    lines.filter((l) => l.account === account).reduce((n, l) => n + l.credit - l.debit, 0n)
  return fromPaisa(Number(net(incomeAccount(type)) + net(COST_OF_SALES)))
}

/**
 * The account a sale's receivable goes to, before the record is linked to its customer (its
 * check): the agent's when it names one; else the customer the edit kept, or the one its customer
 * text names (as the link will, areas/readers/customers/link.ts), else the text's own account.
 */
export const salePartyOf = async (
  trx: Kysely<Database>,
  row: Record<string, unknown>,
  before: Record<string, unknown> | null,
  customerColumn: string,
) => {
  const agent = String(row.agent_name ?? '').trim()
  if (agent) return { address: agentAccount(agent), name: agent }
  const text = String(row[customerColumn] ?? '')
  const id =
    before && before[customerColumn] === row[customerColumn] && typeof before.customer_id === 'number'
      ? before.customer_id
      : typeof row.customer_id === 'number'
        ? row.customer_id
        : await customerIdOfText(trx, text)
  return {
    address: id ? customerIdAccount(id) : customerTextAccount(text),
    name: text.trim() || 'The customer',
  }
}

/** The columns a sale type keeps its selling side and payable in (Ticket's and Umrah's by default). */
export interface SaleColumns {
  receivable: string
  cash: string
  bank: string
  bankAmount: string
  vendor: string
  payable: string
}
export const SALE_COLUMNS: SaleColumns = {
  receivable: 'receivable_amount',
  cash: 'paid_cash',
  bank: 'bank_title',
  bankAmount: 'paid_in_bank',
  vendor: 'vendor_name',
  payable: 'payable_to_vendor',
}

/**
 * Issue 34 item 3 (decision 137), in a sale's check, after its payable's currency is settled (so
 * `row.rates` holds the payable's rate): the selling side is in the party's currency (`currency`,
 * its default; another is a 400 saying why), at `rates[currency]` (the payable's when both sides
 * share a currency, as one entry has one rate per currency; else typed in `typed`, else the one an
 * edit of the same day keeps, else the day's; none is a 400). Sets `currency`, merges the rate into
 * `rates`, and for a foreign sale the profit as its lines put it.
 */
export const settleSaleCurrency = async (
  trx: Kysely<Database>,
  row: Record<string, unknown>,
  before: Record<string, unknown> | null,
  o: {
    type: string
    typed: unknown
    customerColumn: string
    columns?: SaleColumns
    /** The record's money day (a Service's Booking Date); left out, the day it was made. */
    day?: (row: Record<string, unknown>) => string
    /** Rupee costs owed to no named vendor (a Visa's charges and protector fee). */
    otherCosts?: number
    /** The profit is the user's (GAMCA, Services with no vendor owed): kept, in rupees (decision 151). */
    typedProfit?: boolean
  },
) => {
  const cols = o.columns ?? SALE_COLUMNS
  const dayOf = (r: Record<string, unknown>) => (o.day ? o.day(r) : createdDay(r as ApiRow))
  const party = await salePartyOf(trx, row, before, o.customerColumn)
  const given = row.currency as string | undefined
  const decided = storedRates(row.rates)
  const typed = storedRates(o.typed)
  const currency = given ?? (await currencyOf(trx, party.address))
  const keptCurrency = String(before?.currency ?? BOOKS_CURRENCY)
  const c = await recordCurrency(trx, {
    party: party.address,
    partyName: party.name,
    given,
    typed: decided[currency] ?? typed[currency],
    date: o.day ? dayOf(row) : dayOf(before ?? row),
    kept: before
      ? {
          currency: keptCurrency,
          rate: storedRates(before.rates)[keptCurrency]?.toString() ?? null,
          date: dayOf(before),
        }
      : null,
    rateField: 'rates',
  })
  row.currency = c.currency
  if (c.rate === null) return
  row.rates = JSON.stringify(
    Object.fromEntries(
      Object.entries({ ...decided, [c.currency]: c.rate }).map(([k, v]) => [k, v.toString()]),
    ),
  )
  // A sale whose typed figures give no profit (no payable yet: shared calc.ts) keeps none.
  if (row.profit === null || row.profit === undefined) return
  const vendorCurrency = String(row.vendor_currency ?? BOOKS_CURRENCY)
  const num = (column: string) => Number(row[column] ?? 0)
  row.profit = profitOfMoves(
    saleMoves({
      party: party.address,
      type: o.type,
      receivable: num(cols.receivable),
      cash: num(cols.cash),
      bank: String(row[cols.bank] ?? '').trim(),
      bankAmount: num(cols.bankAmount),
      vendor: String(row[cols.vendor] ?? '').trim(),
      payable: num(cols.payable),
      payableIn: {
        currency: vendorCurrency,
        rate: vendorCurrency === BOOKS_CURRENCY ? null : (storedRates(row.rates)[vendorCurrency] ?? null),
      },
      saleIn: c,
      unpaidCost: o.otherCosts ?? 0,
      ...(o.typedProfit ? { typedProfit: Number(row.profit) } : {}),
    }),
    o.type,
  )
}

const refuseTaxed = (currency: string) => {
  const message = `A sale in ${currency} is kept without sales tax for now: choose No tax for it`
  throw new HttpError(400, message, { tax_authority: message })
}

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
  const foreignSale = sale.saleIn !== undefined && sale.saleIn.rate !== null
  if (taxed && foreignSale) refuseTaxed(sale.saleIn!.currency)
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
  const moves = saleMoves({ ...sale, bank })
  // A sale in another currency keeps the profit its lines make (decision 137): the check's figure
  // rounded the same lines without the bank's, so it is set again here when the two differ.
  if (foreignSale) {
    const profit = profitOfMoves(moves, sale.type)
    const stored = row as unknown as Record<string, unknown>
    if (stored.profit !== null && stored.profit !== undefined && stored.profit !== profit) {
      await byName(trx)
        .updateTable(sale.table as TableName)
        .set(moneyIn(sale.table as TableName, { profit }))
        .where('id', '=', row.id)
        .execute()
      stored.profit = profit
    }
  }
  // Lines last: they take the books' total row, which every write takes last (lines.ts).
  await syncLines(trx, source, sale, moves, figures)
}

/** The sale's Office Accounts row: its bank money, credited to the bank. */
const syncBankRow = async (
  trx: Kysely<Database>,
  source: { type: string; id: number },
  sale: {
    employee: string
    entry: string
    date: string
    detail: string
    bankAmount: number
    saleIn?: RecordCurrency
  },
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
          ...(await bankRowCurrency(trx, bank, sale.saleIn)),
        }
      : null,
  )

/**
 * The currency of a foreign sale's Office Accounts row (decision 137): a bank kept in the sale's
 * currency shows the amount in it at the sale's rate; a rupee bank shows the rupees its line carries.
 */
export const bankRowCurrency = async (trx: Kysely<Database>, bank: string, c: RecordCurrency | undefined) => {
  if (!bank || !c || c.rate === null) return {}
  const address = bankAccount(bank)
  const own = (await accountsFor(trx, [address])).get(address)?.currency ?? BOOKS_CURRENCY
  return own === c.currency ? { currency: c.currency, rate: Number(c.rate) } : {}
}
