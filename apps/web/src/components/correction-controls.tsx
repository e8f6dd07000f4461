import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { useRequestCorrection } from '../lib/corrections.ts'
import { Dialog } from './dialog.tsx'

/** Above a record form opened by an employee: what happens to the change, and the reason for it. */
export const CorrectionReason = ({ reason, onChange }: { reason: string; onChange: (r: string) => void }) => (
  <div className="mb-4 space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-4">
    <p className="text-sm text-amber-900">
      You are requesting a correction. Your change is saved only when an admin approves it.
    </p>
    <label htmlFor="correction-reason" className="label">
      Reason for the correction
    </label>
    <textarea
      id="correction-reason"
      className="input min-h-16"
      value={reason}
      onChange={(e) => onChange(e.target.value)}
      maxLength={1000}
    />
  </div>
)

/** An employee asks for a record to be deleted, with a reason. */
export const RequestDeletionDialog = ({
  table,
  recordId,
  onClose,
}: {
  table: string
  recordId: number | null
  onClose: () => void
}) => {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const request = useRequestCorrection()
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (recordId === null) return
    if (!reason.trim()) return setError('Reason is required')
    try {
      await request.mutateAsync({ table, record_id: recordId, action: 'delete', reason })
      toast.success('Deletion request sent for approval')
      setReason('')
      setError(null)
      onClose()
    } catch (err) {
      setError((err as Error).message)
    }
  }
  return (
    <Dialog
      open={recordId !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Request deletion"
      description="An admin will review the request before the record is deleted."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div>
          <label htmlFor="deletion-reason" className="label">
            Reason
          </label>
          <textarea
            id="deletion-reason"
            className="input min-h-16"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={1000}
          />
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send request'}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
