import type { MrzFields } from '@booking/shared'
import { MRZ_SPECIMENS } from '@booking/shared/mrz-specimens'
import { ScanLine } from 'lucide-react'
import { useState } from 'react'
import { useFormContext } from 'react-hook-form'
import { ApiError, api } from '../lib/api.ts'
import { Dialog } from './dialog.tsx'
import { fillPassenger } from './mrz-fill.ts'
import { MrzPhoto } from './mrz-photo.tsx'
import { DialogActions, useOneFieldDialog } from './one-field-dialog.tsx'

const REQUIRED = 'Paste the two lines of the passport MRZ'

/**
 * "Paste MRZ" and "Passport Photo" for one passenger block: the two 44-character lines of a passport are read by
 * POST /api/mrz (check digits verified there) and fill the block's fields; the title is not in
 * an MRZ and stays as chosen. `name` is the block's form path, e.g. 'passport_detail.0'.
 */
export const MrzPaste = ({ name }: { name: string }) => {
  const [open, setOpen] = useState(false)
  return (
    <div className="flex flex-wrap justify-end gap-2 md:col-span-2">
      <MrzPhoto name={name} />
      <button type="button" className="btn-secondary gap-2 px-3 py-1.5 text-sm" onClick={() => setOpen(true)}>
        <ScanLine className="h-4 w-4" aria-hidden />
        Paste MRZ
      </button>
      <MrzDialog open={open} onOpenChange={setOpen} name={name} />
    </div>
  )
}

const MrzDialog = ({
  open,
  onOpenChange,
  name,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  name: string
}) => {
  const { setValue } = useFormContext()
  const { text, error, busy, close, submit, change } = useOneFieldDialog({
    onOpenChange,
    required: REQUIRED,
    send: async (lines) => {
      const { fields } = await api.post<{ fields: MrzFields }>('/mrz', { lines })
      fillPassenger(setValue, name, fields)
    },
    failure: (err) => (err instanceof ApiError ? err.message : 'Could not read the MRZ'),
  })

  const id = `mrz-${name.replace(/\./g, '-')}`
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Paste Passport MRZ"
      size="max-w-xl"
      description="The two lines of 44 characters at the foot of the passport's photo page. Names, date of birth, nationality, document number, expiry and issuing country are filled; choose the title yourself."
    >
      <form onSubmit={submit} noValidate>
        <label htmlFor={id} className="label">
          MRZ lines
        </label>
        <textarea
          id={id}
          rows={2}
          wrap="off"
          spellCheck={false}
          autoCapitalize="characters"
          autoComplete="off"
          autoFocus
          placeholder={MRZ_SPECIMENS.pakistan.join('\n')}
          className={`input resize-none overflow-x-auto font-mono text-[13px] leading-6 ${error ? 'input-error' : ''}`}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => change(e.target.value)}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
            {error}
          </p>
        )}
        <DialogActions
          busy={busy}
          label="Fill Passenger"
          busyLabel="Reading..."
          onCancel={() => close(false)}
        />
      </form>
    </Dialog>
  )
}
