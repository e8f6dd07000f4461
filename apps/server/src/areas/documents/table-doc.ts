import type { AgencySettings } from '@booking/shared'
import type { FastifyReply } from 'fastify'
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
  sendPdf,
} from './pdf.ts'
import type { PaperLang } from './paper-words.ts'
import { pump, SHEET_TYPES, type SheetColumn, type SheetFormat, sheetWriter } from './sheets.ts'

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
export const tablePdf = (settings: AgencySettings, doc: TableDoc, printed: string, lang: PaperLang = 'en') => {
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

/** Sends a table document as PDF, XLSX or CSV. */
export const sendTableDoc = (
  reply: FastifyReply,
  settings: AgencySettings,
  doc: TableDoc,
  format: 'pdf' | SheetFormat,
  printed: string,
) => {
  if (format === 'pdf') {
    const { pdf, drawing } = tablePdf(settings, doc, printed)
    return sendPdf(reply, pdf, `${doc.file}.pdf`, false, drawing)
  }
  const writer = sheetWriter(format, doc.columns, {
    sheetName: doc.title,
    title: [settings.name, doc.title, ...doc.refs, ...doc.summary.map(([k, v]) => `${k}: ${v}`), ''],
  })
  async function* chunks() {
    for (let i = 0; i < doc.rows.length; i += 100) yield doc.rows.slice(i, i + 100)
  }
  void pump(writer, chunks(), () => doc.footer)
  return reply
    .type(SHEET_TYPES[format])
    .header('content-disposition', `attachment; filename="${doc.file}.${format}"`)
    .header('cache-control', 'no-store')
    .send(writer.stream)
}
