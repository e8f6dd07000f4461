/**
 * The books' public API (issue 32 item 3, decisions 126-127): the one file of `src/books/` a
 * record folder imports (`test/books-api.test.ts` fails on any other). Money goes in and comes out
 * as `Money` (currency + bigint minor units) or bigint paisa; a record's rupee figure becomes Money
 * once, in `move` / `moveIn` (the edge), and nothing in here hands rupees back to the ledger.
 */

export { addressCodes, currencyOf, setAccountCurrency } from './account-rows.ts'
// Accounts by address (decision 081): what a record posts to.
export {
  agentAccount,
  BANK_TRANSFERS,
  bankAccount,
  CASH,
  COST_OF_SALES,
  customerAccountOf,
  expenseAccount,
  incomeAccount,
  OPENING,
  partyAccountOf,
  REFUNDS,
  vendorAccount,
  WITHHELD_TAX,
} from './accounts.ts'
export { resolveBank } from './banks.ts'
// Money in another currency (decisions 107-109).
export {
  currencyAnswer,
  moveIn,
  type RecordCurrency,
  ratesAnswer,
  recordCurrency,
  rowCurrency,
  rupeesMoved,
  rupeesOn,
  saleCurrencyOf,
  settleEntryCurrency,
  storedRates,
  withRealised,
} from './currency.ts'
export { createdDay } from './day.ts'
// What later payments, settlements and the day checkpoints need of a record.
export { addPaidToOwed, uncountSource } from './day-checkpoints.ts'
// What a payment's `settles` settles, exactly in its currency (decision 120).
export {
  checkSettlement,
  convertRupeePayment,
  convertSaleRupees,
  forgetPaidIn,
  forgetSalePaidIn,
  forgetSettlements,
  paidInMoves,
  rupeesOnParty,
  salePaidIn,
  salePaidInMoves,
  settleDocuments,
  settleSalePayment,
} from './fx-settlement.ts'
// The ledger: post, reverse, read and prove.
export {
  balance,
  check,
  merge,
  page,
  post,
  rename,
  reverse,
  rupeeBalance,
  transfer,
  trialBalance,
} from './ledger.ts'
// A record's moves and their posting (decision 050): make `moves` the source's money, or reverse it.
export { type Move, move, removeLines, renameAccount, syncLines } from './lines.ts'
export { REALISED } from './moves.ts'
export {
  PAYMENT_TABLES,
  refuseIfPaid,
  refuseOverpaid,
  remainingAfterPayments,
  removeSale,
  saleRemaining,
} from './paid-records.ts'
export { linkAudit } from './post.ts'
export { enabledCurrencies, NOT_TURNED_ON, rateOn } from './rates.ts'
export type { LedgerLine } from './read.ts'
export type { PostOptions } from './registry.ts'
export { bankRowCurrency, postSale, SALE_COLUMNS, salePartyOf, settleSaleCurrency } from './sale.ts'
export { officePurposeAccountOf, settledAccountOf } from './settlements.ts'
export { postWithdraw, removeWithdraw } from './withdraw.ts'
