import type { ListQuery } from '@booking/shared'
import { businessToday, passengerList, passengerName } from '@booking/shared'
import type { FastifyReply } from 'fastify'
import { type Expression, type SqlBool, sql } from 'kysely'
import { z } from 'zod'
import { type ByName, byName } from '../../../db/by-name.ts'
import type { Db } from '../../../db/connect.ts'
import { dbKind } from '../../../db/dialect.ts'
import { entryGlobalSql, entryNumberSql } from '../../../db/migrations/helpers/entry-order.ts'
import { MONEY_COLUMNS, moneyOut } from '../../../db/money-columns.ts'
import { nullableColumns } from '../../../db/nullable-columns.ts'
import type { TableName } from '../../../db/schema.ts'
import type { AnyRecordRow, CrudConfig } from '../../../lib/crud.ts'
import { applyListFilters, applySort } from '../../../lib/list-query.ts'
import { parseBody } from '../../../lib/validate.ts'
import type { AuthUser } from '../../../plugins/auth.ts'
import { pump, SHEET_TYPES, type SheetColumn, type SheetFormat, sheetWriter } from '../documents/sheets.ts'

// `format=csv|xlsx` on any list URL: the list's own filters and sort, every matching row (paging
// ignored), read in chunks on the (sort column, id) order so memory stays flat and other
// requests run between chunks.

const FormatQuery = z.object({
  format: z.enum(['json', 'csv', 'xlsx'], { error: 'Format must be json, csv or xlsx' }).optional(),
})

/** The export format a list request asks for, or null for the usual JSON answer. */
export const exportFormatOf = (query: unknown): SheetFormat | null => {
  const { format } = parseBody(FormatQuery, query)
  return format === 'csv' || format === 'xlsx' ? format : null
}

/** Rows per query: a few milliseconds of work each on either database. */
export const EXPORT_CHUNK = 250

type ListCfg = Pick<
  CrudConfig,
  'list' | 'listKey' | 'table' | 'search' | 'dateColumn' | 'path' | 'label' | 'sortable' | 'columnOf'
>

type Key = { value: unknown; global?: unknown; id: number }

/**
 * The rows after `last` in the list's order. A row-value comparison, `(col, id) > (v, id)`, is one
 * range on the (col, id) index on both databases (an OR of two comparisons made SQLite scan). Lists
 * sort NULL first in ascending order on both databases (list-query's sort rule), so the NULL rows
 * are added where the order puts them and chunks join without a gap. Entries compare on their two
 * numbers, the expressions migration 0013 indexes.
 */
const after = (db: ByName, column: string, desc: boolean, last: Key): Expression<SqlBool> => {
  const cmp = sql.raw(desc ? '<' : '>')
  const idAfter = sql<SqlBool>`${sql.ref('id')} ${cmp} ${last.id}`
  if (column === 'id') return idAfter
  if (column === 'entry') {
    const kind = dbKind(db)
    const n = sql.raw(entryNumberSql(kind))
    const g = sql.raw(entryGlobalSql(kind))
    return sql<SqlBool>`(${n}, ${g}, ${sql.ref('id')}) ${cmp} (${last.value}, ${last.global}, ${last.id})`
  }
  const col = sql.ref(column)
  const nullsFirst = !desc
  if (last.value === null || last.value === undefined) {
    return nullsFirst
      ? sql<SqlBool>`((${col} IS NULL AND ${idAfter}) OR ${col} IS NOT NULL)`
      : sql<SqlBool>`(${col} IS NULL AND ${idAfter})`
  }
  const beyond = sql<SqlBool>`(${col}, ${sql.ref('id')}) ${cmp} (${last.value}, ${last.id})`
  return nullsFirst ? beyond : sql<SqlBool>`(${beyond} OR ${col} IS NULL)`
}

