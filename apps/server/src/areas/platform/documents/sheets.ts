import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import { setImmediate as yieldToLoop } from 'node:timers/promises'
import { type XlsxCell, type XlsxStyle, xlsxStream } from './xlsx-stream.ts'

// CSV and XLSX written row by row into a stream: nothing holds the whole file, and the writer
// waits whenever the client has not read what was already sent.

export type SheetFormat = 'csv' | 'xlsx'

export interface SheetColumn {
  key: string
  label: string
  /** money: a number shown with separators and two decimals; date: yyyy-mm-dd shown dd/mm/yyyy. */
  kind?: 'text' | 'money' | 'number' | 'date'
  width?: number
}

/** Rows written between two turns of the event loop. */
const WRITE_SLICE = 100

/** A stream's buffered bytes past which the writer waits for 'drain'. */
const HIGH_WATER = 256 * 1024

export const SHEET_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/** Text a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with ' (OWASP CSV injection). */
const defuse = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s)

const csvCell = (v: unknown): string => {
  if (v === null || v === undefined) return ''
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : ''
  const s = defuse(typeof v === 'string' ? v : String(v))
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

const sheetCell = (v: unknown, kind: SheetColumn['kind']): XlsxCell => {
  if (v === null || v === undefined || v === '') return null
  if (kind === 'money' || kind === 'number') {
    const n = Number(v)
    return Number.isFinite(n) ? n : String(v)
  }
  if (kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) {
    // A calendar day, not an instant: midnight UTC is that day's serial number exactly.
    return new Date(`${v}T00:00:00Z`)
  }
  return typeof v === 'number' ? v : defuse(String(v))
}

const STYLE_OF: Record<NonNullable<SheetColumn['kind']>, XlsxStyle> = {
  text: 0,
  money: 1,
  date: 2,
  number: 4,
}

export interface SheetWriter {
  /** Appends rows; resolves once the stream can take more. */
  write(rows: Array<Record<string, unknown>>): Promise<void>
  /** Extra lines under the table (totals, opening and closing). */
  end(footer?: Array<Record<string, unknown>>): Promise<void>
  /** The stream to send as the answer. */
  stream: PassThrough
}

const drained = async (out: PassThrough) => {
  if (out.writableLength > HIGH_WATER && !out.destroyed) await once(out, 'drain')
}

/**
 * A writer of `format` for these columns. `title` lines (a statement's heading) go above the
 * header row in both formats.
 */
export const sheetWriter = (
  format: SheetFormat,
  columns: SheetColumn[],
  opts: { sheetName?: string; title?: string[] } = {},
): SheetWriter => {
  const stream = new PassThrough()
  if (format === 'csv') {
    const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`
    // The BOM makes Excel read the file as UTF-8 (names in Urdu script, the en dash).
    stream.write(
      `\uFEFF${(opts.title ?? []).map((t) => line([t])).join('')}${line(columns.map((c) => c.label))}`,
    )
    return {
      stream,
      write: async (rows) => {
        let text = ''
        for (const r of rows) text += line(columns.map((c) => r[c.key]))
        if (text) stream.write(text)
        await drained(stream)
      },
      end: async (footer = []) => {
        for (const r of footer) stream.write(line(columns.map((c) => r[c.key])))
        stream.end()
      },
    }
  }
  const xlsx = xlsxStream(
    (opts.sheetName ?? 'Sheet1').slice(0, 31).replace(/[[\]*?/\\:]/g, ' '),
    columns.map((c) => c.width ?? (c.kind === 'money' ? 14 : c.kind === 'date' ? 12 : 18)),
    (err, chunk, final) => {
      if (err) stream.destroy(err)
      else {
        stream.write(chunk)
        if (final) stream.end()
      }
    },
  )
  for (const t of opts.title ?? []) xlsx.row([{ v: t }])
  xlsx.row(columns.map((c) => ({ v: c.label, s: 3 as XlsxStyle })))
  const add = (r: Record<string, unknown>, bold = false) =>
    xlsx.row(
      columns.map((c) => ({ v: sheetCell(r[c.key], c.kind), s: bold ? 3 : STYLE_OF[c.kind ?? 'text'] })),
    )
  return {
    stream,
    write: async (rows) => {
      for (const r of rows) add(r)
      await drained(stream)
    },
    end: async (footer = []) => {
      for (const r of footer) add(r, true)
      xlsx.end()
    },
  }
}

/**
 * Feeds `chunks` into a writer and ends it; between chunks the event loop runs other requests.
 * A failure half-way destroys the stream (the client sees a cut download, never a wrong total).
 */
export const pump = async (
  writer: SheetWriter,
  chunks: AsyncIterable<Array<Record<string, unknown>>>,
  footer?: () => Array<Record<string, unknown>>,
) => {
  try {
    for await (const rows of chunks) {
      // Written a slice at a time: an XLSX row costs tens of microseconds, synchronously.
      for (let i = 0; i < rows.length; i += WRITE_SLICE) {
        if (writer.stream.destroyed) return
        await writer.write(rows.slice(i, i + WRITE_SLICE))
        await yieldToLoop()
      }
    }
    await writer.end(footer?.())
  } catch (err) {
    writer.stream.destroy(err as Error)
  }
}
