import { type BooksDivergence, formatAmount } from '@booking/shared'
import { CircleAlert, CircleCheck } from 'lucide-react'
import { useIsAdmin } from '../lib/auth.tsx'
import { useBooksCheck } from '../lib/books.ts'

/**
 * Admins: a small "Books balanced" mark, or the first account and row whose stored figure
 * differs from its posting lines (GET /reports/books-check). Nothing for employees.
 */
export const BooksMark = () => {
  const admin = useIsAdmin()
  const check = useBooksCheck(admin)
  if (!admin || check.isPending) return null
  if (check.isError)
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
        Books check unavailable
      </span>
    )
  const { ok, checked, first_divergence: d } = check.data
  if (ok)
    return (
      <span
        data-testid="books-mark"
        title={`${checked.toLocaleString('en-US')} figures checked against the posting lines`}
        className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700"
      >
        <CircleCheck className="h-3.5 w-3.5" aria-hidden />
        Books balanced
      </span>
    )
  return (
    <span
      data-testid="books-mark"
      role="alert"
      className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700"
    >
      <CircleAlert className="h-3.5 w-3.5" aria-hidden />
      {d ? `Books differ: ${describeDivergence(d)}` : 'Books differ'}
    </span>
  )
}

/** "balance of 1000 at tickets 12: stored 5,000, lines 4,000". */
const describeDivergence = (d: BooksDivergence) =>
  `${d.check} of ${d.account}${d.row ? ` at ${d.row}` : ''}: stored ${formatAmount(d.stored)}, lines ${formatAmount(d.computed)}`
