import type { DbKind } from './dialect.ts'

/**
 * Entry numbers ("12/345", "Ticket 12/345": the type's own count, then the global one) as two
 * integers, so a list sorts them as numbers (2/16 before 10/24) instead of as text. Migration
 * 0011 indexes exactly these expressions; a list's ORDER BY must use them unchanged
 * (`ORDER BY <number> dir, <global> dir, id dir`) for the index to answer it. Changing them
 * needs a new migration that rebuilds the indexes.
 *
 * SQLite: CAST keeps the leading digits once the letters and spaces before them are trimmed.
 * PostgreSQL: the first run of digits, then the digits after the slash (at most 15, so a
 * hand-typed entry can never overflow bigint).
 */
export const entryNumberSql = (kind: DbKind, column = 'entry') =>
  kind === 'postgres'
    ? `(substring(${column}, '(\\d{1,15})'))::bigint`
    : `CAST(ltrim(${column}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz -') AS INTEGER)`

export const entryGlobalSql = (kind: DbKind, column = 'entry') =>
  kind === 'postgres'
    ? `(substring(${column}, '/(\\d{1,15})'))::bigint`
    : `CASE instr(${column}, '/') WHEN 0 THEN NULL ELSE CAST(substr(${column}, instr(${column}, '/') + 1) AS INTEGER) END`
