import { createRequire } from 'node:module'
import { setImmediate as yieldToLoop } from 'node:timers/promises'
import { type AgencySettings, formatAmount, formatDate, logoSizeProblem } from '@booking/shared'
import type { FastifyReply } from 'fastify'
import PDFDocument from 'pdfkit'

// Every PDF the office hands out: A4, the agency's header, embedded fonts, tables that break
// across pages with their header repeated.

const require = createRequire(import.meta.url)
/** Inter (SIL Open Font License), embedded and subset by pdfkit, so every viewer shows the same glyphs. */
const FONT_REGULAR = require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff')
const FONT_BOLD = require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff')

export type Pdf = PDFKit.PDFDocument

export const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const
const INK = '#111827'
const MUTED = '#6b7280'
const RULE = '#d1d5db'
const HEAD_FILL = '#f3f4f6'

/** A new A4 document with the two embedded faces registered as 'body' and 'bold'. */
export const newPdf = (title: string, settings: AgencySettings): Pdf => {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: title, Author: settings.name, Producer: settings.name, Creator: settings.name },
    // Compressed content streams keep a 10,000-row statement small.
    compress: true,
  })
  doc.registerFont('body', FONT_REGULAR)
  doc.registerFont('bold', FONT_BOLD)
  doc.font('body').fontSize(9).fillColor(INK)
  return doc
}

const logoBuffer = (logo: string): Buffer | null => {
  const m = /^data:image\/(png|jpeg);base64,(.+)$/.exec(logo)
  const bytes = m ? Buffer.from(m[2]!, 'base64') : null
  // A logo saved before sizes were checked is left out rather than decoded (a pixel bomb).
  return bytes && logoSizeProblem(bytes) === null ? bytes : null
}

/**
 * The agency's letterhead at the top of the current page, the document's title and its
 * reference lines on the right. Returns the y below it.
 */
export const drawHeader = (
  doc: Pdf,
  settings: AgencySettings,
  title: string,
  refs: string[] = [],
): number => {
  const left = PAGE.margin
  const top = PAGE.margin
  let x = left
  const logo = settings.logo ? logoBuffer(settings.logo) : null
  if (logo) {
    try {
      doc.image(logo, left, top, { fit: [56, 56] })
      x = left + 66
    } catch {
      // A logo the PDF library cannot read leaves the header without it rather than failing the document.
    }
  }
  const textWidth = 300
  doc.font('bold').fontSize(15).fillColor(INK).text(settings.name, x, top, { width: textWidth })
  doc.font('body').fontSize(8.5).fillColor(MUTED)
  const contact = [settings.address, [settings.phone, settings.email].filter(Boolean).join('  ·  ')].filter(
    Boolean,
  )
  for (const line of contact) doc.text(line, x, doc.y + 1, { width: textWidth })
  const leftBottom = Math.max(doc.y, logo ? top + 56 : 0)
  const rightX = PAGE.width - PAGE.margin - 200
  doc.font('bold').fontSize(13).fillColor(INK).text(title, rightX, top, { width: 200, align: 'right' })
  doc.font('body').fontSize(8.5).fillColor(MUTED)
  for (const r of refs) doc.text(r, rightX, doc.y + 1, { width: 200, align: 'right' })
  const bottom = Math.max(leftBottom, doc.y) + 8
  doc
    .moveTo(left, bottom)
    .lineTo(PAGE.width - PAGE.margin, bottom)
    .lineWidth(0.8)
    .strokeColor(RULE)
    .stroke()
  doc.fillColor(INK)
  return bottom + 10
}

export interface PdfColumn {
  label: string
  /** Share of the table's width. */
  width: number
  align?: 'left' | 'right'
}

/** Amounts as the screens show them: thousands separators, paisa only when there are some. */
export const money = (rupees: number | null | undefined) => formatAmount(rupees ?? 0)
export const day = (iso: string | null | undefined) => (iso ? formatDate(iso) : '')

const ROW_HEIGHT = 15
const TABLE_SIZE = 8
/**
 * Table cells skip OpenType shaping (Inter's contextual alternates and kerning were 80 % of a long
 * statement's time); digits and Latin text look the same without it.
 */
const PLAIN = Object.fromEntries(
  ['ccmp', 'locl', 'rlig', 'mark', 'mkmk', 'calt', 'clig', 'liga', 'rclt', 'curs', 'kern', 'rvrn'].map(
    (f) => [f, false],
  ),
)

/** Advance widths (at 1 pt) per face and character, measured once each. */
const advances = new Map<string, Map<string, number>>()

/** Width of `text` at the table's size: the sum of its characters' advances (kerning ignored). */
const textWidth = (doc: Pdf, face: string, text: string) => {
  let table = advances.get(face)
  if (!table) {
    table = new Map()
    advances.set(face, table)
  }
  let w = 0
  for (const ch of text) {
    let a = table.get(ch)
    if (a === undefined) {
      // Measured at the current size (the table sets TABLE_SIZE before any cell), kept per point.
      a = doc.widthOfString(ch) / TABLE_SIZE
      table.set(ch, a)
    }
    w += a
  }
  return w * TABLE_SIZE
}

