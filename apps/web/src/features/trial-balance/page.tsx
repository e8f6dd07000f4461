import { formatAmount, fromPaisa, isIsoDate, toPaisa } from '@booking/shared'
import { useState } from 'react'
import { BooksMark } from '../../components/books-mark.tsx'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { DateInput } from '../../components/date-input.tsx'
import { ApiError, SESSION_ENDED } from '../../lib/api.ts'
import { useTrialBalance } from '../../lib/books.ts'

const KIND_LABELS: Record<string, string> = {
  cash: 'Cash',
  bank: 'Bank',
  agent: 'Agent',
  vendor: 'Vendor',
  customer: 'Customer',
  income: 'Income',
  cost: 'Cost of sales',
  expense: 'Expense',
  equity: 'Equity',
  accrued: 'Costs to pay',
  tax: 'Taxes',
}

interface Line {
  code: string
  name: string
  kind: string
  debit: number
  credit: number
  balance: number | null
  total?: boolean
  /** A foreign account (issue 34): its currency and its balance there, shown beside the rupees. */
  currency?: string
  balance_fx?: number
}

/** Zero shows as 0 (a real figure), not as "-". */
const amount =
  (key: 'debit' | 'credit' | 'balance') =>
  (row: Line): string => {
    const v = row[key]
    return v === null ? BLANK : formatAmount(v)
  }

const bold = (text: string, row: Line) => (row.total ? <strong>{text}</strong> : text)

/** Shown in the totals row's cells that have no figure (an empty cell would read "-"). */
const BLANK = '\u00a0'

// Not sortable: the totals row stays last, and the server's order (by account code) groups the kinds.
const COLUMNS = (
  [
    { key: 'code', header: 'Code', cell: (r) => (r.total ? BLANK : r.code) },
    { key: 'name', header: 'Account', cell: (r) => bold(r.name, r) },
    { key: 'kind', header: 'Kind', cell: (r) => (r.total ? BLANK : (KIND_LABELS[r.kind] ?? r.kind)) },
    { key: 'debit', header: 'Debit', format: 'amount', cell: (r) => bold(amount('debit')(r), r) },
    { key: 'credit', header: 'Credit', format: 'amount', cell: (r) => bold(amount('credit')(r), r) },
    {
      key: 'balance',
      header: 'Balance',
      format: 'amount',
      cell: (r) =>
        r.currency ? (
          <>
            {amount('balance')(r)}
            <span className="block text-xs text-slate-500" data-testid="balance-in-currency">
              {r.currency} {formatAmount(r.balance_fx ?? 0)}
            </span>
          </>
        ) : (
          bold(amount('balance')(r), r)
        ),
    },
  ] satisfies Column<Line>[]
).map((c): Column<Line> => ({ ...c, sortable: false }))

/** Trial Balance (admins): every account's debits, credits and balance up to a day, with the totals. */
export default function TrialBalancePage() {
  const [to, setTo] = useState('')
  const applied = isIsoDate(to) ? to : ''
  const query = useTrialBalance(applied)
  const rows: Line[] = query.data
    ? [
        ...query.data.accounts,
        {
          code: '',
          name: 'Total',
          kind: '',
          debit: query.data.totals.debit,
          credit: query.data.totals.credit,
          balance: null,
          total: true,
        },
      ]
    : []

  const diff = query.data ? toPaisa(query.data.totals.debit) - toPaisa(query.data.totals.credit) : 0

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-xl font-semibold text-slate-900">Trial Balance</h1>
          <BooksMark />
        </div>
        <div className="w-full sm:w-48">
          <label htmlFor="trial-balance-to" className="label">
            Up To
          </label>
          <DateInput id="trial-balance-to" className="input" value={to} onChange={setTo} />
        </div>
      </div>
      {query.isPending ? (
        <p className="py-10 text-center text-slate-500">Loading data...</p>
      ) : query.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
          {query.error instanceof ApiError && query.error.status === 401
            ? SESSION_ENDED
            : 'Failed to load data. Please try again later.'}
        </div>
      ) : (
        <>
          <DataTable
            columns={COLUMNS}
            rows={rows}
            rowKey={(r) => (r.total ? '__total' : r.code)}
            label="Trial Balance table"
            emptyText="No postings yet"
          />
          <p className="text-sm text-slate-600">
            {diff === 0
              ? 'Debits equal credits.'
              : `Debits and credits differ by ${formatAmount(fromPaisa(Math.abs(diff)))}.`}{' '}
            Balance is debit minus credit{applied ? '' : ', up to today'}.
          </p>
        </>
      )}
    </section>
  )
}
