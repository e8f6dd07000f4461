/** The double-entry books: account kinds and the report answers (docs/decisions/018). */
export const ACCOUNT_KINDS = [
  'cash',
  'bank',
  'agent',
  'vendor',
  'customer',
  'income',
  'cost',
  'expense',
  'equity',
  'accrued',
  // Issue 36: sales tax payable per authority and income tax customers withheld (decision 089).
  'tax',
] as const
export type AccountKind = (typeof ACCOUNT_KINDS)[number]

/** The cash account's name on every screen (Office Accounts dropdown, dashboard card). */
export const CASH_IN_OFFICE = 'Cash in Office'

/** One account's line in the trial balance, in rupees; balance = debit − credit. */
export interface TrialBalanceAccount {
  code: string
  name: string
  kind: AccountKind
  debit: number
  credit: number
  balance: number
}

/** GET /api/reports/trial-balance?to=yyyy-mm-dd: debits and credits of every account up to that day. */
export interface TrialBalance {
  /** The last day counted; '' for everything. */
  to: string
  accounts: TrialBalanceAccount[]
  /** Always equal to the paisa. */
  totals: { debit: number; credit: number }
}

/** Where a stored figure first differs from the one recomputed from the posting lines. */
export interface BooksDivergence {
  /** What was checked, e.g. "balance", "checkpoint", "record", "ledger". */
  check: string
  /** The account code (or ledger/name) concerned. */
  account: string
  /** The source or row concerned, e.g. "tickets 12" or a month. */
  row: string
  stored: number
  computed: number
}

/** GET /api/reports/books-check. */
export interface BooksCheck {
  ok: boolean
  /** Figures compared. */
  checked: number
  first_divergence?: BooksDivergence
  /** 'incremental': the lines since the last verified point; 'full': every line and kept copy (decision 073). */
  scope?: 'incremental' | 'full'
  /** Lines proved by this run, and the last line the books are verified to. */
  lines?: number
  through_line?: number
  /** Time the check took. */
  ms?: number
}
