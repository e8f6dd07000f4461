import { fromPaisa, toPaisa, VENDOR_CASH } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { PostOptions } from '../../../books/index.ts'
import {
  bankAccount,
  CASH,
  COST_OF_SALES,
  type Move,
  move,
  moveIn,
  paidInMoves,
  resolveBank,
  rowCurrency,
  rupeesOn,
  settleDocuments,
  settleEntryCurrency,
  syncLines,
  vendorAccount,
  withRealised,
} from '../../../books/index.ts'
import type { Database } from '../../../db/schema.ts'
import type { ApiRow } from '../../../lib/crud.ts'
import { syncPosting } from '../../../lib/postings.ts'

/** A vendor payment's Bank Title "Cash" (any case) means office cash. */
export const paidFromCash = (row: ApiRow<'vender_entries'>) =>
  String(row.bank_title ?? '')
    .trim()
    .toLowerCase() === VENDOR_CASH.toLowerCase()

/**
 * A vendor ledger entry typed on the Vender screen (decision 023): a payable (credit) is a cost
 * owed to the vendor (Dr cost of sales, Cr vendor); a payment (debit) comes out of cash or the
 * named bank (Dr vendor, Cr cash / bank); a withdraw is cash handed to the vendor (Dr vendor, Cr cash).
 */
export const vendorMoves = (row: ApiRow<'vender_entries'>, bank: string): Move[] => {
  const vendor = vendorAccount(row.vender_name)
  // In the vendor's currency at the entry's rate (decision 109); a rupee entry as it always was.
  const c = rowCurrency(row)
  if (c.rate !== null)
    return [
      ...moveIn(c, COST_OF_SALES, vendor, row.credit),
      ...moveIn(c, vendor, bank ? bankAccount(bank) : CASH, row.debit),
      ...moveIn(c, vendor, CASH, row.withdraw),
    ]
  return [
    ...move(COST_OF_SALES, vendor, row.credit),
    ...move(vendor, bank ? bankAccount(bank) : CASH, row.debit),
    ...move(vendor, CASH, row.withdraw),
  ]
}

/**
 * Issue 34 (decision 109), run before anything is written: the entry's currency (the vendor's by
 * default; another is a 400) and its rate (typed, kept, or the day's; none is a 400), set on the row.
 */
export const settleVendorCurrency = (
  trx: Kysely<Database>,
  row: Record<string, unknown>,
  before: ApiRow<'vender_entries'> | null,
) =>
  settleEntryCurrency(trx, row, before, {
    address: vendorAccount(String(row.vender_name)),
    name: String(row.vender_name),
  })

/** Cash the entry takes out of the office: its withdraw and a payment from Cash. */
export const vendorCashOut = (row: ApiRow<'vender_entries'>): number =>
  Number(row.withdraw ?? 0) + (paidFromCash(row) ? Number(row.debit ?? 0) : 0)

export const postVendorEntry = async (
  trx: Kysely<Database>,
  row: ApiRow<'vender_entries'>,
  opts: PostOptions<'vender_entries'>,
) => {
  if (row.source_type) return
  const bank = paidFromCash(row)
    ? ''
    : await resolveBank(trx, row.bank_title, {
        amount: row.debit,
        field: 'bank_title',
        previous: opts.before?.bank_title,
        lenient: opts.lenient,
      })
  const source = { type: 'vender_entries', id: row.id }
  const bare = vendorMoves(row, bank)
  // A payment typed in rupees pays exactly them from the bank or cash (decision 120).
  const paid = await paidInMoves(trx, 'vender_entries', row.id, bare, {
    debit: bank ? bankAccount(bank) : CASH,
  })
  const detail = [`Vendor ${row.vender_name}`, row.detail].filter(Boolean).join(': ')
  await syncPosting(
    trx,
    'account_entries',
    source,
    bank && row.debit > 0
      ? {
          bank_name: bank,
          employee_name: '',
          vendor_name: row.vender_name,
          entry: row.entry,
          date: row.date,
          detail,
          credit: 0,
          // The bank's rupees: a foreign entry's payment converted as its lines are.
          debit:
            rowCurrency(row).rate === null
              ? row.debit
              : fromPaisa(
                  Number(
                    paid.rupees.get(bankAccount(bank)) ?? BigInt(toPaisa(rupeesOn(bare, bankAccount(bank)))),
                  ),
                ),
        }
      : null,
  )
  // Lines last: they take the books' total row, which every write takes last (books/lines.ts).
  // A payment that settles the vendor in its currency takes the rates' difference along (decision 109).
  const own = [...bare, ...paid.moves]
  // The bills it names, each settled exactly in its currency with its rates' difference (decision 120).
  const settled = await settleDocuments(trx, 'vender_entries', row, vendorAccount(row.vender_name), own)
  const moves = await withRealised(trx, source, vendorAccount(row.vender_name), [...own, ...settled])
  await syncLines(trx, source, { date: row.date, entry: row.entry, detail }, moves)
}
