import { formatAmount, formatDate, RECORD_TYPE_SEGMENT, REQUESTABLE_SPECS } from '@booking/shared'
import { useCallback, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { ReasonDialog } from '../../components/reason-dialog.tsx'
import { RecordLink } from '../../components/record-link.tsx'
import { api } from '../../lib/api.ts'
import { useIsAdmin } from '../../lib/auth.tsx'
import type { BookingRequest } from '../../lib/booking-request.ts'
import { navPath } from '../../lib/nav.ts'

/**
 * "Booking requests" (issue 35 item 4): what agents' users asked for from the portal. "Make
 * booking" opens the record's new form filled from the request; the saved record links it.
 */

const STATUSES = [
  ['pending', 'Waiting'],
  ['booked', 'Booked'],
  ['declined', 'Declined'],
] as const
type Status = (typeof STATUSES)[number][0]

const specOf = (kind: string) => REQUESTABLE_SPECS.find((s) => s.formType === kind)

export default function BookingRequestsPage() {
  const admin = useIsAdmin()
  const navigate = useNavigate()
  const [status, setStatus] = useState<Status>('pending')
  const [requests, setRequests] = useState<BookingRequest[] | null>(null)
  const [message, setMessage] = useState('')
  const [declining, setDeclining] = useState<BookingRequest | null>(null)
  const load = useCallback(
    () =>
      api.get<{ requests: BookingRequest[] }>('/booking-requests', { status }).then(
        (a) => setRequests(a.requests),
        (e: Error) => setMessage(e.message),
      ),
    [status],
  )
  useEffect(() => {
    void load()
  }, [load])

  const make = (r: BookingRequest) => {
    const spec = specOf(r.kind)
    if (!spec) return
    navigate(`${navPath(spec.segment, admin)}?new=1&request=${r.id}`)
  }

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Booking requests</h1>
      <div role="tablist" aria-label="Status" className="flex flex-wrap gap-2">
        {STATUSES.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={status === key}
            className={status === key ? 'btn-primary' : 'btn-secondary'}
            onClick={() => setStatus(key)}
          >
            {label}
          </button>
        ))}
      </div>
      {message && (
        <p role="status" className="rounded bg-blue-50 p-3 text-sm">
          {message}
        </p>
      )}
      {requests?.length === 0 && (
        <p className="text-slate-500">
          {status === 'pending' ? 'No requests are waiting.' : 'None in the last requests.'}
        </p>
      )}
      {requests?.map((r) => {
        const spec = specOf(r.kind)
        return (
          <section
            key={r.id}
            aria-label={`Request ${r.id}`}
            className="card grid gap-3 p-4 md:grid-cols-[1fr_auto]"
          >
            <div className="flex min-w-0 flex-col gap-1">
              <h2 className="text-lg font-semibold">
                {r.agent} · {spec?.name ?? r.kind} · {r.sector}
              </h2>
              <p className="text-sm text-slate-700">
                #{r.id} · {formatDate(r.depart_date)}
                {r.return_date ? ` to ${formatDate(r.return_date)}` : ''}
                {r.amount !== null ? ` · quoted Rs ${formatAmount(r.amount)}` : ''} · asked{' '}
                {formatDate(r.created_at.slice(0, 10))}
              </p>
              {r.over_limit && (
                <p className="text-sm font-medium text-amber-800">Passes the agent's credit limit</p>
              )}
              <ul className="text-sm">
                {r.passengers.map((p, i) => (
                  <li key={`${p.documentNo}-${i}`}>
                    {[p.title, p.firstName, p.lastName].filter(Boolean).join(' ')} ·{' '}
                    <span className="font-mono">{p.documentNo}</span>
                    {p.dob ? ` · born ${formatDate(p.dob)}` : ''}
                    {p.documentExpiry ? ` · expires ${formatDate(p.documentExpiry)}` : ''}
                  </li>
                ))}
              </ul>
              {r.note && <p className="text-sm text-slate-600">Note: {r.note}</p>}
              {r.status === 'declined' && <p className="text-sm text-red-700">Declined: {r.reason}</p>}
              {r.booking && (
                <p className="text-sm" data-testid="request-booking">
                  Booked as{' '}
                  {RECORD_TYPE_SEGMENT[r.booking.table] ? (
                    <RecordLink table={r.booking.table} entry={r.booking.entry} type={spec?.name ?? ''} />
                  ) : (
                    r.booking.entry
                  )}{' '}
                  · {r.booking.state}
                  {r.booking.amount !== null ? ` · Rs ${formatAmount(r.booking.amount)}` : ''}
                  {r.booking.remaining ? ` · remaining Rs ${formatAmount(r.booking.remaining)}` : ''}
                </p>
              )}
            </div>
            {r.status === 'pending' && (
              <div className="flex flex-wrap items-start gap-2 md:flex-col">
                <button type="button" className="btn-primary" onClick={() => make(r)}>
                  Make booking
                </button>
                <button type="button" className="btn-secondary" onClick={() => setDeclining(r)}>
                  Decline
                </button>
              </div>
            )}
          </section>
        )
      })}
      <ReasonDialog
        open={declining !== null}
        title="Decline request"
        message={declining ? `${declining.agent} is told the reason on their desk.` : ''}
        label="Reason"
        required="Reason is required"
        confirmLabel="Decline"
        busyLabel="Declining..."
        onCancel={() => setDeclining(null)}
        onConfirm={async (reason) => {
          if (!declining) return
          const a = await api.post<{ message: string }>(`/booking-requests/${declining.id}/decline`, {
            reason,
          })
          setDeclining(null)
          setMessage(a.message)
          await load()
        }}
      />
    </div>
  )
}
