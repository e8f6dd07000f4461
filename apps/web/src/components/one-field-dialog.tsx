import { type FormEvent, useState } from 'react'

/**
 * The state of a small dialog with one text box (add a name, paste an MRZ): its text, the message
 * under it, and a submit that refuses an empty box, sends, closes on success and shows the failure.
 */
export const useOneFieldDialog = ({
  onOpenChange,
  required,
  send,
  failure,
}: {
  onOpenChange: (open: boolean) => void
  required: string
  send: (text: string) => Promise<void>
  failure: (err: unknown) => string
}) => {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const close = (next: boolean) => {
    if (!next) {
      setText('')
      setError(null)
    }
    onOpenChange(next)
  }

  const submit = async (e: FormEvent) => {
    // The dialog sits inside the record's form in the React tree; keep its submit to itself.
    e.preventDefault()
    e.stopPropagation()
    if (!text.trim()) {
      setError(required)
      return
    }
    setBusy(true)
    try {
      await send(text)
      close(false)
    } catch (err) {
      setError(failure(err))
    } finally {
      setBusy(false)
    }
  }

  const change = (value: string) => {
    setText(value)
    setError(null)
  }

  return { text, error, busy, close, submit, change }
}

/** Cancel and the submit button of such a dialog. */
export const DialogActions = ({
  busy,
  label,
  busyLabel,
  onCancel,
}: {
  busy: boolean
  label: string
  busyLabel: string
  onCancel: () => void
}) => (
  <div className="mt-6 flex justify-end gap-2">
    <button type="button" className="btn-secondary" onClick={onCancel}>
      Cancel
    </button>
    <button type="submit" className="btn-primary" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  </div>
)
