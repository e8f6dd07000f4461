import { formatDate, isIsoDate, todayIso } from '@booking/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { DateInput } from '../../components/date-input.tsx'
import { ApiError, api, SESSION_ENDED } from '../../lib/api.ts'
import { useIsAdmin } from '../../lib/auth.tsx'
import { ExchangeReportCard } from './exchange-report.tsx'

interface TodayRate {
  currency: string
  today: string
  date: string | null
  rate: number | null
  source: string
}
interface Currency {
  code: string
  minor_units: number
  enabled: boolean
}

/** "74.851234" as typed: digits and at most 6 decimals (the server says why anything else is refused). */
const RATE_TEXT = /^\d+(\.\d{1,6})?$/

/**
 * Rates (issue 34 item 1, decision 107): the one place staff type the day's rate of each currency
 * the office has turned on, rupees per one unit, with where it came from. Admins turn currencies on
 * here too. A record's form proposes the rate in force on its date from the same table.
 */
export default function RatesPage() {
  const qc = useQueryClient()
  const [date, setDate] = useState(todayIso())
  const [typed, setTyped] = useState<Record<string, string>>({})
  const [source, setSource] = useState('open market')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const today = useQuery({
    queryKey: ['rates-today'],
    queryFn: () => api.get<{ today: string; rates: TodayRate[] }>('/rates/today'),
  })
  const currencies = useQuery({
    queryKey: ['currencies'],
    queryFn: () => api.get<{ currencies: Currency[] }>('/currencies'),
  })
  const save = useMutation({
    mutationFn: async (entries: [string, string][]) => {
      for (const [currency, rate] of entries) await api.post('/rates', { date, currency, rate, source })
      return entries.length
    },
    onSuccess: (n) => {
      setTyped({})
      setErrors({})
      toast.success(n === 1 ? 'Rate saved' : `${n} rates saved`)
      void qc.invalidateQueries({ queryKey: ['rates-today'] })
    },
    onError: (err) => {
      setErrors(err instanceof ApiError ? err.errors : {})
      toast.error((err as Error).message)
    },
  })
  const turn = useMutation({
    mutationFn: (c: { code: string; enabled: boolean }) =>
      api.put(`/admin/currencies/${c.code}`, { enabled: c.enabled }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['currencies'] })
      void qc.invalidateQueries({ queryKey: ['rates-today'] })
    },
    onError: (err) => toast.error((err as Error).message),
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const entries = Object.entries(typed).filter(([, v]) => v.trim() !== '')
    const wrong: Record<string, string> = {}
    if (!isIsoDate(date)) wrong.date = 'Date is required'
    for (const [c, v] of entries)
      if (!RATE_TEXT.test(v.trim())) wrong[c] = 'Rupees per unit, at most 6 decimals'
    if (entries.length === 0) wrong.form = 'Type at least one rate'
    setErrors(wrong)
    if (Object.keys(wrong).length === 0) save.mutate(entries.map(([c, v]) => [c, v.trim()]))
  }
  const failed = today.isError || currencies.isError
  const isAdmin = useIsAdmin()
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">Rates</h1>
      {failed ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
          {today.error instanceof ApiError && today.error.status === 401
            ? SESSION_ENDED
            : 'Failed to load data. Please try again later.'}
        </div>
      ) : today.isPending ? (
        <p className="py-6 text-center text-slate-500">Loading data...</p>
      ) : (
        <form className="card max-w-3xl space-y-4 p-4 sm:p-6" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="rates-date" className="label">
                Date
              </label>
              <DateInput
                id="rates-date"
                className={`input ${errors.date ? 'input-error' : ''}`}
                value={date}
                onChange={setDate}
              />
            </div>
            <label>
              <span className="label">Source</span>
              <input
                className="input"
                value={source}
                maxLength={100}
                onChange={(e) => setSource(e.target.value)}
                placeholder="open market, SBP, supplier"
              />
            </label>
          </div>
          {today.data.rates.length === 0 ? (
            <p className="text-sm text-slate-600">
              Only rupees are on.{' '}
              {isAdmin ? 'Turn a currency on below.' : 'An admin turns currencies on here.'}
            </p>
          ) : (
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-slate-600">
                  <th className="py-1">Currency</th>
                  <th className="py-1 text-right">In force</th>
                  <th className="py-1 pl-3">New rate (Rs per unit)</th>
                </tr>
              </thead>
              <tbody>
                {today.data.rates.map((r) => (
                  <tr key={r.currency} className="border-t border-slate-100">
                    <td className="py-2 font-medium">{r.currency}</td>
                    <td className="py-2 text-right tabular-nums text-slate-700">
                      {r.rate === null ? (
                        'None yet'
                      ) : (
                        <>
                          Rs {r.rate.toLocaleString('en-US', { maximumFractionDigits: 6 })}
                          <span className="block text-xs text-slate-500">
                            from {formatDate(r.date)}
                            {r.source ? `, ${r.source}` : ''}
                          </span>
                        </>
                      )}
                    </td>
                    <td className="py-2 pl-3">
                      <input
                        aria-label={`${r.currency} rate`}
                        className={`input text-right tabular-nums ${errors[r.currency] ? 'input-error' : ''}`}
                        inputMode="decimal"
                        autoComplete="off"
                        value={typed[r.currency] ?? ''}
                        onChange={(e) => setTyped({ ...typed, [r.currency]: e.target.value })}
                      />
                      {errors[r.currency] && (
                        <span className="mt-1 block text-xs text-red-600">{errors[r.currency]}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {errors.form && <p className="text-xs text-red-600">{errors.form}</p>}
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save rates'}
          </button>
        </form>
      )}
      {isAdmin && currencies.data && (
        <div className="card max-w-3xl p-4 sm:p-6">
          <h2 className="font-semibold text-slate-900">Currencies</h2>
          <p className="mt-1 text-sm text-slate-600">
            PKR is the books’ currency. Turn on the ones the office uses.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            {currencies.data.currencies
              .filter((c) => c.code !== 'PKR')
              .map((c) => (
                <label
                  key={c.code}
                  className="flex items-center gap-1 rounded border border-slate-200 px-2 py-1 text-sm"
                >
                  <input
                    type="checkbox"
                    checked={c.enabled}
                    disabled={turn.isPending}
                    onChange={(e) => turn.mutate({ code: c.code, enabled: e.target.checked })}
                  />
                  {c.code}
                </label>
              ))}
          </div>
        </div>
      )}
      {isAdmin && <ExchangeReportCard />}
    </section>
  )
}
