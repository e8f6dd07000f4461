import { type Correction, tableName } from '@booking/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from 'sonner'
import { FieldChanges } from '../../components/field-changes.tsx'
import { formatDateTime } from '../../components/field-value.ts'
import { api, SESSION_ENDED } from '../../lib/api.ts'
import { useIsAdmin } from '../../lib/auth.tsx'
import { useCorrections } from '../../lib/corrections.ts'
import { SaleRequests } from './sale-requests.tsx'

const STATUS_STYLE: Record<Correction['status'], string> = {
  pending: 'bg-amber-100 text-amber-800',
  approved: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

const StatusBadge = ({ status }: { status: Correction['status'] }) => (
  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}>
    {capital(status)}
  </span>
)

const CorrectionCard = ({
  c,
  decide,
  withdraw,
}: {
  c: Correction
  decide?: (c: Correction, d: 'approve' | 'reject') => void
  /** The requester's own pending request can be withdrawn (decision 061). */
  withdraw?: (c: Correction) => void
}) => (
  <li className="space-y-2 rounded-lg border border-slate-200 bg-white p-3" aria-label={`Correction ${c.id}`}>
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="text-sm">
        <p>
          <span className="font-semibold text-slate-900">
            {c.action === 'delete' ? 'Delete' : 'Edit'} {tableName(c.table)} {c.entry ?? `#${c.record_id}`}
          </span>{' '}
          <StatusBadge status={c.status} />
        </p>
        <p className="text-slate-500">
          Asked by {c.requested_by} on {formatDateTime(c.requested_at)}
          {c.decided_by &&
            c.decided_at &&
            ` · ${c.status} by ${c.decided_by} on ${formatDateTime(c.decided_at)}`}
        </p>
        <p className="text-slate-700">Reason: {c.reason}</p>
        {c.decision_note && <p className="text-slate-700">Note: {c.decision_note}</p>}
      </div>
      {decide && c.status === 'pending' && (
        <div className="flex gap-2">
          <button type="button" className="btn-primary px-3 py-1" onClick={() => decide(c, 'approve')}>
            Approve
          </button>
          <button type="button" className="btn-danger px-3 py-1" onClick={() => decide(c, 'reject')}>
            Reject
          </button>
        </div>
      )}
      {withdraw && c.status === 'pending' && (
        <button type="button" className="btn-secondary px-3 py-1" onClick={() => withdraw(c)}>
          Withdraw
        </button>
      )}
    </div>
    {c.action === 'update' ? (
      <FieldChanges changes={c.diff} />
    ) : (
      <details className="text-sm">
        <summary className="cursor-pointer text-blue-700">Show the record</summary>
        <div className="mt-2">
          <FieldChanges changes={c.diff} hide={['id', 'created_at']} />
        </div>
      </details>
    )}
  </li>
)

const List = ({
  query,
  decide,
  withdraw,
  empty,
}: {
  query: ReturnType<typeof useCorrections>
  decide?: Parameters<typeof CorrectionCard>[0]['decide']
  withdraw?: Parameters<typeof CorrectionCard>[0]['withdraw']
  empty: string
}) =>
  query.isPending ? (
    <p className="py-10 text-center text-slate-500">Loading data...</p>
  ) : query.isError ? (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
      {query.error.message === SESSION_ENDED ? SESSION_ENDED : 'Failed to load data. Please try again later.'}
    </p>
  ) : query.data.corrections.length === 0 ? (
    <p className="py-10 text-center text-slate-500">{empty}</p>
  ) : (
    <ul className="space-y-2">
      {query.data.corrections.map((c) => (
        <CorrectionCard key={c.id} c={c} decide={decide} withdraw={withdraw} />
      ))}
    </ul>
  )

/** Admins: pending requests with their field diff, approve or reject; everyone: the state of their own requests. */
export default function CorrectionsPage() {
  const admin = useIsAdmin()
  const [tab, setTab] = useState<'pending' | 'all' | 'mine'>(admin ? 'pending' : 'mine')
  const query = useCorrections(tab)
  const qc = useQueryClient()
  const decision = useMutation({
    mutationFn: ({ c, d }: { c: Correction; d: 'approve' | 'reject' }) =>
      api.post(`/admin/corrections/${c.id}/${d}`, {}),
    onSuccess: (_a, { d }) => {
      // An approved change moved the record, its ledgers and the dashboard.
      qc.invalidateQueries()
      toast.success(d === 'approve' ? 'Correction approved' : 'Correction rejected')
    },
    onError: (err) => toast.error((err as Error).message),
  })
  const withdrawal = useMutation({
    mutationFn: (c: Correction) => api.post(`/corrections/${c.id}/withdraw`, {}),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: ['corrections'] })
      toast.success('Correction request withdrawn')
    },
    onError: (err) => toast.error((err as Error).message),
  })
  const tabs = admin
    ? ([
        ['pending', 'Pending'],
        ['all', 'All requests'],
        ['mine', 'My requests'],
      ] as const)
    : ([['mine', 'My requests']] as const)
  const tabClass = (t: string) =>
    `-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
      tab === t ? 'border-blue-600 text-blue-700' : 'border-transparent text-slate-500 hover:text-slate-800'
    }`
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">Corrections</h1>
      {!admin && (
        <p className="text-sm text-slate-600">
          To correct a record, open its list and use Request correction or Request deletion on its row.
        </p>
      )}
      <SaleRequests admin={admin} />
      <div role="tablist" className="flex border-b border-slate-200">
        {tabs.map(([t, label]) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            className={tabClass(t)}
            onClick={() => setTab(t)}
          >
            {label}
          </button>
        ))}
      </div>
      <List
        query={query}
        decide={admin && tab !== 'mine' ? (c, d) => decision.mutate({ c, d }) : undefined}
        withdraw={tab === 'mine' ? (c) => withdrawal.mutate(c) : undefined}
        empty={tab === 'pending' ? 'No pending requests' : 'No requests yet'}
      />
    </section>
  )
}