/** Every matching row of a record list, EXPORT_CHUNK at a time, in the JSON list's order. */
async function* recordChunks(db: Db, cfg: ListCfg, query: ListQuery): AsyncGenerator<AnyRecordRow[]> {
  const k = byName(db)
  const rule = { sortable: cfg.sortable, columnOf: cfg.columnOf, nullable: nullableColumns(cfg.table) }
  const wanted = query.sort ?? 'id'
  const desc = wanted.startsWith('-')
  const asked = wanted.replace(/^-/, '')
  const column = asked === 'id' ? 'id' : (cfg.columnOf?.[asked] ?? asked)
  const kind = dbKind(k)
  let last: Key | null = null
  for (;;) {
    let qb = applyListFilters(k, k.selectFrom(cfg.table).selectAll(), query, cfg)
    if (column === 'entry') {
      qb = qb.select([
        sql.raw(entryNumberSql(kind)).as('__entry_n'),
        sql.raw(entryGlobalSql(kind)).as('__entry_g'),
      ])
    }
    if (last) qb = qb.where(after(k, column, desc, last))
    // The same ORDER BY as the JSON list (an unknown key is its 400).
    const rows = await applySort(k, qb, wanted, rule, 'id').limit(EXPORT_CHUNK).execute()
    if (rows.length === 0) return
    const end = rows[rows.length - 1]!
    last =
      column === 'entry'
        ? { value: end.__entry_n, global: end.__entry_g, id: end.id as number }
        : { value: end[column], id: end.id as number }
    yield rows.map(({ __entry_n: _n, __entry_g: _g, ...r }) => moneyOut(cfg.table, r) as AnyRecordRow)
    if (rows.length < EXPORT_CHUNK) return
  }
}

/**
 * Ledger lists carry a running balance that only their own list function computes, so they are
 * read whole through it and written out in chunks (a ledger statement is the paged way to read one).
 */
async function* customChunks(
  db: Db,
  cfg: ListCfg,
  query: ListQuery,
  user: AuthUser,
): AsyncGenerator<AnyRecordRow[]> {
  const { rows } = await cfg.list!(db, { ...query, limit: undefined, offset: undefined }, user)
  for (let i = 0; i < rows.length; i += EXPORT_CHUNK) yield rows.slice(i, i + EXPORT_CHUNK)
}

const PASSENGER_KEYS = new Set(['passport_detail', 'passportDetail'])
// A pasted ticket's text stays on the record, not in list files (an Excel cell holds 32,767 characters).
const HIDDEN = new Set(['source_type', 'source_id', 'created_by', 'ticket_text'])

/** "receivable_amount" / "receivableAmount" -> "Receivable Amount". */
const labelOf = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .replace(/\b\w/g, (c) => c.toUpperCase())

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** The columns of a list's file: the answer's keys in their order, amounts as numbers. */
export const exportColumns = (table: string, sample: Record<string, unknown>): SheetColumn[] => {
  const money = new Set<string>(MONEY_COLUMNS[table as TableName] ?? [])
  return Object.keys(sample)
    .filter((k) => !HIDDEN.has(k))
    .map((key) => {
      const kind: SheetColumn['kind'] =
        money.has(key) || money.has(snake(key)) || key === 'balance' || key === 'remaining_amount'
          ? 'money'
          : /(^|_)date$|Date$/.test(key) && key !== 'created_at'
            ? 'date'
            : typeof sample[key] === 'number'
              ? 'number'
              : 'text'
      return { key, label: PASSENGER_KEYS.has(key) ? 'Passengers' : labelOf(key), kind }
    })
}

/** A passenger JSON column as the names a reader wants: "Mr Ali Khan; Mrs Sara Khan". */
const readable = (row: Record<string, unknown>) => {
  for (const key of PASSENGER_KEYS) {
    if (key in row) {
      row[key] = passengerList(row[key])
        .map((p) => passengerName(p))
        .filter(Boolean)
        .join('; ')
    }
  }
  return row
}

/** Answers a list request with its file; the caller's filters, sort and access are the list's. */
export const exportList = async (
  reply: FastifyReply,
  db: Db,
  cfg: ListCfg,
  toApi: (row: AnyRecordRow) => Record<string, unknown>,
  query: ListQuery,
  user: AuthUser,
  format: SheetFormat,
) => {
  const source = cfg.list ? customChunks(db, cfg, query, user) : recordChunks(db, cfg, query)
  // The first chunk fixes the columns (an empty list still gets a header from a blank row).
  const first = await source.next()
  const firstRows = first.done ? [] : first.value.map((r) => readable(toApi(r)))
  const columns = firstRows[0] ? exportColumns(cfg.table, firstRows[0]) : [{ key: 'entry', label: 'Entry' }]
  const writer = sheetWriter(format, columns, { sheetName: cfg.listKey })
  async function* all() {
    if (firstRows.length) yield firstRows
    for await (const rows of source) yield rows.map((r) => readable(toApi(r)))
  }
  void pump(writer, all())
  // The agency's day, not the server's UTC one (an export at 00:30 in Karachi is named that day).
  const stamp = businessToday()
  return reply
    .type(SHEET_TYPES[format])
    .header('content-disposition', `attachment; filename="${cfg.path.replace(/^\//, '')}-${stamp}.${format}"`)
    .header('cache-control', 'no-store')
    .send(writer.stream)
}
