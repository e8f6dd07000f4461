import { type FormEvent, type ReactNode, useContext } from 'react'
import { CorrectionContext } from '../lib/corrections.ts'
import { keepFocus } from './keep-focus.ts'

/**
 * The save button's words: an employee's edit is a correction request (it changes nothing until
 * an admin approves), so it is not called "Update" (issue 23).
 */
export const useSaveLabel = (editing: boolean, busy: boolean | undefined) => {
  const correction = useContext(CorrectionContext)
  if (correction && editing) return busy ? 'Sending...' : 'Send for approval'
  return busy ? 'Saving...' : editing ? 'Update' : 'Submit'
}

interface FormCardProps {
  title: string
  onSubmit: (e: FormEvent<HTMLFormElement>) => void
  onCancel: () => void
  editing: boolean
  busy?: boolean
  error?: string | null
  children: ReactNode
}

/** A one-page form: title, fields in a responsive grid, Back / Cancel / Submit (or Update). */
export const FormCard = ({ title, onSubmit, onCancel, editing, busy, error, children }: FormCardProps) => {
  const saveLabel = useSaveLabel(editing, busy)
  return (
    <form onSubmit={onSubmit} noValidate className="card p-4 sm:p-6">
      <h1 className="mb-6 text-lg font-semibold uppercase tracking-wide text-slate-900">{title}</h1>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">{children}</div>
      {error && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-between gap-2 border-t border-slate-200 pt-4">
        <button type="button" className="btn-secondary" onMouseDown={keepFocus} onClick={onCancel}>
          Back
        </button>
        <div className="flex gap-2">
          <button type="button" className="btn-secondary" onMouseDown={keepFocus} onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={busy} onMouseDown={keepFocus}>
            {saveLabel}
          </button>
        </div>
      </div>
    </form>
  )
}
