import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { setTimeout as sleep, setImmediate as yieldToLoop } from 'node:timers/promises'
import { isMainThread } from 'node:worker_threads'
import { type AgencySettings, formatAmount, formatDate, logoSizeProblem } from '@booking/shared'
import type { FastifyReply } from 'fastify'
import PDFDocument from 'pdfkit'
import { needsBidi, visualRuns } from './bidi-text.ts'
import { type PaperLang, tr } from './paper-words.ts'
import { woffToSfnt } from './woff-to-sfnt.ts'

// Every PDF the office hands out: A4, the agency's header, embedded fonts, tables that break
// across pages with their header repeated.

const require = createRequire(import.meta.url)
/** Inter (SIL Open Font License), embedded and subset by pdfkit, so every viewer shows the same glyphs. */
const FONT_REGULAR = require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff')
const FONT_BOLD = require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff')
/** Noto Naskh Arabic (SIL Open Font License): its Arabic subset holds every Urdu letter. */
const FONT_URDU = require.resolve(
  '@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-400-normal.woff',
)
const FONT_URDU_BOLD = require.resolve(
  '@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-700-normal.woff',
)

export type Pdf = PDFKit.PDFDocument

export const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const
const INK = '#111827'
const MUTED = '#6b7280'
const RULE = '#d1d5db'
const HEAD_FILL = '#f3f4f6'

/** A fontkit face (pdfkit takes one in place of a file: anything with `layout`). */
interface FontkitFace {
  layout(text: string): unknown
}
const fontkit = require('fontkit') as { create(data: Buffer): FontkitFace }
/** A face from its WOFF file, unwrapped to a plain font first (woff-to-sfnt.ts says why). */
const openFace = (path: string) => fontkit.create(woffToSfnt(readFileSync(path)))
let parsed: Record<string, FontkitFace> | null = null
/** The four faces, read and parsed on first use (a WOFF is inflated once, not per document). */
const faces = () => {
  parsed ??= {
    body: openFace(FONT_REGULAR),
    bold: openFace(FONT_BOLD),
    urdu: openFace(FONT_URDU),
    'urdu-bold': openFace(FONT_URDU_BOLD),
  }
  return parsed
}

/** Each document's paper language (decision 044), so every drawing helper prints its words. */
const langs = new WeakMap<Pdf, PaperLang>()
export const langOf = (doc: Pdf): PaperLang => langs.get(doc) ?? 'en'
/** `text` in the document's language. */
export const say = (doc: Pdf, text: string) => tr(langOf(doc), text)

/**
 * A line's base direction: an English paper is left to right (a list number or label stays on the
 * left of an Urdu name), an Urdu paper right to left (a PNR stays a unit inside an Urdu line).
 */
const baseOf = (doc: Pdf) => (langOf(doc) === 'ur' ? 'rtl' : 'ltr')

export type Face = 'body' | 'bold'
const URDU_FACE: Record<Face, string> = { body: 'urdu', bold: 'urdu-bold' }

export interface PutOptions {
  face?: Face
  size?: number
  /** Wrap within this width (and align within it). */
  width?: number
  align?: 'left' | 'right' | 'center'
}

/** pdfkit's current face's ascender (per 1000 units): where its baseline sits below `y`. */
const ascender = (doc: Pdf) => (doc as unknown as { _font: { ascender: number } })._font.ascender

/** Width of one line of mixed text: its runs, each measured (and shaped) in its own face. */
const bidiWidth = (doc: Pdf, text: string, face: Face, size: number) => {
  let w = 0
  for (const run of visualRuns(text, baseOf(doc))) {
    doc.font(run.face === 'arabic' ? URDU_FACE[face] : face).fontSize(size)
    w += doc.widthOfString(run.text)
  }
  return w
}

/** Lines of mixed text at most `width` wide, broken between words in reading (logical) order. */
const wrapBidi = (doc: Pdf, text: string, face: Face, size: number, width?: number) => {
  if (!width) return [text]
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/(?<=\s)/)) {
    const next = line + word
    if (line && bidiWidth(doc, next.trimEnd(), face, size) > width) {
      lines.push(line.trimEnd())
      line = word
    } else line = next
  }
  if (line.trim()) lines.push(line.trimEnd())
  return lines
}

/**
 * One line of mixed text: its runs left to right in visual order on a shared baseline (the Urdu
 * face's taller ascender would otherwise lift or drop it).
 */
