import type { Readable } from 'node:stream'
import type { AgencySettings } from '@booking/shared'
import { HttpError } from '../../../lib/http-error.ts'
import type { PaperLang } from './paper-words.ts'
import {
  day,
  drawHeader,
  drawPairs,
  drawTable,
  money,
  newPdf,
  numberPages,
  PAGE,
  type PdfColumn,
} from './pdf.ts'
import { pump, type SheetColumn, type SheetFormat, sheetWriter } from './sheets.ts'

// A titled table (a statement, a report) in the three file formats, from one description.

export interface DocColumn extends SheetColumn {
  /** Share of the PDF's width. */
  pdfWidth: number
  /** An amount of 0 prints blank in the PDF's rows (a bucket or a side with nothing in it). */
  blankZero?: boolean
}

export interface TableDoc {
  title: string
  /** Lines under the title: the party, the period. */
  refs: string[]
  /** Label / value pairs above the table (opening, totals, closing). */
  summary: Array<[string, string]>
  columns: DocColumn[]
  rows: Array<Record<string, unknown>>
  /** Bold lines under the rows (totals). */
  footer: Array<Record<string, unknown>>
  /** File name without extension. */
  file: string
}

const cellText = (v: unknown, kind: DocColumn['kind'], blankZero = false) => {
  if (v === null || v === undefined || v === '' || (blankZero && v === 0)) return ''
  if (kind === 'money') return money(Number(v))
  if (kind === 'date') return day(String(v))
  return String(v)
}

/**
 * The PDF of a table document: letterhead, summary, the table over as many pages as it needs.
 * `drawing` resolves when the last row is on its page (then the caller ends the document).
 */
export const tablePdf = (
  settings: AgencySettings,
  doc: TableDoc,
  printed: string,
  lang: PaperLang = 'en',
) => {
  const pdf = newPdf(doc.title, settings, lang)
  numberPages(pdf, printed)
  let y = drawHeader(pdf, settings, doc.title, doc.refs)
  if (doc.summary.length) y = drawPairs(pdf, y, doc.summary, PAGE.margin, 300) + 6
  const columns: PdfColumn[] = doc.columns.map((c) => ({
    label: c.label,
    width: c.pdfWidth,
    align: c.kind === 'money' || c.kind === 'number' ? 'right' : 'left',
  }))
  const asCells = (r: Record<string, unknown>, footer = false) =>
    doc.columns.map((c) => cellText(r[c.key], c.kind, c.blankZero && !footer))
  // A generator, so the PDF is drawn row by row as it is read.
  function* cells() {
    for (const r of doc.rows) yield asCells(r)
  }
  const drawing = drawTable(pdf, y, columns, cells(), { footer: doc.footer.map((r) => asCells(r, true)) })
  return { pdf, drawing }
}

/**
 * A table document as a stream of PDF, XLSX or CSV bytes, drawn as it is read. The same on the
 * main thread and in a render worker (render-pool.ts).
 */
export const tableDocStream = (
  settings: AgencySettings,
  doc: TableDoc,
  format: 'pdf' | SheetFormat,
  printed: string,
  lang: PaperLang = 'en',
): Readable => {
  if (format === 'pdf') {
    const { pdf, drawing } = tablePdf(settings, doc, printed, lang)
    // A document still being drawn ends itself; a failure half-way cuts the download.
    drawing.then(
      () => pdf.end(),
      (err: Error) => pdf.destroy(err),
    )
    return pdf as unknown as Readable
  }
  const writer = sheetWriter(format, doc.columns, {
    sheetName: doc.title,
    title: [settings.name, doc.title, ...doc.refs, ...doc.summary.map(([k, v]) => `${k}: ${v}`), ''],
  })
  async function* chunks() {
    for (let i = 0; i < doc.rows.length; i += 100) yield doc.rows.slice(i, i + 100)
  }
  void pump(writer, chunks(), () => doc.footer)
  return writer.stream
}

/** The file name a table document is sent under. */
export const tableDocFile = (doc: TableDoc, format: 'pdf' | SheetFormat) => `${doc.file}.${format}`

/** Rows a PDF may hold (decision 045): ~440 pages; beyond it a 4xx names XLSX and CSV instead. */
export const PDF_ROW_LIMIT = 20_000
/** Rows an XLSX or CSV of a statement or report may hold. */
export const SHEET_ROW_LIMIT = 500_000
/** From this many rows a document is drawn in a worker; below, the main thread draws it in a few ms. */
export const WORKER_FROM_ROWS = 500

/** Why a document of `rows` rows is past its format's limit (decision 045), or null when it is not. */
export const overLimit = (format: 'pdf' | SheetFormat, rows: number): string | null => {
  const limit = format === 'pdf' ? PDF_ROW_LIMIT : SHEET_ROW_LIMIT
  if (rows <= limit) return null
  const n = (x: number) => x.toLocaleString('en-US')
  return format === 'pdf'
    ? `This document has ${n(rows)} lines; a PDF holds at most ${n(limit)}. Choose a shorter period, or download it as XLSX or CSV.`
    : `This document has ${n(rows)} lines; a file holds at most ${n(limit)}. Choose a shorter period.`
}

/** A clear 413 when a document of `rows` rows is past its format's limit (decision 045). */
export const refuseOverLimit = (format: 'pdf' | SheetFormat, rows: number) => {
  const why = overLimit(format, rows)
  if (why) throw new HttpError(413, why)
}
