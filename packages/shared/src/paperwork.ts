import { z } from 'zod'
import { optionalText, requiredText } from './fields.ts'
import { base64ToBytes, logoSizeProblem } from './image-size.ts'
import { fromPaisa, toPaisa } from './money.ts'
import { provinceField } from './tax.ts'

// Agency settings (the header of every document), statement and report queries.

/** A logo as a data URL (PNG or JPEG), at most this many bytes once decoded. */
export const LOGO_MAX_BYTES = 200 * 1024

const LOGO_PREFIX = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/

/** Decoded size of base64 text without decoding it. */
const base64Bytes = (b64: string) =>
  Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0)

/** Whether an IANA time zone name is known to this runtime ("Asia/Karachi"). */
export const isTimeZone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

export const AgencySettingsInput = z.object({
  name: requiredText('Agency name is required', 200),
  address: optionalText(500),
  phone: optionalText(100),
  email: optionalText(200).refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Invalid email'),
  /** data:image/png;base64,… or data:image/jpeg;base64,…; '' for none. */
  logo: z
    .union([z.string(), z.null(), z.undefined()])
    .transform((v) => v ?? '')
    .superRefine((v, ctx) => {
      if (v === '') return
      const m = LOGO_PREFIX.exec(v)
      if (!m) ctx.addIssue({ code: 'custom', message: 'Logo must be a PNG or JPEG image' })
      else if (base64Bytes(m[2]!) > LOGO_MAX_BYTES)
        ctx.addIssue({ code: 'custom', message: 'Logo must be at most 200 kB' })
      else {
        // By its decoded size too: a small file can declare millions of pixels (issue 27 item 5).
        const problem = logoSizeProblem(base64ToBytes(m[2]!))
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      }
    })
    .prefault(null),
  currency: z
    .union([z.string(), z.null(), z.undefined()])
    .transform((v) => (v ?? '').trim() || 'Rs')
    .pipe(z.string().max(10, 'At most 10 characters'))
    .prefault(null),
  time_zone: z
    .union([z.string(), z.null(), z.undefined()])
    .transform((v) => (v ?? '').trim() || 'Asia/Karachi')
    .refine(isTimeZone, 'Unknown time zone')
    .prefault(null),
  /** The office bank a form names when none was chosen, e.g. a cash-only GAMCA token (decision 049). */
  default_bank: optionalText(100),
  /** Issue 36: the agency's NTN, sales tax registration (SNTN/STRN) and province; left out until set. */
  ntn: z.string().trim().max(20, 'At most 20 characters').optional(),
  strn: z.string().trim().max(20, 'At most 20 characters').optional(),
  province: provinceField.optional(),
  /** The tariff heading of the agency's services on tax invoices and returns (decision 090). */
  tariff_heading: z.string().trim().max(20, 'At most 20 characters').optional(),
  /** Prices typed on sale forms include the sales tax (else it is added to them). */
  prices_include_tax: z.boolean().optional(),
})
export type AgencySettings = z.output<typeof AgencySettingsInput>