const drawBidiLine = (
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  face: Face,
  size: number,
  width: number | undefined,
  align: 'left' | 'right' | 'center',
) => {
  const runs = visualRuns(text, baseOf(doc)).map((run) => {
    const font = run.face === 'arabic' ? URDU_FACE[face] : face
    doc.font(font).fontSize(size)
    return { ...run, font, w: doc.widthOfString(run.text) }
  })
  const total = runs.reduce((s, r) => s + r.w, 0)
  let at = x
  if (width && align === 'right') at = x + width - total
  else if (width && align === 'center') at = x + (width - total) / 2
  doc.font(face).fontSize(size)
  const baseline = y + (ascender(doc) / 1000) * size
  // The glyphs are in visual order and shaped (several Urdu letters share one glyph), so a reader
  // copying or extracting the line would get it scrambled: the line's logical text rides along
  // as its ActualText, which viewers and pdftotext read instead.
  for (const r of runs) {
    doc.font(r.font).fontSize(size)
    if (r.face === 'arabic')
      doc.markContent('Span', { actual: r.visual } as unknown as Record<string, unknown>)
    doc.text(r.text, at, baseline, { lineBreak: false, baseline: 'alphabetic' } as PDFKit.Mixins.TextOptions)
    if (r.face === 'arabic') {
      // pdfkit draws text under a flipped matrix and font it has already restored here; a reader
      // (poppler) places and sizes the ActualText by the matrix and font in force at EMC, so the
      // span closes under the same ones.
      const raw = doc as unknown as { addContent(op: string): void; _font: { id: string } }
      raw.addContent(`q 1 0 0 -1 0 ${PAGE.height} cm /${raw._font.id} ${size} Tf`)
      doc.endMarkedContent()
      raw.addContent('Q')
    }
    at += r.w
  }
}

/**
 * Writes `text` at (x, y) and answers the y below it. Text without right-to-left letters goes
 * through pdfkit as before; text with Urdu or Arabic is ordered by the bidi algorithm, shaped in
 * the Urdu face and wrapped by hand.
 */
export const put = (doc: Pdf, text: string, x: number, y: number, o: PutOptions = {}): number => {
  const face = o.face ?? 'body'
  const size = o.size ?? 9
  if (!needsBidi(text)) {
    doc.font(face).fontSize(size).text(text, x, y, { width: o.width, align: o.align })
    return doc.y
  }
  // Urdu letters reach well above and below Latin ones: a taller line keeps wrapped lines apart.
  const lineHeight = size * 1.55
  let at = y
  for (const line of wrapBidi(doc, text, face, size, o.width)) {
    drawBidiLine(doc, line, x, at, face, size, o.width, o.align ?? 'left')
    at += lineHeight
  }
  doc.font(face).fontSize(size)
  doc.x = x
  doc.y = at
  return at
}

/** The faces parsed now, before the first request that prints (the server calls this at start). */
export const warmFonts = () => void faces()

/** A new A4 document with the embedded faces registered as 'body' and 'bold' (Latin) and 'urdu', 'urdu-bold'. */
export const newPdf = (title: string, settings: AgencySettings, lang: PaperLang = 'en'): Pdf => {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: title, Author: settings.name, Producer: settings.name, Creator: settings.name },
    // Compressed content streams keep a 10,000-row statement small.
    compress: true,
  })
  // Parsed once per process and shared (pdfkit makes each document's own subset of a face); a
  // face a document never draws with is not embedded.
  for (const [name, face] of Object.entries(faces())) doc.registerFont(name, face as unknown as Buffer)
  langs.set(doc, lang)
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
  doc.fillColor(INK)
  let ly = put(doc, settings.name, x, top, { face: 'bold', size: 15, width: textWidth })
  doc.fillColor(MUTED)
  const contact = [settings.address, [settings.phone, settings.email].filter(Boolean).join('  ·  ')].filter(
    Boolean,
  )
  for (const line of contact) ly = put(doc, line, x, ly + 1, { size: 8.5, width: textWidth })
  const leftBottom = Math.max(ly, logo ? top + 56 : 0)
  const rightX = PAGE.width - PAGE.margin - 200
  doc.fillColor(INK)
  let ry = put(doc, say(doc, title), rightX, top, { face: 'bold', size: 13, width: 200, align: 'right' })
  doc.fillColor(MUTED)
  for (const r of refs) ry = put(doc, say(doc, r), rightX, ry + 1, { size: 8.5, width: 200, align: 'right' })
  const bottom = Math.max(leftBottom, ry) + 8
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
const fitted = (doc: Pdf, face: Face, text: string, room: number) => {
  if (needsBidi(text)) {
    if (bidiWidth(doc, text, face, TABLE_SIZE) <= room) return text
    let cut = text
    while (cut.length > 0 && bidiWidth(doc, `${cut}…`, face, TABLE_SIZE) > room) cut = cut.slice(0, -1)
    return `${cut.trimEnd()}…`
  }
  if (textWidth(doc, face, text) <= room) return text
  let cut = text
  while (cut.length > 0 && textWidth(doc, face, `${cut}…`) > room) cut = cut.slice(0, -1)
  return `${cut.trimEnd()}…`
}
const FOOTER_SPACE = 30
/** Rows drawn between two turns of the event loop (a few milliseconds of work). */
const YIELD_EVERY = 8
/** The longest pause of a document worker between two stretches of rows (decision 131). */
const MAX_PAUSE_MS = 10

