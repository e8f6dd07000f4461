import {
  bpToRate,
  DEFAULT_TARIFF_HEADING,
  FileAnswer,
  fromPaisa,
  IdParams,
  PROVINCE_AUTHORITY,
  RECEIPT_SPECS,
  readTickets,
  type TaxInvoice,
  TaxInvoiceAnswer,
  toPaisa,
} from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/connect.ts'
import { scopeOf } from '../../../lib/caller-scope.ts'
import { type AnyRecordRow, recordLifecycle } from '../../../lib/crud.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { parseIdParam } from '../../../lib/validate.ts'
import { resolvePaperLang } from '../../platform/documents/paper-lang.ts'
import { fileSafe, sendPdf } from '../../platform/documents/pdf.ts'
import { type ReceiptDoc, renderReceipt } from '../../platform/documents/receipt.ts'
import { agencySettings, printedAt } from '../../platform/settings/routes.ts'
import { seesBooking } from '../portal/booked.ts'
import { buyerOf, invoiceNo } from './registers.ts'

type Rec = Record<string, unknown>

const provinceOf = (authority: string) =>
  Object.entries(PROVINCE_AUTHORITY).find(([, a]) => a === authority)?.[0] ?? authority

/** A ticket's fare and the airline's taxes by code, summed over the tickets its pasted text holds. */
const ticketParts = (row: Rec) => {
  const text = String(row.ticket_text ?? '')
  if (!text.trim()) return null
  const result = readTickets(text)
  if (!result.ok) return null
  const read = result.tickets.filter((t) => t.status !== 'VOID')
  if (read.length === 0 || read.some((t) => !t.fare)) return null
  const fare = read.reduce((s, t) => s + toPaisa(t.fare?.amount ?? 0), 0)
  const taxes = new Map<string, number>()
  for (const t of read)
    for (const x of t.taxes) taxes.set(x.code, (taxes.get(x.code) ?? 0) + toPaisa(x.amount))
  return { fare, taxes: [...taxes.entries()] }
}

/** The invoice of one sale, or a 404 naming why there is none. */
export const taxInvoiceOf = async (db: Db, table: string, kind: string, id: number): Promise<TaxInvoice> =>
  (await invoiceAndBuyer(db, table, kind, id)).invoice

/** The invoice and its sale's linked customer (whose paper language the PDF follows). */
const invoiceAndBuyer = async (
  db: Db,
  table: string,
  kind: string,
  id: number,
): Promise<{ invoice: TaxInvoice; customerId: number | null }> => {
  const lifecycle = recordLifecycle(db, table)
  if (!lifecycle) throw new HttpError(404, `${kind} not found`)
  const row = (await lifecycle.findById(db, id)) as AnyRecordRow as Rec
  const tax = await db
    .selectFrom('sale_taxes')
    .selectAll()
    .where('source_type', '=', table)
    .where('source_id', '=', id)
    .executeTakeFirst()
  const issued = await db
    .selectFrom('tax_invoices')
    .selectAll()
    .where('source_type', '=', table)
    .where('source_id', '=', id)
    .executeTakeFirst()
  if (!tax || !issued) throw new HttpError(404, `This ${kind.toLowerCase()} has no tax invoice`)
  const settings = await agencySettings(db)
  const buyer = await buyerOf(db, row)
  const taxable = Number(tax.taxable_value)
  const taxPaisa = Number(tax.tax_amount)
  const receivable = toPaisa(Number(row.receivable_amount ?? 0))
  const inclusive = Number(tax.inclusive) === 1
  // What the customer pays: the price and, when typed without it, the tax on top.
  const total = inclusive ? receivable : receivable + taxPaisa
  const passThrough = total - taxable - taxPaisa
  const lines: TaxInvoice['lines'] = []
  const parts = table === 'tickets' ? ticketParts(row) : null
  if (parts) {
    lines.push({ label: 'Fare', amount: fromPaisa(parts.fare) })
    for (const [code, amount] of parts.taxes)
      lines.push({ label: `Airline tax: ${code}`, amount: fromPaisa(amount) })
    const other = passThrough - parts.fare - parts.taxes.reduce((s, [, a]) => s + a, 0)
    if (other !== 0) lines.push({ label: 'Other charges', amount: fromPaisa(other) })
  } else if (passThrough !== 0) {
    lines.push({ label: 'Paid on your behalf', amount: fromPaisa(passThrough) })
  }
  lines.push({ label: 'Service charge', amount: fromPaisa(taxable) })
  const detail = [
    row.specific_detail,
    row.visa_type,
    row.sector,
    row.airline,
    row.package_detail,
    row.country,
    row.profession_key,
    row.reference,
  ]
    .filter((v) => typeof v === 'string' && v.trim())
    .join(', ')
  const invoice: TaxInvoice = {
    invoice_no: invoiceNo({ tax_year: issued.tax_year, serial: Number(issued.serial) }),
    date: tax.date,
    supplier: {
      name: settings.name,
      address: settings.address,
      ntn: settings.ntn ?? '',
      strn: settings.strn ?? '',
    },
    buyer: { name: buyer.name, address: buyer.address, ntn: buyer.ntn, cnic: buyer.cnic },
    // Entries mostly carry their type already ("Ticket 1/2").
    description: `${String(row.entry ?? '').startsWith(kind) ? '' : `${kind} `}${String(row.entry ?? '')}${detail ? `: ${detail}` : ''}`,
    tariff_heading: settings.tariff_heading || DEFAULT_TARIFF_HEADING,
    authority: tax.authority,
    rate: bpToRate(Number(tax.rate_bp)),
    lines,
    value_excluding_tax: fromPaisa(taxable),
    tax: fromPaisa(taxPaisa),
    value_including_tax: fromPaisa(taxable + taxPaisa),
    total: fromPaisa(total),
  }
  return { invoice, customerId: row.customer_id ? Number(row.customer_id) : null }
}

