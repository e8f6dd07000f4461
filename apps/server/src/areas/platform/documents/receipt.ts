import { type AgencySettings, amountInWords, formatAmount } from '@booking/shared'
import type { PaperLang } from './paper-words.ts'
import {
  day,
  drawHeader,
  drawPairs,
  MUTED,
  newPdf,
  numberPages,
  PAGE,
  type Pdf,
  put,
  RULE,
  say,
} from './pdf.ts'

/** What a receipt shows, whatever it was made from (a booking, a payment). */
export interface ReceiptDoc {
  /** "Receipt", "Invoice", "Refund Voucher". */
  title: string
  /** Entry or receipt number. */
  number: string
  date: string
  /** "Ticket", "Umrah", "Payment". */
  kind: string
  /** Left column: customer, agent and the booking's particulars. */
  particulars: Array<[string, string]>
  passengers: string[]
  /**
   * Money lines in rupees, in order; the last two are usually Received and Remaining. In
   * `currency` when the record has one (issue 34, decision 139), but for a line marked `rupees`.
   */
  amounts: Array<{ label: string; value: number; strong?: boolean; rupees?: boolean }>
  /** The record's currency when not rupees ("SAR"): the figures and words are in it. */
  currency?: string
  /** Amounts spelt out under the figures, e.g. [['Total', 150000], ['Received', 100000]]. */
  inWords: Array<[string, number]>
  note?: string
}

/** An amount in words: rupees, or "SAR Five Thousand and 50/100 Only" in another currency. */
const inWordsOf = (value: number, currency: string | undefined) => {
  if (!currency) return amountInWords(value)
  const whole = Math.trunc(Math.abs(value))
  const cents = Math.round((Math.abs(value) - whole) * 100)
  const words = amountInWords(whole)
    .replace(/^Rupees /, '')
    .replace(/ Only$/, '')
  return `${value < 0 ? 'Minus ' : ''}${currency} ${words}${cents ? ` and ${cents}/100` : ''} Only`
}

/** One receipt on one A4 page (the particulars are short; long passenger lists flow on). */
export const renderReceipt = (
  settings: AgencySettings,
  r: ReceiptDoc,
  printed: string,
  lang: PaperLang = 'en',
): Pdf => {
  const doc = newPdf(`${r.title} ${r.number}`, settings, lang)
  const urdu = lang === 'ur'
  numberPages(doc, printed)
  let y = drawHeader(doc, settings, urdu ? r.title : r.title.toUpperCase(), [
    `No. ${r.number}`,
    `Date ${day(r.date)}`,
    r.kind,
  ])
  const left = PAGE.margin
  const full = PAGE.width - 2 * PAGE.margin
  // English: particulars left, figures right. Urdu reads from the right, so the two swap sides.
  const pairsEnd = drawPairs(doc, y, r.particulars, urdu ? left + full - 300 : left, 300)
  // Figures aligned on their last digit.
  const boxX = urdu ? left : left + 320
  const boxW = full - 320
  let fy = y
  for (const a of r.amounts) {
    const face = a.strong ? 'bold' : 'body'
    const size = a.strong ? 10 : 9
    const figure = `${a.rupees ? settings.currency : (r.currency ?? settings.currency)} ${formatAmount(a.value)}`
    doc.fillColor(a.strong ? '#111827' : MUTED)
    // A long label (a payment with its method, tax withheld with its section) wraps: the next
    // line starts below it, not over it.
    const below = urdu
      ? put(doc, say(doc, a.label), boxX + boxW * 0.5, fy, { face, size, width: boxW * 0.5, align: 'right' })
      : put(doc, a.label, boxX, fy, { face, size, width: boxW * 0.5 })
    doc.fillColor('#111827')
    put(doc, figure, urdu ? boxX : boxX + boxW * 0.4, fy, {
      face,
      size,
      width: boxW * 0.6,
      align: urdu ? 'left' : 'right',
    })
    fy = Math.max(fy + (a.strong ? 17 : 15), below + 4)
  }
  y = Math.max(pairsEnd, fy) + 8
  if (r.passengers.length) {
    doc
      .moveTo(left, y)
      .lineTo(left + full, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
    y += 8
    doc.fillColor('#111827')
    const align = urdu ? 'right' : 'left'
    y = put(doc, say(doc, 'Passengers'), left, y, { face: 'bold', size: 9, width: full, align }) + 3
    r.passengers.forEach((p, i) => {
      y = put(doc, `${i + 1}. ${p}`, left + 8, y, { size: 9, width: full - 16, align }) + 2
    })
    y += 6
  }
  doc
    .moveTo(left, y)
    .lineTo(left + full, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke()
  y += 8
  for (const [label, value] of r.inWords) {
    doc.fillColor(MUTED)
    const words = urdu ? `${say(doc, label)} ${say(doc, 'in words')}` : `${label} in words`
    const below = put(doc, words, urdu ? left + full - 110 : left, y, {
      size: 8.5,
      width: 110,
      align: urdu ? 'right' : 'left',
    })
    doc.fillColor('#111827')
    const end = put(doc, inWordsOf(value, r.currency), urdu ? left : left + 110, y, {
      face: 'bold',
      size: 9.5,
      width: full - 116,
      align: urdu ? 'right' : 'left',
    })
    y = Math.max(below, end) + 5
  }
  if (r.note) {
    y += 4
    doc.fillColor(MUTED)
    y = put(doc, r.note, left, y, { size: 8.5, width: full, align: urdu ? 'right' : 'left' })
  }
  // Signature lines well below the figures.
  y = Math.max(y + 50, 380)
  doc.lineWidth(0.5).strokeColor('#9ca3af')
  doc
    .moveTo(left, y)
    .lineTo(left + 160, y)
    .stroke()
  doc
    .moveTo(left + full - 160, y)
    .lineTo(left + full, y)
    .stroke()
  doc.fillColor(MUTED)
  put(doc, say(doc, 'Customer'), urdu ? left + full - 160 : left, y + 4, {
    size: 8,
    width: 160,
    align: 'center',
  })
  put(doc, `${say(doc, 'For ')}${settings.name}`, urdu ? left : left + full - 160, y + 4, {
    size: 8,
    width: 160,
    align: 'center',
  })
  return doc
}
