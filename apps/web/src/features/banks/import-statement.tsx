import { Upload } from 'lucide-react'
import { type FormEvent, useEffect, useState } from 'react'
import { ApiError } from '../../lib/api.ts'
import { type ImportAnswer, type StatementMapping, useImportStatement, useMapping } from './api.ts'
import { headingRow, previewRows } from './file-columns.ts'
import { guessMapping, MappingStep, mappingProblem } from './mapping-step.tsx'

const FIGURES: Array<{ key: keyof Omit<ImportAnswer, 'import_id'>; label: string }> = [
  { key: 'lines', label: 'Lines' },
  { key: 'duplicates', label: 'Duplicates' },
  { key: 'matched', label: 'Matched' },
  { key: 'unmatched', label: 'Unmatched' },
]

/** Upload a statement: choose the file, check the mapping (remembered for the bank), import, see the counts. */
export const ImportStatement = ({ bankId, onImported }: { bankId: number; onImported?: () => void }) => {
  const remembered = useMapping(bankId)
  const importing = useImportStatement(bankId)
  const [file, setFile] = useState<File | null>(null)
  const [headings, setHeadings] = useState<string[]>([])
  const [readError, setReadError] = useState<string | null>(null)
  const [mapping, setMapping] = useState<StatementMapping | null>(null)
  const [signed, setSigned] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [result, setResult] = useState<ImportAnswer | null>(null)

  // Another bank: start again, with that bank's remembered mapping.
  useEffect(() => {
    setFile(null)
    setMapping(null)
    setResult(null)
    importing.reset()
  }, [bankId])

  const choose = async (chosen: File | null) => {
    setFile(chosen)
    setResult(null)
    setProblem(null)
    setReadError(null)
    importing.reset()
    if (!chosen) return setMapping(null)
    let found: string[] = []
    try {
      found = headingRow(await previewRows(chosen))
    } catch {
      setReadError('The column headings could not be read from this file; choose them below or import to see why.')
    }
    setHeadings(found)
    const saved = remembered.data?.mapping
    const next = saved ?? guessMapping(found)
    setMapping(next)
    setSigned(Boolean(next.amount) && !next.debit && !next.credit)
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!file || !mapping) return setProblem('Choose a CSV or Excel file')
    const wrong = mappingProblem(mapping, signed)
    if (wrong) return setProblem(wrong)
    setProblem(null)
    // Only the money columns of the chosen layout are sent.
    const sent: StatementMapping = signed
      ? { ...mapping, debit: undefined, credit: undefined }
      : { ...mapping, amount: undefined }
    importing.mutate(
      { file, mapping: sent },
      {
        onSuccess: (answer) => {
          setResult(answer)
          onImported?.()
        },
      },
    )
  }

  const error =
    problem ??
    (importing.error
      ? importing.error instanceof ApiError
        ? importing.error.message
        : 'The statement could not be imported'
      : null)

  return (
    <form onSubmit={submit} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4" noValidate>
      <h2 className="text-base font-semibold text-slate-900">Import statement</h2>
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
        {remembered.data?.mapping && (
          <p className="mt-1 text-xs text-slate-500">The columns this bank used last time are chosen for you.</p>
        )}
      </div>
      {readError && <p className="text-sm text-amber-700">{readError}</p>}
      {file && mapping && (
        <MappingStep
          headings={headings}
          mapping={mapping}
          signed={signed}
          onSignedChange={setSigned}
          onChange={setMapping}
        />
      )}
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {result && (
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
      )}
      <button type="submit" className="btn-primary" disabled={importing.isPending || !file}>
        <Upload className="h-4 w-4" aria-hidden />
        {importing.isPending ? 'Importing...' : 'Import'}
      </button>
    </form>
  )
}
