import type { FormType } from '@booking/shared'
import { useEntryPreview } from '../lib/records.ts'
import { ReadOnlyField } from './field.tsx'

interface EntryFieldProps {
  formType: FormType
  /** The record's stored entry when editing; it is kept as it is. */
  stored?: string | null
  /** How the preview reads, e.g. "Ticket {current}/{global}"; default "current/global". */
  format?: (current: number, global: number) => string
  disabled?: boolean
}

/**
 * The read-only Entry of every form: the stored entry on edit, else the preview of the next
 * number (the server assigns the real one when the record is saved).
 */
export const EntryField = ({ formType, stored, format, disabled }: EntryFieldProps) => {
  const preview = useEntryPreview(formType)
  const next = format ? format(preview.current, preview.global) : preview.text
  return <ReadOnlyField label="Entry" value={stored ?? next} disabled={disabled} />
}
