import { todayIso } from '@booking/shared'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { FromToDates } from '../../components/date-input.tsx'
import { useMoney } from '../../lib/agency.ts'
import { ApiError, api } from '../../lib/api.ts'

interface Difference {
  account: string
  name: string
  currency: string
  amount: number
}
interface ExchangeReport {
  from: string
  to: string
  realised: Difference[]
  realised_total: number
  /** Revaluation's differences (issue 34 item 5, decision 121). */
  unrealised?: Difference[]
  unrealised_total?: number
}

const firstOfMonth = () => `${todayIso().slice(0, 8)}01`

/**
 * Exchange differences (issue 34 item 6, GET /api/reports/exchange): what the rates' moves
 * between a bill and its payment made or lost, by party, in rupees (a gain +, a loss −).
 */
export const ExchangeReportCard = () => {
  const money = useMoney()
  const [from, setFrom] = useState(firstOfMonth())
  const [to, setTo] = useState(todayIso())
  const [asked, setAsked] = useState({ from: firstOfMonth(), to: todayIso() })
  const report = useQuery({
    queryKey: ['exchange-report', asked.from, asked.to],
    queryFn: () => api.get<ExchangeReport>('/reports/exchange', asked),
  })
  const show = (e: FormEvent) => {
    e.preventDefault()
    setAsked({ from, to })
  }
  const table = (title: string, rows: Difference[], total: number | undefined) => (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label={title}>
        <caption className="py-1 text-left font-medium text-slate-800">{title}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase text-slate-500">
            <th className="py-2 pr-2">Party</th>
            <th className="py-2 pr-2">Currency</th>
            <th className="py-2 text-right">Gain (+) / loss (−)</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={3} className="py-2 text-slate-500">
                None in this period
              </td>
            </tr>
          )}
          {rows.map((r) => (
            <tr key={r.account} className="border-b border-slate-100">
              <td className="py-1 pr-2">{r.name}</td>
              <td className="py-1 pr-2">{r.currency}</td>
              <td className="whitespace-nowrap py-1 text-right tabular-nums">{money(r.amount)}</td>
            </tr>
          ))}
          <tr className="font-semibold">
            <td className="py-2 pr-2">Total</td>
            <td />
            <td className="whitespace-nowrap py-2 text-right tabular-nums">{money(total ?? 0)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  )
  return (
    <section className="card max-w-3xl space-y-3 p-4 sm:p-6" aria-label="Exchange differences">
      <h2 className="font-semibold text-slate-900">Exchange differences</h2>
      <p className="text-sm text-slate-600">
        What the rate’s move between a bill and its payment made or lost (realised), and what the month-end
        restatement of open balances made or lost (unrealised), by party, in rupees.
      </p>
      <form className="flex flex-wrap items-end gap-3" onSubmit={show}>
        <FromToDates from={from} to={to} onFrom={setFrom} onTo={setTo} />
        <button type="submit" className="btn-secondary">
          Show differences
        </button>
      </form>
      {report.isError && (
        <p role="alert" className="text-sm text-red-700">
          {report.error instanceof ApiError ? report.error.message : 'Failed to load the differences'}
        </p>
      )}
      {report.data && (
        // Realised beside unrealised (decision 121): a month's report shows its month-end's restatement.
        <div className="grid gap-4 md:grid-cols-2">
          {table('Realised', report.data.realised, report.data.realised_total)}
          {table('Unrealised (revaluation)', report.data.unrealised ?? [], report.data.unrealised_total)}
        </div>
      )}
    </section>
  )
}
