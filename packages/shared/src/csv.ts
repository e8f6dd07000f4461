/**
 * CSV text to rows of cells (RFC 4180 quotes), in one forward pass. The separator is comma,
 * semicolon or tab, whichever the first lines use most outside quotes (a bank's title line may
 * have none). Kept apart from the statement mapping so the reading worker loads nothing else.
 */

/** Limits a CSV reading checks as it goes (issue 33): past one, it stops with a CsvLimitError. */
export interface CsvLimits {
  rows: number
  columns: number
  cellChars: number
}

/** A CSV file past one of its limits; the message names which. */
export class CsvLimitError extends Error {}

/** `step` is called after each row: a worker gives way to other threads there (outside/give-way.ts). */
export const parseCsv = (text: string, limits?: CsvLimits, step?: () => void): string[][] => {
  const src = text.replace(/^\uFEFF/, '')
  const sample = src.slice(0, 4000).replace(/"[^"]*"/g, '')
  const counts = [',', ';', '\t'].map((d) => [d, sample.split(d).length] as const)
  const sep = counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0]
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const endCell = () => {
    row.push(cell)
    cell = ''
    if (limits && row.length > limits.columns)
      throw new CsvLimitError(`The file has too many columns (at most ${limits.columns})`)
  }
  const endRow = () => {
    rows.push(row)
    row = []
    step?.()
    if (limits && rows.length > limits.rows)
      throw new CsvLimitError(`The file has too many rows (at most ${limits.rows.toLocaleString('en-US')})`)
  }
  for (let i = 0; i < src.length; i++) {
    const c = src[i]
    if (limits && cell.length > limits.cellChars)
      throw new CsvLimitError(
        `Row ${rows.length + 1} has a cell longer than ${limits.cellChars.toLocaleString('en-US')} characters`,
      )
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          cell += '"'
          i++
        } else quoted = false
      } else cell += c
    } else if (c === '"' && cell === '') quoted = true
    else if (c === sep) endCell()
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++
      endCell()
      endRow()
    } else cell += c
  }
  if (cell !== '' || row.length > 0) {
    endCell()
    endRow()
  }
  return rows
}

/** A statement file's largest size (a year of a busy account is well under 1 MB of CSV). */
export const STATEMENT_FILE_MAX_BYTES = 5 * 1024 * 1024
export const STATEMENT_FILE_TOO_LARGE = 'The file is too large: a statement file may be at most 5 MB'
