import {
  DEFAULT_TARIFF_HEADING,
  formatDate,
  SalesTaxAnswer,
  type SalesTaxReport,
  TaxReportQuery,
  TaxWithheldAnswer,
  type TaxWithheldReport,
} from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/connect.ts'
import { officeReader } from '../../../lib/caller-scope.ts'
import { parseBody } from '../../../lib/validate.ts'
import { requireAccess } from '../../../plugins/auth.ts'
import { sendTableDoc } from '../../platform/documents/send-table-doc.ts'
import type { TableDoc } from '../../platform/documents/table-doc.ts'
import { agencySettings, printedAt } from '../../platform/settings/routes.ts'
import { money } from '../reports/document-answer.ts'
import { invoiceRoutes } from './invoice.ts'
import { openCostRoutes } from './open-costs.ts'
import { salesTaxRegister, taxWithheldRegister } from './registers.ts'

const period = (from?: string, to?: string) =>
  from || to ? `${from ? formatDate(from) : '…'} to ${to ? formatDate(to) : '…'}` : 'All dates'

/**
 * The sales tax register as a document. Its columns are in the order of the authorities' sales
 * annex (SRB e-return Annex-C, PRA's alike): buyer's NTN/CNIC, buyer, document type, number and
 * date, tariff heading, description, value excluding tax, rate, tax, value including tax
 * (decision 090), so the CSV pastes into the return.
 */
const salesTaxDoc = (report: SalesTaxReport, tariff: string): TableDoc => ({
  title: 'Sales Tax Register',
  refs: [
    period(report.from ?? undefined, report.to ?? undefined),
    ...(report.authority ? [report.authority] : []),
  ],
  summary: [],
  columns: [
    { key: 'buyer_id', label: 'Buyer NTN/CNIC', kind: 'text', pdfWidth: 12 },
    { key: 'buyer', label: 'Buyer Name', kind: 'text', pdfWidth: 15 },
    { key: 'doc_type', label: 'Document Type', kind: 'text', pdfWidth: 9 },
    { key: 'invoice_no', label: 'Document Number', kind: 'text', pdfWidth: 10 },
    { key: 'date', label: 'Document Date', kind: 'date', pdfWidth: 9 },
    { key: 'tariff', label: 'Tariff Heading', kind: 'text', pdfWidth: 8 },
    { key: 'description', label: 'Description', kind: 'text', pdfWidth: 16 },
    money('taxable_value', 'Value Excluding Tax', 11),
    { key: 'rate', label: 'Rate %', kind: 'text', pdfWidth: 5 },
    money('tax', 'Sales Tax', 10),
    money('value_including_tax', 'Value Including Tax', 11),
  ],
  rows: report.rows.map((r) => ({
    buyer_id: r.buyer_ntn || r.buyer_cnic,
    buyer: r.buyer,
    doc_type: 'Sales Tax Invoice',
    invoice_no: r.invoice_no || r.entry,
    date: r.date,
    tariff,
    description: r.description,
    taxable_value: r.taxable_value,
    rate: String(r.rate),
    tax: r.tax,
    value_including_tax: r.value_including_tax,
  })),
  footer: [
    {
      buyer: 'Total',
      taxable_value: report.totals.taxable_value,
      tax: report.totals.tax,
      value_including_tax: Math.round((report.totals.taxable_value + report.totals.tax) * 100) / 100,
    },
  ],
  file: `sales-tax-${report.from ?? 'all'}-${report.to ?? 'all'}`,
})

const withheldDoc = (report: TaxWithheldReport): TableDoc => ({
  title: 'Tax Withheld by Customers',
  refs: [period(report.from ?? undefined, report.to ?? undefined)],
  summary: [
    ['Certificates missing', String(report.totals.certificates_missing)],
    [
      'Withheld without certificate',
      report.totals.missing.toLocaleString('en-US', { minimumFractionDigits: 2 }),
    ],
  ],
  columns: [
    { key: 'date', label: 'Date', kind: 'date', pdfWidth: 9 },
    { key: 'receipt_no', label: 'Receipt', kind: 'text', pdfWidth: 10 },
    { key: 'customer', label: 'Customer', kind: 'text', pdfWidth: 18 },
    { key: 'record', label: 'Record', kind: 'text', pdfWidth: 14 },
    { key: 'section', label: 'Section', kind: 'text', pdfWidth: 10 },
    money('amount', 'Tax Withheld', 12),
    { key: 'certificate', label: 'Certificate', kind: 'text', pdfWidth: 14 },
    { key: 'status', label: 'Status', kind: 'text', pdfWidth: 9 },
  ],
  rows: report.rows.map((r) => ({ ...r, status: r.status === 'received' ? 'Received' : 'Missing' })),
  footer: [{ customer: 'Total', amount: report.totals.withheld }],
  file: `tax-withheld-${report.from ?? 'all'}-${report.to ?? 'all'}`,
})

/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const GET_SALES_TAX = { schema: { querystring: TaxReportQuery, response: { 200: SalesTaxAnswer } } }
const GET_TAX_WITHHELD = { schema: { querystring: TaxReportQuery, response: { 200: TaxWithheldAnswer } } }

/** Issue 36 item 5 (admins): the sales tax register and the tax withheld register, as JSON or files. */
export const taxReportRoutes = async (app: FastifyInstance, db: Db) => {
  const admin = { preHandler: requireAccess('admin') }
  app.get('/reports/sales-tax', { ...admin, ...GET_SALES_TAX }, async (req, reply) => {
    officeReader(req.caller, 'office-figures')
    const { from, to, authority, format, lang } = parseBody(TaxReportQuery, req.query)
    const report = await salesTaxRegister(db, { from, to, authority: authority || undefined })
    if (!format || format === 'json') return { status: 'success', ...report }
    const settings = await agencySettings(db)
    const doc = salesTaxDoc(report, settings.tariff_heading || DEFAULT_TARIFF_HEADING)
    return sendTableDoc(reply, settings, doc, format, printedAt(settings), lang)
  })
  app.get('/reports/tax-withheld', { ...admin, ...GET_TAX_WITHHELD }, async (req, reply) => {
    officeReader(req.caller, 'office-figures')
    const { from, to, format, lang } = parseBody(TaxReportQuery, req.query)
    const report = await taxWithheldRegister(db, { from, to })
    if (!format || format === 'json') return { status: 'success', ...report }
    const settings = await agencySettings(db)
    return sendTableDoc(reply, settings, withheldDoc(report), format, printedAt(settings), lang)
  })
  await invoiceRoutes(app, db)
  await openCostRoutes(app, db)
}
