import { formatAmount, formatDate, type RevaluationAnswer } from '@booking/shared'
import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { toast } from 'sonner'
import type { z } from 'zod'
import { ApiError, api } from '../../lib/api.ts'

type Revaluation = z.output<typeof RevaluationAnswer>['revaluation']

/** The currencies turned on besides rupees; empty: the office keeps rupees only. */
const useForeignCurrencies = () =>
  useQuery({
    queryKey: ['/currencies'],
    queryFn: () => api.get<{ currencies: Array<{ code: string; enabled: boolean }> }>('/currencies'),
    select: (d) => d.currencies.filter((c) => c.enabled && c.code !== 'PKR').map((c) => c.code),
  })

/** The rate in force on a day for each currency (none: null, and the admin types one). */
const useRatesOn = (codes: string[], day: string) =>
  useQuery({
    queryKey: ['rates-on', day, ...codes],
    enabled: codes.length > 0,
    queryFn: async () => {
      const out: Record<string, string> = {}
      for (const currency of codes) {
        try {
          const r = await api.get<{ rate: number }>('/rates', { currency, date: day })
          out[currency] = String(r.rate)
        } catch (err) {
          if (!(err instanceof ApiError && err.status === 404)) throw err
          out[currency] = ''
        }
      }
      return out
    },
  })

// As the exchange report shows a difference: a loss is "Rs -1,620".
const signed = (v: number) => `Rs ${formatAmount(v)}`

/**
 * "Revalue foreign balances" (issue 34 item 5, decision 133): restates every open foreign party and
 * bank balance at the month end's closing rates (POST /api/admin/books/revaluation), reversed the
 * next day. The rates in force on the month's last day are proposed and may be changed. Shown only
 * when a currency other than rupees is turned on.
 */
export const RevaluationCard = ({ asOf }: { asOf: string }) => {
  const foreign = useForeignCurrencies()
  const codes = foreign.data ?? []
  const proposed = useRatesOn(codes, asOf)
  const [rates, setRates] = useState<Record<string, string>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [result, setResult] = useState<{ message: string; revaluation: Revaluation } | null>(null)
  useEffect(() => {
    if (proposed.data) setRates(proposed.data)
  }, [proposed.data])
  const run = useMutation({
    mutationFn: () =>
      api.post<{ message: string; revaluation: Revaluation }>('/admin/books/revaluation', {
        as_of: asOf,
        rates: Object.fromEntries(Object.entries(rates).filter(([, v]) => v.trim() !== '')),
      }),
    onSuccess: (a) => {
      setErrors({})
      setResult(a)
      toast.success(a.message)
    },
    onError: (err) => {
      setResult(null)
      setErrors(
        err instanceof ApiError ? { ...err.errors, form: err.message } : { form: (err as Error).message },
      )
    },
  })
  if (codes.length === 0) return null
  const submit = (e: FormEvent) => {
    e.preventDefault()
    run.mutate()
  }
  return (
    <section className="card max-w-3xl space-y-3 p-4 sm:p-6" aria-label="Revalue foreign balances">
      <h2 className="font-semibold text-slate-900">Revalue foreign balances</h2>
      <p className="text-sm text-slate-600">
        Restates every open balance kept in another currency (parties and banks) at the closing rates of{' '}
        {formatDate(asOf)}, as one entry to Exchange gain/loss (unrealised), reversed on the next day.
      </p>
      <form className="flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
        {codes.map((code) => (
          <label key={code} className="w-[calc(50%-0.375rem)] sm:w-40">
            <span className="label">Rate (Rs per 1 {code})</span>
            <input
              className="input tabular-nums"
              inputMode="decimal"
              value={rates[code] ?? ''}
              placeholder={proposed.isPending ? 'Loading...' : 'Type the rate'}
              onChange={(e) => setRates({ ...rates, [code]: e.target.value })}
            />
          </label>
        ))}
        <button type="submit" className="btn-primary" disabled={run.isPending || proposed.isPending}>
          {run.isPending ? 'Revaluing...' : `Revalue as of ${formatDate(asOf)}`}
        </button>
      </form>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.rates ? `${errors.form} (${errors.rates})` : errors.form}
        </p>
      )}
      {result && (
        <div className="overflow-x-auto" data-testid="revaluation-result">
          <p className="text-sm text-slate-700">{result.message}</p>
          {/* The total first: on a phone the table scrolls sideways. */}
          <p className="mt-1 text-sm font-semibold text-slate-900" data-testid="revaluation-total">
            {result.revaluation.accounts.length} account{result.revaluation.accounts.length === 1 ? '' : 's'}{' '}
            restated: {signed(result.revaluation.total)}
          </p>
          <table className="mt-2 w-full text-sm" aria-label="Accounts restated">
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs uppercase text-slate-500">
                <th className="py-2 pr-2">Account</th>
                <th className="py-2 pr-2 text-right">Balance</th>
                <th className="py-2 pr-2 text-right">Rupees before</th>
                <th className="py-2 pr-2 text-right">Rupees after</th>
                <th className="py-2 text-right">Gain (+) / loss (−)</th>
              </tr>
            </thead>
            <tbody>
              {result.revaluation.accounts.length === 0 && (
                <tr>
                  <td colSpan={5} className="py-2 text-slate-500">
                    No open foreign balance on this day
                  </td>
                </tr>
              )}
              {result.revaluation.accounts.map((a) => (
                <tr key={a.account} className="border-b border-slate-100">
                  <td className="py-1 pr-2">{a.name}</td>
                  <td className="whitespace-nowrap py-1 pr-2 text-right tabular-nums">
                    {a.currency} {formatAmount(a.balance)}
                  </td>
                  <td className="whitespace-nowrap py-1 pr-2 text-right tabular-nums">
                    Rs {formatAmount(a.rupees_before)}
                  </td>
                  <td className="whitespace-nowrap py-1 pr-2 text-right tabular-nums">
                    Rs {formatAmount(a.rupees_after)}
                  </td>
                  <td className="whitespace-nowrap py-1 text-right tabular-nums">{signed(a.difference)}</td>
                </tr>
              ))}
              <tr className="font-semibold">
                <td className="py-2 pr-2" colSpan={4}>
                  Total ({result.revaluation.accounts.length} account
                  {result.revaluation.accounts.length === 1 ? '' : 's'} restated)
                </td>
                <td className="whitespace-nowrap py-2 text-right tabular-nums">
                  {signed(result.revaluation.total)}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
