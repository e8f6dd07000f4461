import { type AgencySettings, amountInWords, formatAmount } from '@booking/shared'
import { day, drawHeader, drawPairs, MUTED, newPdf, numberPages, PAGE, type Pdf, RULE } from './pdf.ts'

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
  /** Money lines in rupees, in order; the last two are usually Received and Remaining. */
  amounts: Array<{ label: string; value: number; strong?: boolean }>
  /** Amounts spelt out under the figures, e.g. [['Total', 150000], ['Received', 100000]]. */
  inWords: Array<[string, number]>
  note?: string
}

/** One receipt on one A4 page (the particulars are short; long passenger lists flow on). */
export const renderReceipt = (settings: AgencySettings, r: ReceiptDoc, printed: string): Pdf => {
  const doc = newPdf(`${r.title} ${r.number}`, settings)
  numberPages(doc, printed)
  let y = drawHeader(doc, settings, r.title.toUpperCase(), [`No. ${r.number}`, `Date ${day(r.date)}`, r.kind])
  const left = PAGE.margin
  const full = PAGE.width - 2 * PAGE.margin
  const pairsEnd = drawPairs(doc, y, r.particulars, left, 300)
  // Figures on the right, aligned on their last digit.
  const boxX = left + 320
  const boxW = full - 320
  let fy = y
  for (const a of r.amounts) {
    doc
      .font(a.strong ? 'bold' : 'body')
      .fontSize(a.strong ? 10 : 9)
      .fillColor(a.strong ? '#111827' : MUTED)
      .text(a.label, boxX, fy, { width: boxW * 0.5 })
    doc
      .font(a.strong ? 'bold' : 'body')
      .fillColor('#111827')
      .text(`${settings.currency} ${formatAmount(a.value)}`, boxX + boxW * 0.4, fy, {
        width: boxW * 0.6,
        align: 'right',
      })
    fy += a.strong ? 17 : 15
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
    doc.font('bold').fontSize(9).fillColor('#111827').text('Passengers', left, y)
    y = doc.y + 3
    r.passengers.forEach((p, i) => {
      doc
        .font('body')
        .fontSize(9)
        .text(`${i + 1}. ${p}`, left + 8, y, { width: full - 8 })
      y = doc.y + 2
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
    doc.font('body').fontSize(8.5).fillColor(MUTED).text(`${label} in words`, left, y, { width: 110 })
    doc
      .font('bold')
      .fontSize(9.5)
      .fillColor('#111827')
      .text(amountInWords(value), left + 110, y, { width: full - 110 })
    y = doc.y + 5
  }
  if (r.note) {
    y += 4
    doc.font('body').fontSize(8.5).fillColor(MUTED).text(r.note, left, y, { width: full })
    y = doc.y
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
  doc.font('body').fontSize(8).fillColor(MUTED)
  doc.text('Customer', left, y + 4, { width: 160, align: 'center' })
  doc.text(`For ${settings.name}`, left + full - 160, y + 4, { width: 160, align: 'center' })
  return doc
}
