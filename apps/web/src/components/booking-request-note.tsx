import { formatAmount, formatDate } from '@booking/shared'
import type { BookingRequest } from '../lib/booking-request.ts'

/** Above a record's form made from a portal request: what the agent asked for, to check against. */
export const BookingRequestNote = ({
  request,
  error,
}: {
  request: BookingRequest | null
  error: string | null
}) => {
  if (error)
    return (
      <p
        role="alert"
        className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-700 md:col-span-2"
      >
        {error}
      </p>
    )
  if (!request) return null
  return (
    <section
      aria-label="Booking request"
      className="rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm md:col-span-2"
    >
      <p className="font-medium">
        Booking request #{request.id} from {request.agent}: {request.sector},{' '}
        {formatDate(request.depart_date)}
        {request.return_date ? ` to ${formatDate(request.return_date)}` : ''}, {request.passengers.length}{' '}
        {request.passengers.length === 1 ? 'passenger' : 'passengers'}
        {request.amount !== null ? `, quoted Rs ${formatAmount(request.amount)}` : ''}
      </p>
      {request.note && <p className="text-slate-700">Note: {request.note}</p>}
      {request.status !== 'pending' && (
        <p role="alert" className="font-medium text-red-700">
          This request is already {request.status}: saving this form will be refused.
        </p>
      )}
      {request.over_limit && (
        <p className="font-medium text-amber-800">Sent although it passes the agent's credit limit.</p>
      )}
      <p className="text-slate-600">Filled from the request: check it, complete the rest, then save.</p>
    </section>
  )
}
