import { formatDate, type MrzFields } from '@booking/shared'
import { Camera, LoaderCircle } from 'lucide-react'
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react'
import { useFormContext } from 'react-hook-form'
import { ApiError, api } from '../lib/api.ts'
import { Dialog } from './dialog.tsx'
import { fillPassenger } from './mrz-fill.ts'

type PhotoState =
  | { step: 'reading'; progress: number; status: string }
  | { step: 'none'; message: string }
  | {
      step: 'found'
      text: string
      /** The text `fields`/`error` belong to; another text means the person edited it. */
      checked: string
      fields: MrzFields | null
      error: string | null
      fixes: number
    }

const SEX = { M: 'Male', F: 'Female', X: 'Unspecified' } as const

/** A file input dressed as a button: camera on a phone, file picker on a desktop. */
const PhotoInput = ({
  id,
  label,
  onFile,
  primary = false,
}: {
  id: string
  label: string
  onFile: (file: File) => void
  primary?: boolean
}) => (
  <label
    htmlFor={id}
    className={`${primary ? 'btn-primary' : 'btn-secondary'} cursor-pointer gap-2 px-3 py-1.5 text-sm focus-within:ring-2 focus-within:ring-blue-500 focus-within:ring-offset-1`}
  >
    <Camera className="h-4 w-4" aria-hidden />
    {label}
    <input
      id={id}
      type="file"
      accept="image/*"
      capture="environment"
      className="sr-only"
      onChange={(e: ChangeEvent<HTMLInputElement>) => {
        const file = e.target.files?.[0]
        // Cleared so the same photo can be chosen again after a cancel.
        e.target.value = ''
        if (file) onFile(file)
      }}
    />
  </label>
)

const readMrz = async (lines: string) => {
  try {
    const { fields } = await api.post<{ fields: MrzFields }>('/mrz', { lines })
    return { fields, error: null }
  } catch (err) {
    return { fields: null, error: err instanceof ApiError ? err.message : 'Could not read the MRZ' }
  }
}

/**
 * "Passport Photo" for one passenger block: the photo of the data page is read in the browser
 * (tesseract.js, loaded only now), the MRZ lines found and repaired (`mrzFromOcrText`), checked by
 * the same POST /api/mrz as a paste, and shown for the person to confirm before the block fills.
 */