export const DEFAULT_AGENCY: AgencySettings = {
  name: 'Booking System',
  address: '',
  phone: '',
  email: '',
  logo: '',
  currency: 'Rs',
  time_zone: 'Asia/Karachi',
  default_bank: '',
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date')

export const DocumentFormat = z.enum(['json', 'pdf', 'xlsx', 'csv'], {
  error: 'Format must be json, pdf, xlsx or csv',
})
export type DocumentFormat = z.infer<typeof DocumentFormat>

export const STATEMENT_KINDS = ['agent', 'vendor', 'bank', 'cash', 'customer'] as const
export type StatementKind = (typeof STATEMENT_KINDS)[number]

/**
 * A page of a screen's lines (decision 077): `limit` book lines from `offset` (a sale's split rows
 * travel with their line). Without `limit` the answer is whole; documents are always whole.
 */
const pageLimit = z.coerce.number().int().min(1).max(500).optional()
const pageOffset = z.coerce.number().int().min(0).max(2_147_483_647).optional()

export const StatementQuery = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    format: DocumentFormat.default('json'),
    limit: pageLimit,
    offset: pageOffset,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must not be after To', path: ['to'] })

/** One line of a statement: rupees on the wire. */
export type StatementRow = {
  date: string
  entry: string
  detail: string
  debit: number
  credit: number
  balance: number
  /** A party kept in another currency (decision 123): the rate and the rupee column of the line. */
  rate?: number | null
  debit_pkr?: number
  credit_pkr?: number
  balance_pkr?: number
}

export interface Statement {
  /** Only on a party kept in another currency (decision 123): the amounts are in it. */
  currency?: string
  opening: number
  opening_pkr?: number
  rows: StatementRow[]
  closing: number
  closing_pkr?: number
  totals: { debit: number; credit: number; debit_pkr?: number; credit_pkr?: number }
  /** Void tickets whose cancelled lines fall in the period (decision 092); the JSON answers only. */
  voided?: Array<{ entry: string; date: string; reason: string }>
}

/** What a paged answer adds (decision 077): where the page stands among the period's book lines. */
export interface LinesPage {
  offset: number
  limit: number
  /** Book lines in the period (a page holds `limit` of them; a split sale shows more rows). */
  lines_total: number
  /** The balance before the page's first row (the period's opening on the first page). */
  opening: number
}

export const ReportFormat = z.enum(['json', 'pdf', 'xlsx'], { error: 'Format must be json, pdf or xlsx' })
export const AsOfQuery = z.object({ as_of: isoDate.optional(), format: ReportFormat.default('json') })
export const ProfitQuery = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    by: z
      .enum(['month', 'type', 'employee'], { error: 'By must be month, type or employee' })
      .default('month'),
    format: ReportFormat.default('json'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must not be after To', path: ['to'] })
/** GET /api/reports/net-profit: income less cost of sales less expenses over from..to (decision 053). */
export const NetProfitQuery = z
  .object({ from: isoDate.optional(), to: isoDate.optional(), format: ReportFormat.default('json') })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must not be after To', path: ['to'] })

/** One account's part of the net profit, rupees (income and expenses positive as earned and spent). */
export interface NetProfitLine {
  code: string
  name: string
  amount: number
}

export interface NetProfit {
  from: string | null
  to: string | null
  income: NetProfitLine[]
  cost_of_sales: NetProfitLine[]
  expenses: NetProfitLine[]
  totals: {
    income: number
    cost_of_sales: number
    gross_profit: number
    expenses: number
    net_profit: number
  }
}

export const DayBookQuery = z.object({
  date: isoDate.optional(),
  format: ReportFormat.default('json'),
  limit: pageLimit,
  offset: pageOffset,
})

export const AGING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const

/** The aging bucket of an amount `days` old. */
export const agingBucket = (days: number): (typeof AGING_BUCKETS)[number] =>
  days <= 30 ? '0-30' : days <= 60 ? '31-60' : days <= 90 ? '61-90' : '90+'

/** A later payment as a booking's receipt lists it (rupees). */
export interface ReceiptPayment {
  receipt_no: string
  date: string
  /** The money received. */
  amount: number
  /** 'cash' or 'bank' (issue 37: a receipt says how each payment came); absent in older callers. */
  method?: string
  bank_title?: string
  /** Income tax the customer withheld beside it (issue 36): it settles the bill too. */
  tax_withheld?: { amount: number; section?: string }
}

/** A taxed sale's sales tax as its receipt shows it (the answer's tax keys). */
export interface ReceiptTax {
  authority: string
  /** Percent. */
  rate: number
  amount: number
  /** The typed price already holds the tax (agency setting `prices_include_tax`). */
  inclusive: boolean
}

/** "Receipt 3, 05/11/2026, cash" / "…, bank (HBL Account 1)": one payment's line on a receipt. */
export const paymentLineLabel = (p: ReceiptPayment, date: string) =>
  [
    p.receipt_no,
    date,
    p.method === 'bank' ? `bank${p.bank_title ? ` (${p.bank_title})` : ''}` : p.method ? 'cash' : '',
  ]
    .filter(Boolean)
    .join(', ')

/** "Sales tax (SRB 15%)": the tax line of a receipt. */
export const salesTaxLabel = (t: ReceiptTax) => `Sales tax (${t.authority} ${t.rate}%)`

/** A receipt's amount lines (label, rupees, bold), the same on screen and in the PDF. */
export interface ReceiptLine {
  label: string
  value: number
  strong?: boolean
}

/**
 * A booking receipt's figures (decisions 054, 100), the same on screen and in the PDF: the price,
 * the sales tax (when the sale was taxed), the total owed, what was paid at booking, every later
 * payment (with any tax withheld beside it), what was received in all and what remains, in exact
 * paisa. The total is the price plus a tax typed on top (a price typed with the tax in already
 * holds it); remaining is total − received, which is the record's stored remaining amount.
 */
export const receiptFigures = (
  row: { receivable: number; cash: number; bank: number; tax?: ReceiptTax | null },
  payments: readonly ReceiptPayment[],
) => {
  const later = payments.reduce((s, p) => s + toPaisa(p.amount) + toPaisa(p.tax_withheld?.amount ?? 0), 0)
  const received = toPaisa(row.cash) + toPaisa(row.bank) + later
  const tax = row.tax && row.tax.amount > 0 ? row.tax : null
  const taxPaisa = tax ? toPaisa(tax.amount) : 0
  const total = toPaisa(row.receivable) + (tax && !tax.inclusive ? taxPaisa : 0)
  const sorted = [...payments].sort((a, b) => a.date.localeCompare(b.date))
  const lines = (date: (iso: string) => string, void_?: boolean): ReceiptLine[] => [
    ...(tax
      ? [
          { label: 'Price', value: fromPaisa(total - taxPaisa) },
          { label: salesTaxLabel(tax), value: tax.amount },
        ]
      : []),
    { label: 'Total amount', value: fromPaisa(total), strong: true },
    { label: 'Paid in cash', value: row.cash },
    { label: 'Paid in bank', value: row.bank },
    ...sorted.flatMap((p) => [
      { label: paymentLineLabel(p, date(p.date)), value: p.amount },
      ...(p.tax_withheld && p.tax_withheld.amount > 0
        ? [
            {
              label: `${p.receipt_no}, tax withheld${p.tax_withheld.section ? ` (${p.tax_withheld.section})` : ''}`,
              value: p.tax_withheld.amount,
            },
          ]
        : []),
    ]),
    { label: 'Received', value: fromPaisa(received), strong: true },
    // A void ticket owes nothing: its sale was reversed (decision 092).
    { label: 'Remaining', value: void_ ? 0 : fromPaisa(total - received), strong: true },
  ]
  return {
    total: fromPaisa(total),
    price: fromPaisa(total - taxPaisa),
    tax,
    cash: row.cash,
    bank: row.bank,
    payments: sorted,
    received: fromPaisa(received),
    remaining: fromPaisa(total - received),
    lines,
  }
}

/** A sale answer's tax keys as a receipt reads them; null for an untaxed (or exempt) sale. */
export const receiptTaxOf = (row: Record<string, unknown>): ReceiptTax | null => {
  const amount = Number(row.tax_amount ?? 0)
  if (!row.tax_authority || !(amount > 0)) return null
  return {
    authority: String(row.tax_authority),
    rate: Number(row.tax_rate ?? 0),
    amount,
    inclusive: row.tax_inclusive === true,
  }
}
