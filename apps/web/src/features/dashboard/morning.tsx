import { formatDate, formatRs, plural } from '@booking/shared'
import { useQuery } from '@tanstack/react-query'
import { ClipboardCheck, UserCheck } from 'lucide-react'
import { Link } from 'react-router'
import { api } from '../../lib/api.ts'
import { navPath } from '../../lib/nav.ts'

interface Morning {
  pending_users: number
  corrections_waiting: number
}

interface MyReceipts {
  date: string
  total: number
  by_method: Array<{ method: string; bank: string; amount: number }>
  lines: Array<{
    type: string
    table: string
    id: number
    entry: string
    name: string
    method: string
    bank: string
    amount: number
  }>
}

/** Admins: what waits for them this morning, each a link to where it is done (decision 049). */
export const WaitingForYou = () => {
  const morning = useQuery({
    queryKey: ['admin-morning'],
    queryFn: () => api.get<Morning>('/admin/morning'),
    staleTime: 15_000,
  })
  if (morning.isError)
    return (
      <p role="alert" className="text-sm text-red-600">
        Failed to load what is waiting
      </p>
    )
  const data = morning.data
  const items = [
    {
      key: 'approvals',
      icon: UserCheck,
      to: navPath('employee', true),
      label: 'Pending approvals',
      text: data ? plural(data.pending_users, 'staff sign-up to approve', 'staff sign-ups to approve') : '–',
      count: data?.pending_users ?? 0,
    },
    {
      key: 'corrections',
      icon: ClipboardCheck,
      to: navPath('corrections', true),
      label: 'Corrections waiting',
      text: data ? plural(data.corrections_waiting, 'correction request', 'correction requests') : '–',
      count: data?.corrections_waiting ?? 0,
    },
  ]
  return (
    <section aria-label="Waiting for you" className="grid gap-3 sm:grid-cols-2">
      {items.map((it) => (
        <Link
          key={it.key}
          to={it.to}
          data-testid={`morning-${it.key}`}
          className={`flex items-center gap-3 rounded-lg border bg-white p-3 shadow-sm hover:bg-slate-50 ${it.count > 0 ? 'border-amber-300' : 'border-slate-200'}`}
        >
          <it.icon
            className={`h-6 w-6 shrink-0 ${it.count > 0 ? 'text-amber-600' : 'text-slate-400'}`}
            aria-hidden
          />
          <div className="min-w-0">
            <p className="text-xs font-medium text-slate-500">{it.label}</p>
            <p className="font-semibold text-slate-900">{it.text}</p>
          </div>
        </Link>
      ))}
    </section>
  )
}

/** Every user: what they took today, by method and bank, and each line (decision 049). */
export const MyReceiptsToday = () => {
  const mine = useQuery({
    queryKey: ['my-receipts-today'],
    queryFn: () => api.get<MyReceipts>('/my-receipts/today'),
    staleTime: 15_000,
  })
  return (
    <section aria-labelledby="my-receipts-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="my-receipts-title" className="text-sm font-semibold text-slate-700">
          My receipts today{mine.data ? ` · ${formatDate(mine.data.date)}` : ''}
        </h2>
        {mine.data && (
          <p className="text-lg font-semibold tabular-nums text-slate-900" data-testid="my-receipts-total">
            {formatRs(mine.data.total)}
          </p>
        )}
      </div>
      {mine.isPending ? (
        <p className="mt-2 text-sm text-slate-500">Loading data...</p>
      ) : mine.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          Failed to load your receipts
        </p>
      ) : mine.data.lines.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">Nothing taken yet today</p>
      ) : (
        <>
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="By method and bank">
            {mine.data.by_method.map((m) => (
              <li
                key={`${m.method}|${m.bank}`}
                className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800"
              >
                {m.method === 'Cash' ? 'Cash' : m.bank}:{' '}
                <span className="font-semibold tabular-nums">{formatRs(m.amount)}</span>
              </li>
            ))}
          </ul>
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-blue-700">
              {plural(mine.data.lines.length, 'line', 'lines')}
            </summary>
            <ul className="mt-1 divide-y divide-slate-100">
              {mine.data.lines.map((l) => (
                <li
                  key={`${l.table}-${l.id}-${l.method}-${l.bank}`}
                  className="flex justify-between gap-3 py-1"
                >
                  <span className="min-w-0 truncate">
                    {l.type} {l.entry} · {l.name} · {l.method === 'Cash' ? 'Cash' : l.bank}
                  </span>
                  <span className="shrink-0 tabular-nums">{formatRs(l.amount)}</span>
                </li>
              ))}
            </ul>
          </details>
        </>
      )}
    </section>
  )
}