export const MrzPhoto = ({ name }: { name: string }) => {
  const { setValue } = useFormContext()
  const [open, setOpen] = useState(false)
  const [photo, setPhoto] = useState<string | null>(null)
  const [state, setState] = useState<PhotoState>({ step: 'reading', progress: 0, status: '' })
  const [busy, setBusy] = useState(false)
  const running = useRef<AbortController | null>(null)
  const id = `mrz-photo-${name.replace(/\./g, '-')}`

  const read = async (file: File) => {
    running.current?.abort()
    const run = new AbortController()
    running.current = run
    setOpen(true)
    setState({ step: 'reading', progress: 0, status: '' })
    const preview = new FileReader()
    preview.onload = () => !run.signal.aborted && setPhoto(String(preview.result))
    preview.readAsDataURL(file)
    try {
      const { readMrzFromPhoto } = await import('../lib/passport-photo-ocr.ts')
      const found = await readMrzFromPhoto(
        file,
        (p) => !run.signal.aborted && setState({ step: 'reading', ...p }),
        run.signal,
      )
      if (run.signal.aborted) return
      if (!found.ok) return setState({ step: 'none', message: found.message })
      const text = found.lines.join('\n')
      const checked = await readMrz(text)
      if (!run.signal.aborted)
        setState({ step: 'found', text, checked: text, fixes: found.fixes.length, ...checked })
    } catch (err) {
      if (run.signal.aborted) return
      setState({
        step: 'none',
        message: `The photo could not be read${err instanceof Error && err.message ? ` (${err.message})` : ''}. Try another photo, or paste the lines.`,
      })
    }
  }

  const close = () => {
    running.current?.abort()
    running.current = null
    setOpen(false)
    setPhoto(null)
  }

  const submit = async (e: FormEvent) => {
    // The dialog sits inside the record's form in the React tree; keep its submit to itself.
    e.preventDefault()
    e.stopPropagation()
    if (state.step !== 'found' || busy) return
    if (state.fields && state.checked === state.text) {
      fillPassenger(setValue, name, state.fields)
      close()
      return
    }
    setBusy(true)
    const checked = await readMrz(state.text)
    setBusy(false)
    setState({ ...state, checked: state.text, ...checked })
  }

  const confirmed = state.step === 'found' && state.fields !== null && state.checked === state.text
  return (
    <>
      <PhotoInput id={id} label="Passport Photo" onFile={read} />
      <Dialog
        open={open}
        onOpenChange={(next) => !next && close()}
        title="Passport Photo"
        size="max-w-2xl"
        description="The MRZ (the two lines at the foot of the photo page) is read from the photo on this computer. Check it against the passport before filling."
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="flex flex-col gap-4 sm:flex-row">
            {photo && (
              <img
                src={photo}
                alt="Passport data page, as chosen"
                className="max-h-40 w-full rounded border border-slate-200 object-contain sm:w-48"
              />
            )}
            <div className="min-w-0 flex-1">
              {state.step === 'reading' && (
                <div role="status" className="flex items-center gap-2 text-sm text-slate-700">
                  <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />
                  {state.status === 'recognizing text'
                    ? `Reading the MRZ... ${Math.round(state.progress * 100)} %`
                    : 'Loading the passport reader...'}
                </div>
              )}
              {state.step === 'none' && (
                <p role="alert" className="text-sm text-red-600">
                  {state.message}
                </p>
              )}
              {state.step === 'found' && (
                <>
                  <label htmlFor={`${id}-lines`} className="label">
                    MRZ lines
                  </label>
                  <textarea
                    id={`${id}-lines`}
                    rows={2}
                    wrap="off"
                    spellCheck={false}
                    autoCapitalize="characters"
                    autoComplete="off"
                    className={`input resize-none overflow-x-auto font-mono text-[13px] leading-6 ${state.error && state.checked === state.text ? 'input-error' : ''}`}
                    value={state.text}
                    aria-invalid={state.error && state.checked === state.text ? true : undefined}
                    aria-describedby={`${id}-note`}
                    onChange={(e) => setState({ ...state, text: e.target.value.toUpperCase() })}
                  />
                  <div id={`${id}-note`} className="mt-1 text-sm">
                    {state.checked !== state.text ? (
                      <p className="text-slate-600">Edited: Check Again reads the lines as they are now.</p>
                    ) : state.error ? (
                      <p role="alert" className="text-red-600">
                        {state.error}. Correct the lines from the passport, then Check Again.
                      </p>
                    ) : state.fixes > 0 ? (
                      <p className="text-slate-600">
                        {state.fixes === 1
                          ? '1 look-alike character was corrected'
                          : `${state.fixes} look-alike characters were corrected`}{' '}
                        by the check digits.
                      </p>
                    ) : null}
                  </div>
                </>
              )}
            </div>
          </div>
          {confirmed && state.fields && <ReadFields fields={state.fields} />}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={close}>
              Cancel
            </button>
            {state.step === 'none' && (
              <PhotoInput id={`${id}-again`} label="Choose Another Photo" onFile={read} primary />
            )}
            {state.step === 'found' && (
              <button type="submit" className="btn-primary" disabled={busy}>
                {confirmed ? 'Fill Passenger' : busy ? 'Reading...' : 'Check Again'}
              </button>
            )}
          </div>
        </form>
      </Dialog>
    </>
  )
}

/** What the block will be filled with, for the person to compare with the passport. */
const ReadFields = ({ fields }: { fields: MrzFields }) => {
  const rows: Array<[string, string]> = [
    ['Surname', fields.surname],
    ['Given Names', fields.givenNames || '—'],
    ['Passport Number', fields.documentNumber],
    ['Nationality', fields.nationality],
    ['Date of Birth', formatDate(fields.dateOfBirth)],
    ['Sex', SEX[fields.sex]],
    ['Expiry Date', formatDate(fields.expiryDate)],
    ['Issuing Country', fields.issuingCountry],
  ]
  return (
    <dl
      aria-label="Read from the MRZ"
      className="grid grid-cols-1 gap-x-6 gap-y-1 rounded border border-slate-200 bg-slate-50 p-3 text-sm sm:grid-cols-2"
    >
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3 sm:justify-start">
          <dt className="text-slate-600 sm:w-32">{label}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
