import type { ReactNode } from 'react'
import { Dialog } from './dialog.tsx'

interface ConfirmDialogProps {
  open: boolean
  onCancel: () => void
  onConfirm: () => void
  busy?: boolean
  title?: string
  message?: ReactNode
  /** Which record: shown in bold under the question, so nobody deletes the wrong row. */
  subject?: string
  confirmLabel?: string
  /** The confirm button's text while busy. */
  busyLabel?: string
  error?: string | null
  /** More to fill in before confirming (a reason), shown above the buttons. */
  children?: ReactNode
}

/** Delete (or any destructive) confirmation; the button reads "Deleting..." while busy. */
export const ConfirmDialog = ({
  open,
  onCancel,
  onConfirm,
  busy = false,
  title = 'Delete Confirmation',
  message = 'Are you sure you want to delete this entry? This cannot be undone.',
  subject,
  confirmLabel = 'Delete',
  busyLabel = 'Deleting...',
  error,
  children,
}: ConfirmDialogProps) => (
  <Dialog open={open} onOpenChange={(o) => !o && !busy && onCancel()} title={title} description={message}>
    {subject && (
      <p
        data-testid="delete-subject"
        className="mb-4 rounded-md bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-900"
      >
        {subject}
      </p>
    )}
    {error && (
      <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
        {error}
      </p>
    )}
    {children}
    <div className="flex justify-end gap-2">
      <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="button" className="btn-danger" onClick={onConfirm} disabled={busy}>
        {busy ? busyLabel : confirmLabel}
      </button>
    </div>
  </Dialog>
)