/**
 * On the main thread a turn of the event loop lets other requests in. In a document worker a turn
 * frees no core, so the drawing pauses as long as its last stretch took (decision 131): a worker
 * holds a core about half the time and, on a box of two, the main thread finds one free.
 */
const pacer = () => {
  let since = performance.now()
  return async () => {
    if (isMainThread) return yieldToLoop()
    await sleep(Math.min(MAX_PAUSE_MS, performance.now() - since))
    since = performance.now()
  }
}

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
  // An Urdu paper reads from the right: the first column is drawn rightmost, text cells align right.
  const urdu = langOf(doc) === 'ur'
  if (urdu) {
    columns = columns.map((c) => ({ ...c, label: say(doc, c.label), align: 'right' as const })).reverse()
    const source = rows
    rows = (function* () {
      for (const cells of source) yield [...cells].reverse()
    })()
    opts = { ...opts, footer: opts.footer?.map((cells) => [...cells].reverse()) }
  }
  const total = columns.reduce((s, c) => s + c.width, 0)
  const widths = columns.map((c) => (c.width / total) * full)
  const xs = widths.map((_, i) => left + widths.slice(0, i).reduce((s, w) => s + w, 0))
  const bottom = PAGE.height - PAGE.margin - FOOTER_SPACE
  const line = (cells: string[], at: number, bold: boolean, fill?: string) => {
    if (fill) doc.rect(left, at - 3, full, ROW_HEIGHT).fill(fill)
    const face: Face = bold ? 'bold' : 'body'
    doc.font(face).fontSize(TABLE_SIZE).fillColor(INK)
    cells.forEach((cell, i) => {
      const room = widths[i]! - 6
      const text = fitted(doc, face, urdu ? say(doc, cell) : cell, room)
      if (needsBidi(text)) {
        drawBidiLine(doc, text, xs[i]! + 3, at, face, TABLE_SIZE, room, columns[i]!.align ?? 'left')
        doc.font(face).fontSize(TABLE_SIZE)
        return
      }
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
  const pause = pacer()
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
    if (n % YIELD_EVERY === 0) await pause()
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
    if (langOf(doc) === 'ur') {
      drawBidiLine(doc, say(doc, `Printed ${printed}`), PAGE.margin, y, 'body', 7.5, undefined, 'left')
      drawBidiLine(
        doc,
        say(doc, `Page ${page}`),
        PAGE.width - PAGE.margin - 100,
        y,
        'body',
        7.5,
        100,
        'right',
      )
    } else {
      doc.text(`Printed ${printed}`, PAGE.margin, y, { lineBreak: false })
      doc.text(`Page ${page}`, PAGE.width - PAGE.margin - 100, y, {
        width: 100,
        align: 'right',
        lineBreak: false,
      })
    }
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
  x: number = PAGE.margin,
  width = 250,
) => {
  let at = y
  // An Urdu paper puts the label on the right and its value to the left of it.
  const urdu = langOf(doc) === 'ur'
  const labelX = urdu ? x + width - 95 : x
  const valueX = urdu ? x : x + 95
  const align = urdu ? 'right' : 'left'
  for (const [label, value] of pairs) {
    doc.fillColor(MUTED)
    const below = put(doc, say(doc, label), labelX, at, { size: 8.5, width: 95, align })
    doc.fillColor(INK)
    const end = put(doc, value || '-', valueX, at, { face: 'bold', size: 9, width: width - 95 - 6, align })
    at = Math.max(end, below, at + 13) + 2
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
