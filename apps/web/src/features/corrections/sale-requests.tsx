import { fieldChanges, formatAmount, type SaleRequest, tableName } from '@booking/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from 'sonner'
import { FieldChanges } from '../../components/field-changes.tsx'
import { formatDateTime } from '../../components/field-value.ts'
import { ReasonDialog } from '../../components/reason-dialog.tsx'
import { api } from '../../lib/api.ts'

const STATUS_STYLE: Record<SaleRequest['status'], string> = {
  pending: 'bg-amber-100 text-amber-800',
  approved: 'bg-green-100 text-green-800',
  refused: 'bg-red-100 text-red-800',
}

/** Who the sale is on and for how much, in the words of its form. */
const summary = (r: SaleRequest) => {
  const b = r.body
  const party = String(b.agent_name || b.customer_add || b.customerAdd || b.name || '').trim()
  const amount = Number(b.receivable_amount ?? b.receivable ?? b.debit ?? 0)
  return `${tableName(r.table)}${party ? ` for ${party}` : ''}${amount ? `, Rs ${formatAmount(amount)}` : ''}`
}

type Decision = { r: SaleRequest; d: 'approve' | 'refuse' }

/**
 * Sales a credit limit refused and sent for approval (issue 37, decision 098): admins approve or
 * refuse each with a reason in the app's dialog; employees see theirs and what was decided.
 */
export const SaleRequests = ({ admin }: { admin: boolean }) => {
  const qc = useQueryClient()
  const query = useQuery({
    queryKey: ['sale-requests', admin],
    queryFn: () =>
      api.get<{ requests: SaleRequest[] }>(admin ? '/admin/sale-requests' : '/sale-requests', {
        ...(admin ? { status: 'pending' } : {}),
      }),
  })
  const [asking, setAsking] = useState<Decision | null>(null)
  const decide = useMutation({
    mutationFn: ({ r, d, reason }: Decision & { reason: string }) =>
      api.post<{ message: string; request: SaleRequest }>(`/admin/sale-requests/${r.id}/${d}`, { reason }),
    onSuccess: (a) => {
      // An approved sale moved its party's ledger, the books and the dashboard.
      qc.invalidateQueries()
      toast.success(a.request.entry ? `${a.message} as ${a.request.entry}` : a.message)
      setAsking(null)
    },
  })
  const rows = query.data?.requests ?? []
  if (query.isPending || (admin && rows.length === 0 && !query.isError)) return null
  return (
    <section aria-labelledby="sale-requests-heading" className="space-y-2">
      <h2 id="sale-requests-heading" className="text-base font-semibold text-slate-900">
        {admin ? 'Sales waiting for approval' : 'My sales sent for approval'}
      </h2>
      {query.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
          Failed to load data. Please try again later.
        </p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">None sent yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Sale requests">
          {rows.map((r) => (
            <li key={r.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p>
                    <span className="font-semibold text-slate-900">{summary(r)}</span>{' '}
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[r.status]}`}
                    >
                      {r.status.charAt(0).toUpperCase() + r.status.slice(1)}
                    </span>
                  </p>
                  <p className="text-slate-500">
                    Sold by {r.requested_by} on {formatDateTime(r.requested_at)}
                    {r.decided_by &&
                      r.decided_at &&
                      ` · ${r.status} by ${r.decided_by} on ${formatDateTime(r.decided_at)}`}
                  </p>
                  <p className="text-slate-700">{r.refusal}</p>
                  {r.note && <p className="text-slate-700">Note: {r.note}</p>}
                  {r.reason && <p className="text-slate-700">Reason: {r.reason}</p>}
                  {r.entry && <p className="text-slate-700">Saved as {r.entry}</p>}
                </div>
                {admin && r.status === 'pending' && (
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className="btn-primary px-3 py-1"
                      onClick={() => setAsking({ r, d: 'approve' })}
                    >
                      Approve
                    </button>
                    <button
                      type="button"
                      className="btn-danger px-3 py-1"
                      onClick={() => setAsking({ r, d: 'refuse' })}
                    >
                      Refuse
                    </button>
                  </div>
                )}
              </div>
              <details>
                <summary className="cursor-pointer text-blue-700">Show the sale as typed</summary>
                <div className="mt-2">
                  <FieldChanges changes={fieldChanges(null, r.body)} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
      <ReasonDialog
        open={asking !== null}
        title={asking?.d === 'refuse' ? 'Refuse the sale' : 'Approve the sale'}
        message={
          asking
            ? `${summary(asking.r)}, sold by ${asking.r.requested_by}. ${asking.r.refusal}.${
                asking.d === 'approve' ? ` It is saved as ${asking.r.requested_by}'s sale.` : ''
              }`
            : ''
        }
        label={asking?.d === 'refuse' ? 'Reason for refusing' : 'Reason for going past the limit'}
        required="Reason is required"
        confirmLabel={asking?.d === 'refuse' ? 'Refuse' : 'Approve'}
        busyLabel={asking?.d === 'refuse' ? 'Refusing...' : 'Approving...'}
        onCancel={() => setAsking(null)}
        onConfirm={(reason) =>
          asking ? decide.mutateAsync({ ...asking, reason }).then(() => undefined) : Promise.resolve()
        }
      />
    </section>
  )
}
