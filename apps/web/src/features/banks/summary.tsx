import { formatAmount, fromPaisa, toPaisa } from '@booking/shared'
import { type Reconciliation, signed } from './api.ts'

/** Paisa-exact sum of rupee amounts (the server's figures are rupees with at most two decimals). */
export const sumAmounts = (amounts: number[]) => fromPaisa(amounts.reduce((s, a) => s + toPaisa(a), 0))

const Figure = ({ label, value, testId }: { label: string; value: number; testId: string }) => (
  <div className="rounded-md bg-slate-50 px-3 py-2">
    <dt className="text-xs uppercase text-slate-500">{label}</dt>
    <dd className="text-base font-semibold tabular-nums text-slate-900" data-testid={testId}>
      {formatAmount(value)}
    </dd>
  </div>
)

/**
 * The reconciliation at a glance: the books' balance, the bank's, what explains the gap, and the
 * difference nobody has explained yet: large, green at 0, red otherwise.
 */
export const ReconciliationSummary = ({ data }: { data: Reconciliation }) => {
  const balanced = toPaisa(data.difference) === 0
  // No statement yet (start null): there is nothing to compare, so no difference is claimed (issue 37).
  if (data.start === null)
    return (
      <section
        aria-label="Reconciliation summary"
        className="rounded-lg border-2 border-slate-300 bg-slate-50 px-5 py-4 text-slate-700"
        data-testid="nothing-imported"
      >
        <p className="font-semibold">Nothing imported yet</p>
        <p className="text-sm">
          No statement of {data.bank.name} has been imported, so there is nothing to reconcile. Book balance
          Rs {formatAmount(data.book_balance)}. Import the bank's statement on the Import tab.
        </p>
      </section>
    )
  return (
    <section aria-label="Reconciliation summary" className="grid gap-3 lg:grid-cols-[1fr_auto]">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Figure label="Book balance" value={data.book_balance} testId="book-balance" />
        <Figure label="Statement balance" value={data.statement_balance} testId="statement-balance" />
        <Figure
          label="Outstanding deposits"
          value={sumAmounts(data.outstanding_deposits.map((l) => l.amount))}
          testId="outstanding-deposits"
        />
        <Figure
          label="Outstanding payments"
          value={sumAmounts(data.outstanding_payments.map((l) => l.amount))}
          testId="outstanding-payments"
        />
        <Figure
          label="Unmatched statement (in − out)"
          value={sumAmounts(data.unmatched_statement.map(signed))}
          testId="unmatched-statement"
        />
      </dl>
      <div
        className={`flex min-w-[14rem] flex-col justify-center rounded-lg border-2 px-5 py-3 text-center ${
          balanced ? 'border-green-600 bg-green-50 text-green-800' : 'border-red-500 bg-red-50 text-red-700'
        }`}
      >
        <span className="text-sm font-medium uppercase">Difference</span>
        <output className="text-3xl font-bold tabular-nums" data-testid="difference" aria-live="polite">
          {formatAmount(data.difference)}
        </output>
        <span className="text-xs">{balanced ? 'Every line is explained' : 'Lines still to explain'}</span>
      </div>
    </section>
  )
}
