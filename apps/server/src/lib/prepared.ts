import { CompiledQuery, type Kysely } from 'kysely'
import { dbKind } from '../db/dialect.ts'
import type { Database } from '../db/schema.ts'

/**
 * SQL text made once per statement shape for the writes every record create runs (issue 26 item
 * 3). Kysely builds each query as an immutable tree and compiles it to text on every call: ~30 µs
 * a statement, a third of a ticket create's CPU. These statements are plain text with `?`
 * placeholders (`$n` on PostgreSQL), bound like any Kysely query; the text is the key under which
 * better-sqlite3's prepared statement is reused (db/sqlite-statements.ts).
 */

type Row = Record<string, unknown>

const dollars = new Map<string, string>()

/** `?` placeholders as PostgreSQL's `$1, $2, ...` (the texts here carry no `?` otherwise). */
export const forPostgres = (text: string) => {
  let out = dollars.get(text)
  if (out === undefined) {
    let n = 0
    out = text.replace(/\?/g, () => `$${++n}`)
    dollars.set(text, out)
  }
  return out
}

/** Runs one statement text with its values; answers its rows (RETURNING). */
export const runText = async <R = Row>(
  trx: Kysely<Database>,
  text: string,
  params: readonly unknown[],
): Promise<R[]> => {
  const compiled = CompiledQuery.raw(dbKind(trx) === 'postgres' ? forPostgres(text) : text, [...params])
  return (await trx.executeQuery<R>(compiled)).rows
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

const insertTexts = new Map<string, string>()

/**
 * INSERT of `rows` (all with the first row's keys, in its order) into `table`, answering
 * `returning` ('*', a list of columns, or nothing). `conflict`: an ON CONFLICT clause appended as is.
 */
export const insertRows = async <R = Row>(
  trx: Kysely<Database>,
  table: string,
  rows: readonly Row[],
  opts: { returning?: '*' | readonly string[]; conflict?: string } = {},
): Promise<R[]> => {
  if (rows.length === 0) return []
  // As Kysely: a key whose value is undefined is left out (the column takes its default).
  const first = rows[0]!
  const keys = Object.keys(first).filter((k) => first[k] !== undefined)
  const returning =
    opts.returning === undefined
      ? ''
      : opts.returning === '*'
        ? ' returning *'
        : ` returning ${opts.returning.map(quote).join(', ')}`
  const shape = `${table}\u0000${keys.join(',')}\u0000${rows.length}\u0000${returning}\u0000${opts.conflict ?? ''}`
  let text = insertTexts.get(shape)
  if (text === undefined) {
    const one = `(${keys.map(() => '?').join(', ')})`
    text =
      `insert into ${quote(table)} (${keys.map(quote).join(', ')}) values ${Array(rows.length).fill(one).join(', ')}` +
      (opts.conflict ? ` ${opts.conflict}` : '') +
      returning
    // Shapes are few (tables x key lists x row counts); a runaway caller starts the cache over.
    if (insertTexts.size > 1000) insertTexts.clear()
    insertTexts.set(shape, text)
  }
  const params: unknown[] = []
  for (const row of rows) for (const k of keys) params.push(row[k])
  return runText<R>(trx, text, params)
}
