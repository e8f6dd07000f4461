import {
  type ReadBalance,
  type ReadError,
  type ReadLine,
  readStatement,
  type StatementMapping,
  statementLineKeys,
} from '@booking/shared/bank-statements'
import { CsvLimitError, parseCsv } from '@booking/shared/csv'
import { giveWay } from '../../platform/outside/give-way.ts'
import { FileLimitError, STATEMENT_LIMITS } from './statement-limits.ts'
import { isZip, readXlsxRows, XlsxError } from './xlsx-read.ts'

/** What the reading worker is given: a file's bytes, or the CSV text a JSON body carried. */
export type StatementSource = { bytes: Uint8Array } | { csv: string }

/**
 * A job for the reading worker: a file to read, and for an import the mapping to read it with; a
 * preview asks for its first `head` rows only (the rest would cross back to the main thread,
 * ~5 ms of its time per 10,000 rows, for nothing: issue 33 item 2).
 */
export type WorkerJob = { file: StatementSource; mapping?: StatementMapping; head?: number }

/** A statement line read with a mapping, with its identity (statementLineKeys). */
export type KeyedLine = ReadLine & { identity: string }

/**
 * Rows read with a mapping: readStatement's error, or its lines with their identities as JSON
 * texts of LINES_PER_TEXT lines each. 10,000 lines sent as objects took ~10 ms of the main
 * thread to arrive in one piece (issue 33 item 2); a few strings arrive at once, and the import
 * parses one text at a time between turns of the event loop.
 */
export type StatementMapped =
  | { error: ReadError }
  | {
      count: number
      texts: string[]
      /** The balances the file printed on rows of their own (decision 096), and its first line's day. */
      opening: ReadBalance | null
      closing: ReadBalance | null
      firstDate: string | null
    }

const LINES_PER_TEXT = 250

/** What the outside worker runs for a statement job (statement-reader.ts). */
export const runJob = (job: WorkerJob): StatementRead | StatementMapped => {
  const rows = readStatementRows(job.file)
  if ('refused' in rows) return rows
  if (job.head !== undefined) return { rows: rows.rows.slice(0, job.head), total: rows.rows.length }
  if (!job.mapping) return rows
  // An import: the rows stay in the worker; only the lines it read cross back.
  const read = readStatement(rows.rows, job.mapping, giveWay)
  if ('error' in read) return { error: read.error }
  const keys = statementLineKeys(read.lines, giveWay)
  const texts: string[] = []
  for (let i = 0; i < read.lines.length; i += LINES_PER_TEXT) {
    giveWay()
    texts.push(
      JSON.stringify(
        read.lines
          .slice(i, i + LINES_PER_TEXT)
          .map((l, j): KeyedLine => ({ ...l, identity: keys[i + j] ?? '' })),
      ),
    )
  }
  return {
    count: read.lines.length,
    texts,
    opening: read.opening,
    closing: read.closing,
    firstDate: read.lines[0]?.date ?? null,
  }
}

/** The rows of a file, or why it was refused (the status and the message the answer carries). */
export type StatementRead =
  | { rows: string[][]; total?: number }
  | { refused: { status: 400 | 413; message: string } }

const NOT_A_FILE = 'The file is neither CSV text nor an XLSX workbook'

/**
 * A statement file's rows (run in the reading worker, statement-reader.ts): CSV or the first sheet
 * of an XLSX workbook, each past STATEMENT_LIMITS refused by name (413) and each malformed file
 * refused (400). Nothing here throws for a bad file.
 */
export const readStatementRows = (source: StatementSource): StatementRead => {
  try {
    if ('csv' in source) return { rows: csvRows(source.csv) }
    const { bytes } = source
    if (isZip(bytes)) return { rows: checked(readXlsxRows(bytes)) }
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
    if (text.includes('\u0000')) return { refused: { status: 400, message: NOT_A_FILE } }
    return { rows: csvRows(text) }
  } catch (err) {
    if (err instanceof FileLimitError || err instanceof CsvLimitError)
      return { refused: { status: 413, message: err.message } }
    if (err instanceof XlsxError) return { refused: { status: 400, message: err.message } }
    throw err
  }
}

const csvRows = (text: string) =>
  parseCsv(
    text,
    { rows: STATEMENT_LIMITS.rows, columns: STATEMENT_LIMITS.columns, cellChars: STATEMENT_LIMITS.cellChars },
    giveWay,
  )

/** A sheet's cells are bounded as they are read; their text length is checked here, once. */
const checked = (rows: string[][]) => {
  for (let r = 0; r < rows.length; r++)
    for (const cell of rows[r] ?? [])
      if (cell.length > STATEMENT_LIMITS.cellChars)
        throw new FileLimitError(
          `Row ${r + 1} has a cell longer than ${STATEMENT_LIMITS.cellChars.toLocaleString('en-US')} characters`,
        )
  return rows
}
