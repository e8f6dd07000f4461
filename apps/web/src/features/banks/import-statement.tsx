import { STATEMENT_FILE_MAX_BYTES, STATEMENT_FILE_TOO_LARGE, StatementMapping } from '@booking/shared'
import { Upload } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { ScrollX } from '../../components/scroll-x.tsx'
import { ApiError } from '../../lib/api.ts'
import {
  type ImportAnswer,
  messageOf,
  type PreviewAnswer,
  previewStatement,
  useImportStatement,
} from './api.ts'
import { ImportsList } from './imports-list.tsx'
import { blankMapping, fittingDateFormat, MappingStep } from './mapping-step.tsx'

const FIGURES: Array<{ key: 'lines' | 'duplicates' | 'matched' | 'unmatched'; label: string }> = [
  { key: 'lines', label: 'Lines' },
  { key: 'duplicates', label: 'Duplicates' },
  { key: 'matched', label: 'Matched' },
  { key: 'unmatched', label: 'Unmatched' },
]

/** The file's first rows as the server read them, so the person sees what the columns hold. */
const PreviewTable = ({ preview, headerRow }: { preview: PreviewAnswer; headerRow: number }) => {
  const rows = preview.rows.slice(headerRow - 1, headerRow + 5)
  const width = Math.max(...rows.map((r) => r.length), 0)
  return (
    <ScrollX>
      <table className="w-full min-w-[36rem] text-xs" aria-label="File preview">
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className={i === 0 ? 'bg-slate-100 font-semibold' : 'border-b border-slate-100'}>
              {Array.from({ length: width }, (_, c) => (
                <td key={c} className="whitespace-nowrap px-2 py-1">
                  {r[c] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-slate-500">
        {preview.file_name}: {preview.rows_total.toLocaleString('en-US')} rows
      </p>
    </ScrollX>
  )
}

/** The counts of an import: lines read, already there, matched at once, left to explain. */
export const ImportResult = ({ result }: { result: ImportAnswer }) => (
  <dl aria-label="Import result" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
    {FIGURES.map((f) => (
      <div key={f.key} className="rounded-md bg-slate-50 px-3 py-2">
        <dt className="text-xs uppercase text-slate-500">{f.label}</dt>
        <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid={`import-${f.key}`}>
          {result[f.key].toLocaleString('en-US')}
        </dd>
      </div>
    ))}
  </dl>
)

/**
 * Upload a statement: choose the file (the server reads its first rows, CSV or Excel), check the
 * mapping (the bank's saved one, else a guess from the headings), import, see the counts. The
 * mapping sent with an import is saved for the bank (decision 063).
 */
export const ImportStatement = ({
  bankId,
  onImported,
}: {
  bankId: number
  /** Called with the counts once the file is in: the page opens the reconciliation (issue 37). */
  onImported: (answer: ImportAnswer) => void
}) => {
  const importing = useImportStatement(bankId)
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<PreviewAnswer | null>(null)
  const [reading, setReading] = useState(false)
  const [readError, setReadError] = useState<string | null>(null)
  const [mapping, setMapping] = useState<StatementMapping | null>(null)
  const [result, setResult] = useState<ImportAnswer | null>(null)
  const [mappingErrors, setMappingErrors] = useState<Record<string, string>>({})

  const choose = async (chosen: File | null) => {
    setFile(chosen)
    setPreview(null)
    setMapping(null)
    setResult(null)
    setReadError(null)
    setMappingErrors({})
    importing.reset()
    if (!chosen) return
    // Checked before sending: a file past the limit would only travel to be refused (issue 33).
    if (chosen.size > STATEMENT_FILE_MAX_BYTES) return setReadError(STATEMENT_FILE_TOO_LARGE)
    setReading(true)
    try {
      const answer = await previewStatement(bankId, chosen)
      setPreview(answer)
      const start = answer.mapping ?? blankMapping()
      // A guessed mapping says dd/mm/yyyy; the first date cell may say otherwise.
      setMapping(answer.saved ? start : { ...start, date_format: fittingDateFormat(answer.rows, start) })
    } catch (err) {
      setReadError(messageOf(err, 'The file could not be read'))
    } finally {
      setReading(false)
    }
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!file || !mapping) return setReadError('Choose a CSV or Excel file')
    // The shared schema the server checks with: its messages show beside the selects at once.
    const checked = StatementMapping.safeParse(mapping)
    setMappingErrors(
      checked.success
        ? {}
        : Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])),
    )
    if (!checked.success) return
    importing.mutate(
      { file, mapping: checked.data },
      {
        onSuccess: (answer) => {
          setResult(answer)
          onImported(answer)
        },
      },
    )
  }

  const fieldErrors = {
    ...(importing.error instanceof ApiError ? importing.error.errors : {}),
    ...mappingErrors,
  }
  const error =
    readError ?? (importing.error ? messageOf(importing.error, 'The statement could not be imported') : null)

  return (
    <div className="space-y-4">
      <form
        onSubmit={submit}
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
        noValidate
      >
        <div>
          <label htmlFor="statement-file" className="label">
            Statement file (CSV or Excel)
          </label>
          <input
            id="statement-file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-slate-200"
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
          {reading && <p className="mt-1 text-sm text-slate-500">Reading the file...</p>}
          {preview && (
            <p className="mt-1 text-xs text-slate-500" data-testid="mapping-source">
              {preview.saved
                ? 'The columns this bank used last time are chosen.'
                : preview.mapping
                  ? 'Columns guessed from the headings: check them.'
                  : 'Choose which column is which.'}
            </p>
          )}
        </div>
        {preview && mapping && (
          <>
            <PreviewTable preview={preview} headerRow={mapping.header_row} />
            <MappingStep rows={preview.rows} mapping={mapping} onChange={setMapping} errors={fieldErrors} />
          </>
        )}
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        {result && <ImportResult result={result} />}
        <button type="submit" className="btn-primary" disabled={importing.isPending || !preview || !mapping}>
          <Upload className="h-4 w-4" aria-hidden />
          {importing.isPending ? 'Importing...' : 'Import'}
        </button>
      </form>
      <ImportsList bankId={bankId} />
    </div>
  )
}