const dash = (v: string) => v.trim() || '-'

/** The invoice drawn as a receipt is (platform/documents/receipt.ts): particulars left, figures right. */
const invoiceDoc = (inv: TaxInvoice): ReceiptDoc => ({
  title: 'Sales Tax Invoice',
  number: inv.invoice_no,
  date: inv.date,
  kind: `${inv.authority} (${provinceOf(inv.authority)})`,
  particulars: [
    ['Supplier', inv.supplier.name],
    ['Supplier address', dash(inv.supplier.address)],
    ['NTN', dash(inv.supplier.ntn)],
    ['SNTN / STRN', dash(inv.supplier.strn)],
    ['Buyer', dash(inv.buyer.name)],
    ['Buyer address', dash(inv.buyer.address)],
    ['Buyer NTN / CNIC', dash(inv.buyer.ntn || inv.buyer.cnic)],
    ['Description', inv.description],
    ['Tariff heading', inv.tariff_heading],
    ['Rate', `${inv.rate}%`],
  ],
  passengers: [],
  amounts: [
    ...inv.lines.map((l) => ({ label: l.label, value: l.amount })),
    { label: 'Value excluding tax', value: inv.value_excluding_tax, strong: true },
    { label: 'Sales tax', value: inv.tax },
    { label: 'Value including tax', value: inv.value_including_tax, strong: true },
    { label: 'Total amount', value: inv.total, strong: true },
  ],
  inWords: [['Total amount', inv.total]],
})

const GET_INVOICE_PDF = { schema: { params: IdParams, response: { 200: FileAnswer('application/pdf') } } }
const GET_INVOICE = { schema: { params: IdParams, response: { 200: TaxInvoiceAnswer } } }

/** GET /api/{list path}/{id}/invoice (the screen) and /invoice.pdf, English or Urdu (issue 36 item 3). */
export const invoiceRoutes = async (app: FastifyInstance, db: Db) => {
  for (const spec of RECEIPT_SPECS.filter((s) => s.payment)) {
    const kind = spec.receipt.kind
    app.get(`${spec.path}/:id/invoice`, GET_INVOICE, async (req) => {
      const id = parseIdParam(req.params, kind.toLowerCase())
      // A sale's paper, like its receipt: a one-party caller's own sales only (decision 147).
      if (!(await seesBooking(db, await scopeOf(db, req.caller), spec.table, id)))
        throw new HttpError(404, `${kind} not found`)
      return { status: 'success', invoice: await taxInvoiceOf(db, spec.table, kind, id) }
    })
    app.get(`${spec.path}/:id/invoice.pdf`, GET_INVOICE_PDF, async (req, reply) => {
      const id = parseIdParam(req.params, kind.toLowerCase())
      // A sale's paper, like its receipt: a one-party caller's own sales only (decision 147).
      if (!(await seesBooking(db, await scopeOf(db, req.caller), spec.table, id)))
        throw new HttpError(404, `${kind} not found`)
      const { invoice: inv, customerId } = await invoiceAndBuyer(db, spec.table, kind, id)
      const settings = await agencySettings(db)
      const lang = await resolvePaperLang(db, req.query, customerId)
      const doc = renderReceipt(settings, invoiceDoc(inv), printedAt(settings), lang)
      return sendPdf(reply, doc, `invoice-${fileSafe(inv.invoice_no)}.pdf`)
    })
  }
}
