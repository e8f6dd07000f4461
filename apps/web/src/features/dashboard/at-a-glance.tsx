import { formatRs, plural, todayIso } from '@booking/shared'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { api } from '../../lib/api.ts'
import { useCollections } from '../../lib/collections.ts'
import { navPath } from '../../lib/nav.ts'

/**
 * The owner's phone (issue 35 item 5: "cash in office, to collect, today's sales and approvals
 * waiting"): four figures at the top of the admin's dashboard on a narrow screen, where the
 * dashboard's own cards put Cash in Office twelfth and To collect below the table (decision 119).
 * The same answers as the dashboard's cards and To Collect; mounted below 768 px only (no requests
 * on a desk's screen, where the cards show them).
 */
export const AtAGlance = () => {
  const today = todayIso()
  // Same query key as the dashboard's cards with no period: one request for both.
  const all = useQuery({
    queryKey: ['dashboard', 'summary', { from: undefined, to: undefined }],
    queryFn: () => api.get<{ cashInOffice: number }>('/dashboard', {}),
    staleTime: 15_000,
  })
  const sales = useQuery({
    queryKey: ['dashboard', 'summary', { from: today, to: today }],
    queryFn: () => api.get<{ totalReceivable: number }>('/dashboard', { from: today, to: today }),
    staleTime: 15_000,
  })
  const collect = useCollections({})
  const morning = useQuery({
    queryKey: ['admin-morning'],
    queryFn: () => api.get<{ pending_users: number; corrections_waiting: number }>('/admin/morning'),
    staleTime: 15_000,
  })
  const deposits = useQuery({
    queryKey: ['deposits', 'pending', 'count'],
    queryFn: () => api.get<{ deposits: unknown[] }>('/deposits', { status: 'pending' }),
    staleTime: 15_000,
  })
  const waiting =
    morning.data && deposits.data
      ? morning.data.pending_users + morning.data.corrections_waiting + deposits.data.deposits.length
      : null
  const money = (n: number | undefined) => (n === undefined ? '–' : formatRs(n))
  const cards = [
    { key: 'cash', label: 'Cash in office', figure: money(all.data?.cashInOffice), to: null },
    {
      key: 'collect',
      label: 'To collect',
      figure: money(collect.data?.totals.overdue),
      note: collect.data ? `${formatRs(collect.data.totals.total)} owed in all` : '',
      to: navPath('toCollect', true),
    },
    { key: 'sales', label: "Today's sales", figure: money(sales.data?.totalReceivable), to: null },
    {
      key: 'waiting',
      label: 'Approvals waiting',
      figure: waiting === null ? '–' : String(waiting),
      note:
        morning.data && deposits.data
          ? [
              plural(deposits.data.deposits.length, 'deposit', 'deposits'),
              plural(morning.data.pending_users, 'sign-up', 'sign-ups'),
              plural(morning.data.corrections_waiting, 'correction', 'corrections'),
            ].join(' · ')
          : '',
      to: navPath('deposits', true),
    },
  ]
  return (
    <section aria-label="At a glance" className="grid grid-cols-2 gap-2">
      {cards.map((c) => {
        const body = (
          <>
            <p className="text-xs font-medium text-slate-600">{c.label}</p>
            <p className="mt-0.5 whitespace-nowrap text-lg font-semibold tabular-nums text-slate-900">
              {c.figure}
            </p>
            {c.note && <p className="text-xs text-slate-600">{c.note}</p>}
          </>
        )
        const style = 'block rounded-lg border border-slate-200 bg-white p-3 shadow-sm'
        return c.to ? (
          <Link
            key={c.key}
            to={c.to}
            data-testid={`glance-${c.key}`}
            className={`${style} hover:bg-slate-50`}
          >
            {body}
          </Link>
        ) : (
          <div key={c.key} data-testid={`glance-${c.key}`} className={style}>
            {body}
          </div>
        )
      })}
    </section>
  )
}
