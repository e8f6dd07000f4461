import {
  formatDate,
  readStatementDate,
  STATEMENT_DATE_FORMATS,
  type StatementDateFormat,
  type StatementMapping,
} from '@booking/shared'

type ColumnKey = 'date' | 'narration' | 'reference' | 'debit' | 'credit' | 'amount' | 'balance'

const LABELS: Record<ColumnKey, string> = {
  date: 'Date column',
  narration: 'Narration column',
  reference: 'Reference / cheque column',
  debit: 'Debit (money out) column',
  credit: 'Credit (money in) column',
  amount: 'Signed amount column',
  balance: 'Balance column',
}

const REQUIRED = new Set<ColumnKey>(['date', 'narration', 'debit', 'credit', 'amount'])

/** A mapping to start from when the bank has none saved and the headings suggest nothing. */
export const blankMapping = (): StatementMapping => ({
  header_row: 1,
  date: '',
  date_format: 'dd/mm/yyyy',
  narration: '',
  reference: null,
  amount_style: 'debit_credit',
  debit: null,
  credit: null,
  amount: null,
  balance: null,
})

/** The date column's first filled cell under the heading row, with its row number. */
const firstDate = (rows: string[][], m: StatementMapping) => {
  const at = (rows[m.header_row - 1] ?? []).findIndex((c) => c.trim() === m.date)
  if (at < 0) return null
  for (let i = m.header_row; i < rows.length; i++) {
    const text = (rows[i]?.[at] ?? '').trim()
    if (text) return { row: i + 1, text }
  }
  return null
}

/**
 * The date format that reads the date column's first cell: the current one when it does, else
 * the first of the list that does (the shared reader the import uses), else the current one.
 */
export const fittingDateFormat = (rows: string[][], m: StatementMapping): StatementDateFormat => {
  const sample = firstDate(rows, m)
  if (!sample || readStatementDate(sample.text, m.date_format)) return m.date_format
  return STATEMENT_DATE_FORMATS.find((f) => readStatementDate(sample.text, f)) ?? m.date_format
}

interface MappingStepProps {
  /** The file's first rows (the server's preview), so the heading row can be chosen. */
  rows: string[][]
  mapping: StatementMapping
  onChange: (mapping: StatementMapping) => void
  /** Field messages from the server (`errors` of a 400), by mapping key. */
  errors: Record<string, string>
}

/** Which column is which: the heading row, then a select per meaning offering that row's cells, and the date format. */
export const MappingStep = ({ rows, mapping, onChange, errors }: MappingStepProps) => {
  const headings = (rows[mapping.header_row - 1] ?? []).map((c) => c.trim()).filter((c) => c !== '')
  const signedStyle = mapping.amount_style === 'signed'
  const keys: ColumnKey[] = [
    'date',
    'narration',
    'reference',
    ...(signedStyle ? (['amount'] as const) : (['debit', 'credit'] as const)),
    'balance',
  ]
  // A saved heading this file lacks is still shown, so a different layout is visible, not silently unmapped.
  const choices = (value: string | null) =>
    value && !headings.includes(value) ? [value, ...headings] : headings
  const set = (patch: Partial<StatementMapping>) => {
    const next = { ...mapping, ...patch }
    // A new date column or heading row: the format follows what its first cell reads as.
    const follow = 'date' in patch || 'header_row' in patch
    onChange(follow ? { ...next, date_format: fittingDateFormat(rows, next) } : next)
  }
  const sample = firstDate(rows, mapping)
  const read = sample ? readStatementDate(sample.text, mapping.date_format) : null

  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-semibold text-slate-800">Columns</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <label htmlFor="map-header-row" className="label">
            Heading row
          </label>
          <select
            id="map-header-row"
            className="input"
            value={mapping.header_row}
            onChange={(e) => set({ header_row: Number(e.target.value) })}
          >
            {rows.map((r, i) => (
              <option key={i} value={i + 1}>
                {`Row ${i + 1}: ${r
                  .filter((c) => c.trim())
                  .join(', ')
                  .slice(0, 60)}`}
              </option>
            ))}
          </select>
        </div>
        <div role="radiogroup" aria-label="Money columns" className="flex flex-col justify-end gap-1 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="money-columns"
              checked={!signedStyle}
              onChange={() => set({ amount_style: 'debit_credit' })}
            />
            Debit and credit columns
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="money-columns"
              checked={signedStyle}
              onChange={() => set({ amount_style: 'signed' })}
            />
            One signed amount column
          </label>
        </div>
        <div>
          <label htmlFor="map-date-format" className="label">
            Date format
          </label>
          <select
            id="map-date-format"
            className="input"
            value={mapping.date_format}
            onChange={(e) => set({ date_format: e.target.value as StatementDateFormat })}
          >
            {STATEMENT_DATE_FORMATS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
          {sample && (
            <p
              className={`mt-1 text-xs ${read ? 'text-slate-500' : 'text-red-600'}`}
              data-testid="date-sample"
            >
              {read
                ? `Row ${sample.row}: "${sample.text}" reads as ${formatDate(read)}`
                : `Row ${sample.row}: "${sample.text}" is not a date in this format`}
            </p>
          )}
        </div>
        {keys.map((key) => (
          <div key={key}>
            <label htmlFor={`map-${key}`} className="label">
              {LABELS[key]}
              {REQUIRED.has(key) && <span className="text-red-600"> *</span>}
            </label>
            <select
              id={`map-${key}`}
              className="input"
              value={mapping[key] ?? ''}
              aria-invalid={errors[key] ? true : undefined}
              aria-describedby={errors[key] ? `map-${key}-error` : undefined}
              onChange={(e) =>
                set({ [key]: e.target.value || (key === 'date' || key === 'narration' ? '' : null) })
              }
            >
              <option value="">{REQUIRED.has(key) ? 'Choose a column' : '(none)'}</option>
              {choices(mapping[key]).map((h) => (
                <option key={h} value={h}>
                  {headings.includes(h) ? h : `${h} (not in this file)`}
                </option>
              ))}
            </select>
            {errors[key] && (
              <p id={`map-${key}-error`} className="mt-1 text-xs text-red-600">
                {errors[key]}
              </p>
            )}
          </div>
        ))}
      </div>
    </fieldset>
  )
}
