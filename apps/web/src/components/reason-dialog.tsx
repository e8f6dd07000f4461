import { type FormEvent, useEffect, useState } from 'react'
import { Dialog } from './dialog.tsx'

/**
 * A question that needs a reason in words (issue 37): the app's own dialog, never the browser's
 * window.prompt. Enter submits; an empty box is refused when the reason is required.
 */
export const ReasonDialog = ({
  open,
  title,
  message,
  label,
  required,
  confirmLabel,
  busyLabel,
  onCancel,
  onConfirm,
}: {
  open: boolean
  title: string
  message: string
  label: string
  /** The message under an empty box; absent: the reason may be left empty. */
  required?: string
  confirmLabel: string
  busyLabel: string
  onCancel: () => void
  /** Sends; a thrown error's message shows in the dialog. */
  onConfirm: (reason: string) => Promise<void>
}) => {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (open) {
      setText('')
      setError(null)
    }
  }, [open])
  const submit = async (e: FormEvent) => {
    // The dialog sits inside the record's form in the React tree; keep its submit to itself.
    e.preventDefault()
    e.stopPropagation()
    if (required && !text.trim()) return setError(required)
    setBusy(true)
    try {
      await onConfirm(text.trim())
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Failed. Please try again.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !busy && onCancel()} title={title} description={message}>
      <form onSubmit={submit} noValidate>
        <label className="block">
          <span className="label">{label}</span>
          <input
            className={`input ${error ? 'input-error' : ''}`}
            value={text}
            autoFocus
            maxLength={1000}
            aria-invalid={Boolean(error) || undefined}
            onChange={(e) => {
              setText(e.target.value)
              setError(null)
            }}
          />
        </label>
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
