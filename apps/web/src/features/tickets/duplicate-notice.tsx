import { can, passengerList } from '@booking/shared'
import { get, useFormContext } from 'react-hook-form'
import { toast } from 'sonner'
import { useAuth } from '../../lib/auth.tsx'
import { type CancelledOnRecord, PASTE_DUPLICATE } from './ticket-paste.tsx'
import { VoidTicketButton } from './void-ticket.tsx'

/** The server's 409 (decision 037): "Ticket number {n} is already on {entry}". */
const DUPLICATE = /^Ticket number (\d{13}) is already on (.+)$/

/**
 * Under the ticket numbers after a refused save: the record the number is already on (opened in a
 * new tab, its list searched by the number) and, for an admin, Save anyway.
 */
export const DuplicateTicketNotice = ({ submit }: { submit: () => Promise<void> }) => {
  const { formState, setValue, clearErrors } = useFormContext()
  const { user } = useAuth()
  const error = get(formState.errors, 'ticket_numbers') as { message?: string; type?: string } | undefined
  const message = error?.message
  // Said at paste time (issue 37): the admin keeps the number now and the save is not refused later.
  const atPaste = error?.type === PASTE_DUPLICATE
  const match = message ? DUPLICATE.exec(message) : null
  if (!match) return null
  const admin = can(user, 'use', 'duplicate-ticket')
  const href = `${admin ? '/admin' : ''}/tickets?q=${match[1]}`
  return (
    // The field and the form already say the message; this adds the way to the record.
    <section
      aria-label="Duplicate ticket number"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm md:col-span-2"
    >
      <p className="text-amber-900">
        <a href={href} target="_blank" rel="noreferrer" className="font-semibold underline">
          Open {match[2]}
        </a>{' '}
        (opens in a new tab) to see the ticket that holds {match[1]}.
      </p>
      {admin && atPaste ? (
        <button
          type="button"
          className="btn-secondary mt-2 px-3 py-1.5 text-sm"
          onClick={() => {
            setValue('allow_duplicate_ticket', true)
            clearErrors('ticket_numbers')
            toast.success(`${match[1]} will be saved although ${match[2]} holds it`)
          }}
        >
          Keep this number
        </button>
      ) : admin ? (
        <button
          type="button"
          className="btn-secondary mt-2 px-3 py-1.5 text-sm"
          onClick={() => {
            setValue('allow_duplicate_ticket', true)
            void submit()
          }}
        >
          Save anyway
        </button>
      ) : (
        <p className="mt-1 text-amber-900">Check that record, or ask an admin to save this one anyway.</p>
      )}
    </section>
  )
}

/** A Refunded record's fields from the ticket record a VOID or REFUNDED ticket is on. */
const refundedLink = (
  admin: boolean,
  f: CancelledOnRecord & { record: NonNullable<CancelledOnRecord['record']> },
) => {
  const people = passengerList(f.record.passport_detail)
  const last = f.passenger.split(' ').pop() ?? ''
  const person =
    people.find((p) => String(p.lastName ?? '').toUpperCase() === last.toUpperCase()) ?? people[0] ?? {}
  const params = new URLSearchParams({
    new: '1',
    name: f.passenger,
    passport: String(person.documentNo ?? ''),
    reference: `${f.record.entry} / ${f.ticket_number}`,
    total_balance: String(f.record.receivable_amount ?? ''),
  })
  return `${admin ? '/admin' : ''}/refunded?${params}`
}

/**
 * A pasted VOID or REFUNDED ticket: a VOID one on a record offers "Void this ticket" (decision 092:
 * a void cancels the sale, it is no refund), a REFUNDED one a Refunded record prefilled from it; a
 * VOID one on no record says so, and nothing is filled.
 */
export const RefundOffer = ({ found }: { found: CancelledOnRecord[] }) => {
  const { user } = useAuth()
  const admin = can(user, 'use', 'duplicate-ticket')
  return (
    <section
      aria-label="Cancelled tickets"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm md:col-span-2"
    >
      {found.map((f) => (
        <div key={f.ticket_number} className="flex flex-wrap items-center justify-between gap-2 py-1">
          <p className="text-amber-900">
            Ticket {f.ticket_number} ({f.passenger}) is <strong>{f.status}</strong>
            {f.record === null
              ? ' and is on no record: there is no sale to make from it.'
              : f.record.voided_at
                ? ` and ${f.record.entry} is already VOID.`
                : ` and is on ${f.record.entry}.`}
          </p>
          {f.record === null ? null : f.status === 'VOID' ? (
            <VoidTicketButton ticket={f.record} />
          ) : (
            <a
              className="btn-primary px-3 py-1.5 text-sm"
              href={refundedLink(admin, { ...f, record: f.record })}
            >
              Open Refunded record
            </a>
          )}
        </div>
      ))}
    </section>
  )
}
