import type { KeyedLine } from './statement-read.ts'

/**
 * The insert of an import's pending statement lines (decision 112), shared by the main thread
 * (PostgreSQL) and the outside worker that writes them to a SQLite file: one statement text and one
 * parameter order, so both store a line alike.
 */

/** Statement lines per insert statement. */
export const LINES_PER_STATEMENT = 25

const LINE_COLUMNS = [
  'bank_id',
  'import_id',
  'row_no',
  'date',
  'narration',
  'reference',
  'amount',
  'direction',
  'balance',
  'identity',
  'created_at',
] as const

/**
 * The insert of `rows` statement lines as SQL text, built once per size and dialect: an import
 * sends hundreds of the same statement, and building each through the query builder cost more of
 * the main thread than SQLite's own work on it.
 */
const insertTexts = new Map<string, string>()
export const insertLinesSql = (postgres: boolean, rows: number) => {
  const key = `${postgres} ${rows}`
  let text = insertTexts.get(key)
  if (!text) {
    let n = 0
    const row = () => `(${LINE_COLUMNS.map(() => (postgres ? `$${++n}` : '?')).join(', ')})`
    text = `INSERT INTO bank_statement_lines (${LINE_COLUMNS.join(', ')}) VALUES ${Array.from({ length: rows }, row).join(', ')} ON CONFLICT (bank_id, identity) DO NOTHING RETURNING id`
    insertTexts.set(key, text)
  }
  return text
}

/** The parameters of `insertLinesSql` for these lines, in its column order. */
export const insertLinesParams = (
  lines: readonly KeyedLine[],
  bankId: number,
  importId: number,
  now: string,
) =>
  lines.flatMap((l) => [
    bankId,
    importId,
    l.row,
    l.date,
    l.narration,
    l.reference,
    l.paisa,
    l.direction,
    l.balance_paisa,
    l.identity,
    now,
  ])
