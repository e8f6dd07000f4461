import { useQueryClient } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { ApiError, api } from '../lib/api.ts'
import { useNames } from '../lib/records.ts'
import { CreditHint } from './credit-hint.tsx'
import { Dialog } from './dialog.tsx'
import { Field } from './field.tsx'
import { DialogActions, useOneFieldDialog } from './one-field-dialog.tsx'

interface NameSelectProps {
  /** Form field holding the name. */
  name: string
  label: string
  kind: 'agent' | 'vender'
  /** e.g. 'Select Vendor Name'; 'Loading...' shows while the names load. */
  placeholder: string
  /** The add dialog's texts (default: the spec's for the kind); `false` hides "+ Add". */
  add?: { title: string; required: string; failed: string } | false
  autoFocus?: boolean
}

/** The spec's texts of the two add-name dialogs. */
export const ADD_NAME_TEXTS = {
  agent: {
    title: 'Add New Agent Name',
    required: 'Agent name is required',
    failed: 'Failed to add agent name',
  },
  vender: {
    title: 'Add New Vendor Name',
    required: 'Vendor name is required',
    failed: 'Failed to add vendor name',
  },
} as const

/**
 * A select of the existing agent or vendor names, with a plus button that opens the
 * "Add New ... Name" dialog (POST /{kind}-names {name}); the new name is selected at once.
 */
export const NameSelect = ({ name, label, kind, placeholder, add: addTexts, autoFocus }: NameSelectProps) => {
  const add = addTexts === false ? undefined : (addTexts ?? ADD_NAME_TEXTS[kind])
  const names = useNames(kind)
  const { setValue, control } = useFormContext()
  const current = useWatch({ control, name }) as string | undefined
  const [open, setOpen] = useState(false)
  const [added, setAdded] = useState<string | null>(null)
  // Names posted by bookings may not be in the list; keep the record's own name selectable.
  const options = [...(names.data ?? [])]
  for (const extra of [current, added]) if (extra && !options.includes(extra)) options.unshift(extra)

  // Select the new name only once its <option> is rendered, or the select would show it as empty.
  useEffect(() => {
    if (!added) return
    setValue(name, added, { shouldValidate: true, shouldTouch: true })
    setAdded(null)
  }, [added, name, setValue])

  const row = (
    <div className="flex items-start gap-2">
      <Field
        name={name}
        label={label}
        type="select"
        className="min-w-0 flex-1"
        options={options}
        placeholder={names.isPending ? 'Loading...' : placeholder}
        autoFocus={autoFocus}
      />
      {add && <InlineAddButton label={add.title} onClick={() => setOpen(true)} />}
      {add && <AddNameDialog open={open} onOpenChange={setOpen} kind={kind} texts={add} onAdded={setAdded} />}
    </div>
  )
  // An agent's balance and credit left show as soon as the agent is picked (issue 25).
  if (kind !== 'agent') return row
  return (
    <div>
      {row}
      <CreditHint kind="agent" name={current} />
    </div>
  )
}

/** The "+ Add" beside a pick-list; its accessible name says what it adds. */
export const InlineAddButton = ({ label, onClick }: { label: string; onClick: () => void }) => (
  // Named by its content, not aria-label, so getByLabel('Customer') still finds only the select.
  <button
    type="button"
    className="btn-secondary mt-6 h-[38px] shrink-0 px-2.5"
    title={label}
    onClick={onClick}
  >
    <Plus className="h-4 w-4" aria-hidden />
    <span aria-hidden>Add</span>
    <span className="sr-only">{label}</span>
  </button>
)

const AddNameDialog = ({
  open,
  onOpenChange,
  kind,
  texts,
  onAdded,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  kind: 'agent' | 'vender'
  texts: { title: string; required: string; failed: string }
  onAdded: (name: string) => void
}) => {
  const qc = useQueryClient()
  const {
    text: value,
    error,
    busy,
    close,
    submit,
    change,
  } = useOneFieldDialog({
    onOpenChange,
    required: texts.required,
    send: async (text) => {
      const trimmed = text.trim()
      await api.post(`/${kind}-names`, { name: trimmed })
      await qc.invalidateQueries({ queryKey: [`/${kind}-names`] })
      onAdded(trimmed)
    },
    failure: (err) =>
      err instanceof ApiError && err.status === 409 ? `${texts.failed}: ${err.message}` : texts.failed,
  })

  const id = `new-${kind}-name`
  return (
    <Dialog open={open} onOpenChange={close} title={texts.title}>
      <form onSubmit={submit} noValidate>
        <label htmlFor={id} className="label">
          Name
        </label>
        <input
          id={id}
          className={`input ${error ? 'input-error' : ''}`}
          value={value}
          autoFocus
          aria-invalid={error ? true : undefined}
          onChange={(e) => change(e.target.value)}
        />
        {error && (
          <p role="alert" className="mt-1 text-sm text-red-600">
            {error}
          </p>
        )}
        <DialogActions busy={busy} label="Add" busyLabel="Adding..." onCancel={() => close(false)} />
      </form>
    </Dialog>
  )
}
