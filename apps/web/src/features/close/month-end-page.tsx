import {
  type BooksLock,
  CLOSE_NEEDS_CONFIRM,
  formatDate,
  isIsoDate,
  type MonthEndItem,
  todayIso,
} from '@booking/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { CircleAlert, CircleCheck, Lock } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { DateInput } from '../../components/date-input.tsx'
import { ApiError, api, SESSION_ENDED } from '../../lib/api.ts'
import { RevaluationCard } from './revaluation-card.tsx'

interface MonthEnd {
  month: string
  from: string
  to: string
  locked_through: string | null
  items: MonthEndItem[]
}

const monthName = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

/** The twelve months up to this one, newest first ("2026-11"). */
const recentMonths = () => {
  const [y, m] = todayIso().split('-').map(Number) as [number, number]
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1))
    return d.toISOString().slice(0, 7)
  })
}

const ErrorBox = ({ error }: { error: unknown }) => (
  <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
    {error instanceof ApiError && error.status === 401
      ? SESSION_ENDED
      : 'Failed to load data. Please try again later.'}
  </div>
)

/** The books' lock date and the "Close through" form (a day before the lock reopens days: reason required). */
const CloseThrough = ({ month }: { month: MonthEnd }) => {
  const qc = useQueryClient()
  const lock = useQuery({
    queryKey: ['books-lock'],
    queryFn: () => api.get<{ lock: BooksLock }>('/admin/books/lock'),
  })
  const today = todayIso()
  const [through, setThrough] = useState([month.to, today].sort()[0] as string)
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  // What the server says is left (its 409, decision 094): asked in the app's dialog before closing.
  const [left, setLeft] = useState<string[] | null>(null)
  const save = useMutation({
    mutationFn: (confirm: boolean) =>
      api.put<{ lock: BooksLock }>('/admin/books/lock', { through, reason, ...(confirm ? { confirm } : {}) }),
    onSuccess: (a) => {
      setLeft(null)
      setErrors({})
      setReason('')
      toast.success(`The books are closed through ${formatDate(a.lock.through)}`)
      qc.setQueryData(['books-lock'], a)
      void qc.invalidateQueries({ queryKey: ['month-end'] })
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409 && err.message === CLOSE_NEEDS_CONFIRM) {
        setLeft(Object.values(err.errors))
        return
      }
      setLeft(null)
      setErrors(err instanceof ApiError ? err.errors : {})
      toast.error((err as Error).message)
    },
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!isIsoDate(through)) return setErrors({ through: 'Close through date is required' })
    save.mutate(false)
  }
  const current = lock.data?.lock
  const reopening = Boolean(current?.through && isIsoDate(through) && through < current.through)
  return (
    <form className="card grid max-w-3xl gap-4 p-4 sm:grid-cols-3 sm:p-6" onSubmit={submit} noValidate>
      <div className="sm:col-span-3" data-testid="books-lock">
        {lock.isPending ? (
          <p className="text-slate-500">Loading data...</p>
        ) : lock.isError ? (
          <ErrorBox error={lock.error} />
        ) : current?.through ? (
          <p className="flex items-start gap-2 text-slate-800">
            <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>
              The books are closed through <strong>{formatDate(current.through)}</strong> (by {current.by} on{' '}
              {formatDate(current.at)}
              {current.reason ? `: ${current.reason}` : ''}). Nothing dated on or before it can be added,
              changed or deleted.
            </span>
          </p>
        ) : (
          <p className="text-slate-700">No day is closed yet.</p>
        )}
      </div>
      <div>
        <label htmlFor="close-through" className="label">
          Close through
        </label>
        <DateInput
          id="close-through"
          className={`input ${errors.through ? 'input-error' : ''}`}
          value={through}
          onChange={setThrough}
        />
        {errors.through && <span className="mt-1 block text-xs text-red-600">{errors.through}</span>}
      </div>
      <label className="sm:col-span-2">
        <span className="label">Reason{reopening ? ' (required to reopen days)' : ''}</span>
        <input
          className={`input ${errors.reason ? 'input-error' : ''}`}
          value={reason}
          maxLength={500}
          aria-invalid={!!errors.reason || undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {errors.reason && <span className="mt-1 block text-xs text-red-600">{errors.reason}</span>}
      </label>
      <div className="sm:col-span-3">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : reopening ? 'Reopen to this day' : 'Close through'}
        </button>
      </div>
      <ConfirmDialog
        open={left !== null}
        title={`Close the books through ${isIsoDate(through) ? formatDate(through) : through}?`}
        message={
          <>
            <span className="block">
              Every write dated on or before it will be refused. {left?.length ?? 0} thing
              {(left?.length ?? 0) === 1 ? ' is' : 's are'} left:
            </span>
            <span className="mt-2 block space-y-1" data-testid="close-left">
              {left?.map((l) => (
                <span key={l} className="block">
                  • {l}
                </span>
              ))}
            </span>
          </>
        }
        confirmLabel="Close anyway"
        busyLabel="Closing..."
        busy={save.isPending}
        onCancel={() => setLeft(null)}
        onConfirm={() => save.mutate(true)}
      />
    </form>
  )
}

/**
 * Month End (admins; issue 24 item 4, decision 066): what is left before a month can be closed
 * (each line from the server's checklist providers) and the "Close through" action.
 */
export default function MonthEndPage() {
  const months = recentMonths()
  const [month, setMonth] = useState(months[0] as string)
  const query = useQuery({
    queryKey: ['month-end', month],
    queryFn: () => api.get<MonthEnd>('/admin/month-end', { month }),
  })
  const left = query.data?.items.filter((i) => !i.ok).length ?? 0
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">Month End</h1>
        <label className="w-full sm:w-56">
          <span className="label">Month</span>
          <select className="input" value={month} onChange={(e) => setMonth(e.target.value)}>
            {months.map((m) => (
              <option key={m} value={m}>
                {monthName(m)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {query.isPending ? (
        <p className="py-10 text-center text-slate-500">Loading data...</p>
      ) : query.isError ? (
        <ErrorBox error={query.error} />
      ) : (
        <>
          <div className="card max-w-3xl p-4 sm:p-6">
            <h2 className="font-semibold text-slate-900">
              {monthName(query.data.month)}: {formatDate(query.data.from)} to {formatDate(query.data.to)}
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              {left === 0
                ? 'Nothing is left: the month can be closed.'
                : `${left} thing${left > 1 ? 's' : ''} left before closing.`}
            </p>
            <ul className="mt-3 divide-y divide-slate-100" aria-label="Month-end checklist">
              {query.data.items.map((item) => (
                <li key={item.key} className="py-3" data-testid={`month-end-${item.key}`}>
                  <div className="flex items-center gap-2">
                    {item.ok ? (
                      <CircleCheck className="h-5 w-5 shrink-0 text-emerald-600" aria-label="Done" />
                    ) : (
                      <CircleAlert className="h-5 w-5 shrink-0 text-amber-600" aria-label="Left to do" />
                    )}
                    <span className="font-medium text-slate-900">{item.label}</span>
                    <span className="ml-auto tabular-nums text-slate-700">
                      {item.ok ? 'None' : item.count.toLocaleString('en-US')}
                    </span>
                  </div>
                  {item.details.length > 0 && (
                    <p className="mt-1 pl-7 text-sm text-slate-600">{item.details.join(' · ')}</p>
                  )}
                </li>
              ))}
            </ul>
          </div>
          <RevaluationCard key={`reval-${query.data.month}`} asOf={query.data.to} />
          <CloseThrough key={query.data.month} month={query.data} />
        </>
      )}
    </section>
  )
}
