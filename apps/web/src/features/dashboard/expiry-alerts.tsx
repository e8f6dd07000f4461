import { type Alert, DEFAULT_ALERT_DAYS, formatDate } from '@booking/shared'
import { useQuery } from '@tanstack/react-query'
import { AlertTriangle } from 'lucide-react'
import { useState } from 'react'
import { PassportLink } from '../../components/passport-link.tsx'
import { RecordLink } from '../../components/record-link.tsx'
import { api } from '../../lib/api.ts'

const WINDOWS = [15, 30, 60, 90] as const

const KIND_TONE: Record<Alert['kind'], string> = {
  passport: 'bg-amber-100 text-amber-900',
  document: 'bg-sky-100 text-sky-900',
  medical: 'bg-rose-100 text-rose-900',
  visa: 'bg-violet-100 text-violet-900',
}

/**
 * Documents about to run out (GET /api/alerts): passports within six months of today or of a
 * booked trip, other documents, medicals and visas within the chosen window; each links to its record.
 */
export const ExpiryAlerts = () => {
  const [days, setDays] = useState<number>(DEFAULT_ALERT_DAYS)
  const alerts = useQuery({
    queryKey: ['dashboard', 'alerts', days],
    queryFn: () => api.get<{ alerts: Alert[] }>('/alerts', { within_days: days }),
    staleTime: 60_000,
  })
  const list = alerts.data?.alerts ?? []
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="expiry-alerts">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <AlertTriangle className="h-5 w-5 text-amber-600" aria-hidden />
          Expiry alerts
          {alerts.isSuccess && <span className="text-sm font-normal text-slate-500">({list.length})</span>}
        </h2>
        <label className="flex items-center gap-2 text-sm text-slate-600">
          Visas, IDs and medicals within
          <select
            className="input w-auto py-1"
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
          >
            {WINDOWS.map((d) => (
              <option key={d} value={d}>
                {d} days
              </option>
            ))}
          </select>
        </label>
      </div>
      {alerts.isPending ? (
        <p className="text-sm text-slate-500">Loading data...</p>
      ) : alerts.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Failed to load expiry alerts
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing expires soon</p>
      ) : (
        <ul className="max-h-80 divide-y divide-slate-100 overflow-auto" aria-label="Expiry alerts">
          {list.map((a) => (
            <li
              key={`${a.kind}:${a.table}:${a.id}:${a.passport}:${a.expiry}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm"
            >
              <span className={`rounded px-2 py-0.5 text-xs font-medium ${KIND_TONE[a.kind]}`}>
                {a.document}
              </span>
              <span className="font-semibold tabular-nums text-slate-900">{formatDate(a.expiry)}</span>
              <span className="text-slate-800">{a.name || '-'}</span>
              {a.passport && <PassportLink no={a.passport} />}
              <span className="text-slate-600">{a.reason}</span>
              <span className="ml-auto text-slate-600">
                {a.type} <RecordLink table={a.table} entry={a.entry} type={a.type} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
