import { formatDate, type Ticket } from '@booking/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Ban } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { Dialog } from '../../components/dialog.tsx'
import { DialogActions, useOneFieldDialog } from '../../components/one-field-dialog.tsx'
import { ApiError, api } from '../../lib/api.ts'
import { useIsAdmin } from '../../lib/auth.tsx'

const REASON_REQUIRED = 'A reason is required to void a ticket'

/** "VOID" beside a void ticket's entry, wherever the list shows it (decision 092). */
export const VoidMark = ({ ticket }: { ticket: Pick<Ticket, 'voided_at' | 'void_reason'> }) =>
  ticket.voided_at ? (
    <span
      className="ml-1 rounded bg-red-100 px-1.5 py-0.5 text-xs font-bold text-red-700"
      title={`VOID: ${ticket.void_reason}`}
      data-testid="void-mark"
    >
      VOID
    </span>
  ) : null

/** Above a void ticket's form: when, by whom and why; the ticket can no longer be changed. */
export const VoidBanner = ({ ticket }: { ticket: Ticket }) =>
  ticket.voided_at ? (
    <p role="status" className="rounded-lg border-2 border-red-300 bg-red-50 p-3 text-sm text-red-800">
      <strong>VOID</strong> since {formatDate(ticket.voided_at.slice(0, 10))} by {ticket.voided_by}:{' '}
      {ticket.void_reason}. Its sale and the vendor's payable were reversed in the books.
    </p>
  ) : null

/**
 * "Void this ticket" (admins; decision 092): asks the reason in the app's dialog and sends
 * POST /ticket/{id}/void. A void reverses the sale; a refund stays a Refunded record.
 */
export const VoidTicketButton = ({
  ticket,
  onVoided,
  label = 'Void this ticket',
}: {
  ticket: Pick<Ticket, 'id' | 'entry' | 'voided_at'>
  onVoided?: () => void
  label?: string
}) => {
  const admin = useIsAdmin()
  const qc = useQueryClient()
  const [open, setOpen] = useState(false)
  const { text, error, busy, close, submit, change } = useOneFieldDialog({
    onOpenChange: setOpen,
    required: REASON_REQUIRED,
    send: async (reason) => {
      const answer = await api.post<{ message: string }>(`/ticket/${ticket.id}/void`, { reason })
      toast.success(answer.message)
      void qc.invalidateQueries()
      onVoided?.()
    },
    failure: (err) => (err instanceof ApiError ? err.message : 'Could not void the ticket'),
  })
  if (ticket.voided_at) return null
  if (!admin) return <span className="text-amber-900">Ask an admin to void {ticket.entry}.</span>
  return (
    <>
      <button
        type="button"
        className="btn-danger gap-2 px-3 py-1.5 text-sm"
        onClick={() => {
          change('Voided by the airline')
          setOpen(true)
        }}
      >
        <Ban className="h-4 w-4" aria-hidden />
        {label}
      </button>
      <Dialog
        open={open}
        onOpenChange={close}
        title={`Void ${ticket.entry}?`}
        description="The sale, what was paid at booking and the vendor's payable are reversed in the books. The ticket stays, marked VOID. A refund is a Refunded record instead."
      >
        <form onSubmit={submit} noValidate>
          <label htmlFor="void-reason" className="label">
            Reason
          </label>
          <input
            id="void-reason"
            className={`input ${error ? 'input-error' : ''}`}
            value={text}
            maxLength={500}
            autoFocus
            aria-invalid={error ? true : undefined}
            onChange={(e) => change(e.target.value)}
          />
          {error && (
            <p role="alert" className="mt-1 text-sm text-red-600">
              {error}
            </p>
          )}
          <DialogActions
            busy={busy}
            label="Void ticket"
            busyLabel="Voiding..."
            onCancel={() => close(false)}
          />
        </form>
      </Dialog>
    </>
  )
}