/** `text` cut with an ellipsis to fit `room` points. */
const fitted = (doc: Pdf, face: string, text: string, room: number) => {
  if (textWidth(doc, face, text) <= room) return text
  let cut = text
  while (cut.length > 0 && textWidth(doc, face, `${cut}…`) > room) cut = cut.slice(0, -1)
  return `${cut.trimEnd()}…`
}
const FOOTER_SPACE = 30
/** Rows drawn between two turns of the event loop (a few milliseconds of work). */
const YIELD_EVERY = 8

/**
 * A table that fills pages: rows are cut to one line (the detail column ellipsised), a page break
 * repeats the column header. `rows` may be any iterable, so a long statement is drawn as it is read.
 */
export const drawTable = async (
  doc: Pdf,
  y: number,
  columns: PdfColumn[],
  rows: Iterable<string[]>,
  opts: { footer?: string[][]; onNewPage?: (doc: Pdf) => number } = {},
): Promise<number> => {
  const left = PAGE.margin
  const full = PAGE.width - 2 * PAGE.margin
  const total = columns.reduce((s, c) => s + c.width, 0)
  const widths = columns.map((c) => (c.width / total) * full)
  const xs = widths.map((_, i) => left + widths.slice(0, i).reduce((s, w) => s + w, 0))
  const bottom = PAGE.height - PAGE.margin - FOOTER_SPACE
  const line = (cells: string[], at: number, bold: boolean, fill?: string) => {
    if (fill) doc.rect(left, at - 3, full, ROW_HEIGHT).fill(fill)
    const face = bold ? 'bold' : 'body'
    doc.font(face).fontSize(TABLE_SIZE).fillColor(INK)
    cells.forEach((cell, i) => {
      const room = widths[i]! - 6
      const text = fitted(doc, face, cell, room)
      // Measured from cached glyph widths and drawn without pdfkit's line wrapper: a 10,000-row
      // statement is 60,000 cells, and wrapping each one cost ~0.5 ms.
      const x = columns[i]!.align === 'right' ? xs[i]! + 3 + room - textWidth(doc, face, text) : xs[i]! + 3
      doc.text(text, x, at, { lineBreak: false, features: PLAIN } as unknown as PDFKit.Mixins.TextOptions)
    })
  }
  const head = (at: number) => {
    line(
      columns.map((c) => c.label),
      at,
      true,
      HEAD_FILL,
    )
    return at + ROW_HEIGHT
  }
  let at = head(y)
  let n = 0
  for (const cells of rows) {
    if (at + ROW_HEIGHT > bottom) {
      doc.addPage()
      at = head(opts.onNewPage ? opts.onNewPage(doc) : PAGE.margin)
    }
    line(cells, at, false)
    if (n % 2 === 1) {
      doc
        .moveTo(left, at + ROW_HEIGHT - 3)
        .lineTo(left + full, at + ROW_HEIGHT - 3)
        .lineWidth(0.3)
        .strokeColor('#eeeeee')
        .stroke()
    }
    at += ROW_HEIGHT
    n++
    // Laying out text is synchronous: other requests get the event loop every few rows.
    if (n % YIELD_EVERY === 0) await yieldToLoop()
  }
  for (const cells of opts.footer ?? []) {
    if (at + ROW_HEIGHT > bottom) {
      doc.addPage()
      at = head(opts.onNewPage ? opts.onNewPage(doc) : PAGE.margin)
    }
    line(cells, at, true, HEAD_FILL)
    at += ROW_HEIGHT
  }
  return at + 6
}

/** "Page n" and when it was printed, at the foot of every page (pages are numbered as they are made). */
export const numberPages = (doc: Pdf, printed: string) => {
  let page = 0
  const stamp = () => {
    page++
    const y = PAGE.height - PAGE.margin - 10
    const keep = doc.y
    doc.font('body').fontSize(7.5).fillColor(MUTED)
    doc.text(`Printed ${printed}`, PAGE.margin, y, { lineBreak: false })
    doc.text(`Page ${page}`, PAGE.width - PAGE.margin - 100, y, {
      width: 100,
      align: 'right',
      lineBreak: false,
    })
    doc.fillColor(INK)
    doc.y = keep
  }
  stamp()
  doc.on('pageAdded', stamp)
}

/** Label / value pairs in two columns (a receipt's particulars). */
export const drawPairs = (
  doc: Pdf,
  y: number,
  pairs: Array<[string, string]>,
  x = PAGE.margin,
  width = 250,
) => {
  let at = y
  for (const [label, value] of pairs) {
    doc.font('body').fontSize(8.5).fillColor(MUTED).text(label, x, at, { width: 95 })
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(INK)
      .text(value || '-', x + 95, at, { width: width - 95 })
    at = Math.max(doc.y, at + 13) + 2
  }
  return at
}

export { HEAD_FILL, INK, MUTED, RULE }

/** Sends a PDF being drawn (pdfkit streams it as pages are finished); inline opens it in the browser. */
export const sendPdf = (
  reply: FastifyReply,
  doc: Pdf,
  file: string,
  inline = true,
  drawing?: Promise<unknown>,
) => {
  reply
    .type('application/pdf')
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${file}"`)
    .header('cache-control', 'no-store')
  // A document still being drawn ends itself; a failure half-way cuts the download.
  if (drawing)
    drawing.then(
      () => doc.end(),
      (err: Error) => doc.destroy(err),
    )
  else doc.end()
  return reply.send(doc)
}

/** A safe file name part from an entry number ("12/345" -> "12-345"). */
export const fileSafe = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || 'document'
