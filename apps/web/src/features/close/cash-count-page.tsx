import { addDaysIso, type CashCount, formatAmount, formatDate, isIsoDate, todayIso } from '@booking/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { DateInput } from '../../components/date-input.tsx'
import { ApiError, api, SESSION_ENDED } from '../../lib/api.ts'

/** Over (+) or short (−) as a person reads it. */
const overShort = (d: number) =>
  d === 0 ? 'Exact' : d > 0 ? `Over ${formatAmount(d)}` : `Short ${formatAmount(-d)}`

const COLUMNS: Column<CashCount>[] = [
  { key: 'date', header: 'Date', cell: (c) => formatDate(c.date), sortable: false },
  {
    key: 'counted',
    header: 'Counted',
    format: 'amount',
    cell: (c) => formatAmount(c.counted),
    sortable: false,
  },
  {
    key: 'expected',
    header: 'Cash in Office',
    format: 'amount',
    cell: (c) => formatAmount(c.expected),
    sortable: false,
  },
  { key: 'difference', header: 'Over/short', cell: (c) => overShort(c.difference), sortable: false },
  { key: 'note', header: 'Reason', cell: (c) => c.note || '\u00a0', sortable: false },
  {
    key: 'employee',
    header: 'Counted by',
    cell: (c) => (c.replaced ? `${c.employee} (counted again)` : c.employee),
    sortable: false,
  },
]

/** Typed amount -> number, or null while it is not one ("10,250.50" reads as 10250.5). */
const amountOf = (typed: string) => {
  const clean = typed.replace(/,/g, '').trim()
  return clean !== '' && /^\d+(\.\d{0,2})?$/.test(clean) ? Number(clean) : null
}

/**
 * Cash Count (issue 24 item 3, decision 065): at the day's end whoever closes the drawer types
 * what they counted; the books compare it with Cash in Office only after it is saved (a blind
 * count), and a difference needs its reason. Recent counts are listed below.
 */
export default function CashCountPage() {
  const qc = useQueryClient()
  const [date, setDate] = useState(todayIso())
  const [counted, setCounted] = useState('')
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saved, setSaved] = useState<CashCount | null>(null)
  const from = addDaysIso(todayIso(), -30)
  const list = useQuery({
    queryKey: ['cash-counts', from],
    queryFn: () => api.get<{ cash_counts: CashCount[] }>('/cash-counts', { from }),
  })
  const save = useMutation({
    mutationFn: () =>
      api.post<{ cash_count: CashCount; message: string }>('/cash-counts', {
        date,
        counted: amountOf(counted) ?? counted,
        note,
      }),
    onSuccess: (a) => {
      setSaved(a.cash_count)
      setErrors({})
      setCounted('')
      setNote('')
      toast.success(a.message)
      void qc.invalidateQueries({ queryKey: ['cash-counts'] })
    },
    onError: (err) => {
      setErrors(err instanceof ApiError ? err.errors : {})
      toast.error((err as Error).message)
    },
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const missing: Record<string, string> = {}
    if (!isIsoDate(date)) missing.date = 'Date is required'
    if (amountOf(counted) === null) missing.counted = 'Counted cash must be a number'
    setErrors(missing)
    if (Object.keys(missing).length === 0) save.mutate()
  }
  const typed = amountOf(counted)
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">Cash Count</h1>
      <form className="card grid max-w-3xl gap-4 p-4 sm:grid-cols-3 sm:p-6" onSubmit={submit} noValidate>
        <div>
          <label htmlFor="cash-count-date" className="label">
            Date
          </label>
          <DateInput
            id="cash-count-date"
            className={`input ${errors.date ? 'input-error' : ''}`}
            value={date}
            onChange={setDate}
          />
          {errors.date && <span className="mt-1 block text-xs text-red-600">{errors.date}</span>}
        </div>
        <label>
          <span className="label">Cash counted (Rs)</span>
          <input
            className={`input text-right tabular-nums ${errors.counted ? 'input-error' : ''}`}
            inputMode="decimal"
            autoComplete="off"
            value={counted}
            aria-invalid={!!errors.counted || undefined}
            onChange={(e) => setCounted(e.target.value)}
            onBlur={() => typed !== null && setCounted(formatAmount(typed))}
          />
          <span className={`mt-1 block text-xs ${errors.counted ? 'text-red-600' : 'text-slate-500'}`}>
            {errors.counted ?? 'Notes and coins in the drawer'}
          </span>
        </label>
        <label>
          <span className="label">Reason if over or short</span>
          <input
            className={`input ${errors.note ? 'input-error' : ''}`}
            value={note}
            maxLength={500}
            aria-invalid={!!errors.note || undefined}
            onChange={(e) => setNote(e.target.value)}
          />
          {errors.note && <span className="mt-1 block text-xs text-red-600">{errors.note}</span>}
        </label>
        <div className="sm:col-span-3">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save count'}
          </button>
        </div>
      </form>
      {saved && (
        <div role="status" className="card max-w-3xl p-4 text-sm" data-testid="cash-count-result">
          <p className="font-semibold text-slate-900">Count for {formatDate(saved.date)} saved</p>
          <p className="mt-1 text-slate-700">
            Counted Rs {formatAmount(saved.counted)} · Cash in Office Rs {formatAmount(saved.expected)} ·{' '}
            <strong className={saved.difference < 0 ? 'text-red-700' : 'text-slate-900'}>
              {overShort(saved.difference)}
            </strong>
            {saved.difference !== 0 && ' (posted to Cash over/short)'}
          </p>
        </div>
      )}
      <h2 className="pt-2 font-semibold text-slate-900">Counts of the last 30 days</h2>
      {list.isPending ? (
        <p className="py-6 text-center text-slate-500">Loading data...</p>
      ) : list.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
          {list.error instanceof ApiError && list.error.status === 401
            ? SESSION_ENDED
            : 'Failed to load data. Please try again later.'}
        </div>
      ) : (
        <DataTable
          columns={COLUMNS}
          rows={list.data.cash_counts}
          rowKey={(c) => String(c.id)}
          label="Cash counts"
          emptyText="No counts yet"
        />
      )}
    </section>
  )
}
