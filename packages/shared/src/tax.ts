import { z } from 'zod'
import { strictDate } from './dates.ts'
import { amount, MAX_ID, optionalText, requiredText } from './fields.ts'

/**
 * Sales tax on services and income tax withheld (issue 36, decisions 088-091). One place for the
 * authorities, the provinces they collect in, the rate arithmetic and the bodies' tax keys.
 */

export const TAX_AUTHORITIES = ['SRB', 'PRA', 'KPRA', 'BRA', 'ICT'] as const
export type TaxAuthority = (typeof TAX_AUTHORITIES)[number]

/** The province (or territory) each authority collects in, as settings and customers name it. */
export const PROVINCE_AUTHORITY: Record<string, TaxAuthority> = {
  Sindh: 'SRB',
  Punjab: 'PRA',
  'Khyber Pakhtunkhwa': 'KPRA',
  Balochistan: 'BRA',
  Islamabad: 'ICT',
}
export const PROVINCES = Object.keys(PROVINCE_AUTHORITY)

/** The authority of a province, or of an authority code typed instead; null for none. */
export const authorityOfProvince = (province: string | null | undefined): TaxAuthority | null => {
  const p = String(province ?? '').trim()
  if (!p) return null
  if ((TAX_AUTHORITIES as readonly string[]).includes(p.toUpperCase())) return p.toUpperCase() as TaxAuthority
  const hit = Object.entries(PROVINCE_AUTHORITY).find(([name]) => name.toLowerCase() === p.toLowerCase())
  return hit ? hit[1] : null
}

export const UNKNOWN_AUTHORITY = 'Tax authority must be SRB, PRA, KPRA, BRA, ICT or none'
export const UNKNOWN_PROVINCE = `Province must be one of ${PROVINCES.join(', ')}`

/** A province field: '' or one of PROVINCES (any case), stored as PROVINCES spells it. */
export const provinceField = z
  .union([z.string(), z.null(), z.undefined()])
  .transform((v) => (v ?? '').trim())
  .refine((v) => v === '' || PROVINCES.some((p) => p.toLowerCase() === v.toLowerCase()), UNKNOWN_PROVINCE)
  .transform((v) => PROVINCES.find((p) => p.toLowerCase() === v.toLowerCase()) ?? '')

/**
 * A sale body's `tax_authority`: an authority code, or 'none' for a sale charged no tax; left out,
 * the customer's province decides, else the agency's (decision 089).
 */
export const taxAuthorityField = z
  .union([z.string(), z.null(), z.undefined()])
  .transform((v, ctx) => {
    if (v === undefined || v === null || v.trim() === '') return undefined
    const t = v.trim().toUpperCase()
    if (t === 'NONE') return 'none' as const
    if (!(TAX_AUTHORITIES as readonly string[]).includes(t)) {
      ctx.addIssue({ code: 'custom', message: UNKNOWN_AUTHORITY })
      return z.NEVER
    }
    return t as TaxAuthority
  })
  .optional()

/**
 * The tariff heading printed when the agency set none: travel agents' heading in the Sindh and
 * Punjab schedules (decision 090 says how sure this is; the admin may change it in Settings).
 */
export const DEFAULT_TARIFF_HEADING = '9805.5000'

/** Percent (up to 2 decimals) <-> basis points, exactly. */
export const rateToBp = (percent: number) => Math.round(percent * 100)
export const bpToRate = (bp: number) => bp / 100

/** Rounds a non-negative paisa ratio half up: n / d. */
const divRound = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d)

/**
 * The tax of a taxable value in paisa at `bp` basis points. Exclusive: the value is before tax, the
 * tax is added to it. Inclusive: the value already holds the tax (value * bp / (10000 + bp)), and
 * the taxable value is the value less the tax. Negative values (a loss) carry no tax.
 */
export const taxOf = (valuePaisa: number, bp: number, inclusive: boolean) => {
  const v = BigInt(Math.max(0, Math.trunc(valuePaisa)))
  const r = BigInt(Math.max(0, bp))
  if (inclusive) {
    const tax = divRound(v * r, 10000n + r)
    return { taxable: Number(v - tax), tax: Number(tax) }
  }
  return { taxable: Number(v), tax: Number(divRound(v * r, 10000n)) }
}

/** The tax year (1 July to 30 June) a day falls in: '2026-27'. */
export const taxYearOf = (day: string) => {
  const y = Number(day.slice(0, 4))
  const start = Number(day.slice(5, 7)) >= 7 ? y : y - 1
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}

/** GET/POST /api/tax/rates: one rate row (rate in percent). */
export const TaxRateInput = z
  .object({
    name: requiredText('Name is required', 200),
    authority: z
      .string({ error: 'Tax authority is required' })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => (TAX_AUTHORITIES as readonly string[]).includes(v), UNKNOWN_AUTHORITY),
    rate: z
      .number({ error: 'Rate must be a number' })
      .min(0, 'Rate cannot be negative')
      .max(100, 'Rate cannot be more than 100')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most 2 decimal places'),
    from: strictDate('From is required'),
    to: z
      .union([z.string(), z.null(), z.undefined()])
      .transform((v) => (v ?? '').trim() || null)
      .refine((v) => v === null || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Invalid date')
      .prefault(null),
    is_default: z.boolean().optional().default(false),
    confirmed: z.boolean().optional().default(true),
    source: optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.to && v.from && v.to < v.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'To cannot be before From' })
  })
export interface TaxRate {
  id: number
  name: string
  authority: TaxAuthority
  rate: number
  from: string
  to: string | null
  is_default: boolean
  confirmed: boolean
  source: string
}

/** PUT /api/tax/rules: taxable or exempt per record type and kind ('' for every kind). */
export const TaxRuleInput = z.object({
  record_type: requiredText('Record type is required', 40),
  kind: optionalText(100),
  taxable: z.boolean({ error: 'Taxable must be true or false' }),
})
export interface TaxRule {
  record_type: string
  kind: string
  taxable: boolean
}

/** The tax keys a sale's answer carries when the sale was taxed (or found exempt). */
export interface SaleTax {
  tax_authority: TaxAuthority
  /** Percent. */
  tax_rate: number
  taxable_value: number
  tax_amount: number
  tax_exempt?: boolean
  /** Present (true) when the typed price already held the tax (decision 100: the receipt's total). */
  tax_inclusive?: boolean
}

/** A payment's `tax_withheld`: the income tax the customer deducted at source. */
export const TaxWithheldInput = z
  .object({
    amount: amount({
      required: 'Tax withheld amount is required',
      typeError: 'Tax withheld amount must be a number',
      min: { value: 0.01, message: 'Tax withheld amount must be more than 0' },
    }),
    section: requiredText('Section is required', 40),
    certificate: optionalText(100),
  })
  .optional()
export type TaxWithheld = { amount: number; section: string; certificate: string }

/** A Protector or Expense entry's `settles_cost_of`: the record whose "Costs to pay" it pays. */
export const SETTLES_COST_TYPES = ['visa_processing', 'gamca_tokens', 'services'] as const
export const SETTLES_UNKNOWN = 'Costs to pay of Visa Processing, GAMCA Token or Services only'
export const SettlesCostOf = z
  .union([
    z.object({
      source_type: z
        .string({ error: SETTLES_UNKNOWN })
        .refine((v) => (SETTLES_COST_TYPES as readonly string[]).includes(v), SETTLES_UNKNOWN),
      source_id: z.coerce
        .number({ error: 'Record is required' })
        .int('Record is required')
        .positive('Record is required')
        .max(MAX_ID, 'Record not found'),
    }),
    z.null(),
  ])
  .optional()
export type SettlesCostOf = { source_type: string; source_id: number }

/** An Office Accounts entry's `purpose`: a bank charge (expense) or bank profit (income). */
export const OFFICE_PURPOSES = ['bank_charge', 'bank_profit'] as const
export const OfficePurpose = z
  .enum(OFFICE_PURPOSES, { error: 'Purpose must be bank_charge or bank_profit' })
  .optional()

/** GET /api/reports/sales-tax and /tax-withheld query. */
export const TaxReportQuery = z.object({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date')
    .optional(),
  authority: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => v === '' || (TAX_AUTHORITIES as readonly string[]).includes(v), UNKNOWN_AUTHORITY)
    .optional(),
  format: z
    .enum(['json', 'pdf', 'xlsx', 'csv'], { error: 'Format must be json, pdf, xlsx or csv' })
    .optional(),
  lang: z.enum(['en', 'ur']).optional(),
})

export interface SalesTaxRow {
  invoice_no: string
  date: string
  source_type: string
  source_id: number
  entry: string
  buyer: string
  buyer_ntn: string
  buyer_cnic: string
  description: string
  authority: TaxAuthority
  rate: number
  taxable_value: number
  tax: number
  value_including_tax: number
}
export interface SalesTaxReport {
  from: string | null
  to: string | null
  authority: string | null
  rows: SalesTaxRow[]
  totals: { taxable_value: number; tax: number }
}

export interface TaxWithheldRow {
  payment_id: number
  receipt_no: string
  date: string
  customer: string
  record: string
  amount: number
  section: string
  certificate: string
  status: 'received' | 'missing'
}
export interface TaxWithheldReport {
  from: string | null
  to: string | null
  rows: TaxWithheldRow[]
  totals: { withheld: number; received: number; missing: number; certificates_missing: number }
}

/** Answers of the tax routes, declared for /api/docs (lib/route-schemas.ts). */
const ok = <T extends z.ZodRawShape>(shape: T) => z.looseObject({ status: z.literal('success'), ...shape })
export const TaxRatesAnswer = ok({
  rates: z.array(z.looseObject({ id: z.number().int(), rate: z.number() })),
})
export const TaxRateSavedAnswer = ok({ message: z.string(), rate: z.looseObject({ id: z.number().int() }) })
export const TaxRulesAnswer = ok({
  rules: z.array(z.looseObject({ record_type: z.string(), taxable: z.boolean() })),
})
export const TaxRuleSavedAnswer = ok({
  message: z.string(),
  rule: z.looseObject({ record_type: z.string() }),
})
export const CustomerTaxAnswer = ok({
  message: z.string(),
  customer: z.looseObject({ id: z.number().int() }),
})
export const SalesTaxAnswer = ok({
  rows: z.array(z.looseObject({ invoice_no: z.string() })),
  totals: z.object({ taxable_value: z.number(), tax: z.number() }),
})
export const TaxWithheldAnswer = ok({
  rows: z.array(z.looseObject({ payment_id: z.number().int() })),
  totals: z.looseObject({ withheld: z.number() }),
})
export const TaxInvoiceAnswer = ok({ invoice: z.looseObject({ invoice_no: z.string() }) })

/**
 * GET /api/tax/open-costs: the records whose "Costs to pay" are not yet settled in full, for the
 * Protector and Expense forms' "Settles cost of" list (decision 100). `open` is in rupees.
 */
export interface OpenCost {
  source_type: string
  source_id: number
  label: string
  open: number
}
export const OpenCostsAnswer = ok({
  costs: z.array(z.looseObject({ source_type: z.string(), source_id: z.number().int(), open: z.number() })),
})

/** What GET {path}/{id}/invoice answers: every field of SRB rule 29(1) (decision 090). */
export interface TaxInvoice {
  invoice_no: string
  date: string
  supplier: { name: string; address: string; ntn: string; strn: string }
  buyer: { name: string; address: string; ntn: string; cnic: string }
  description: string
  tariff_heading: string
  authority: string
  rate: number
  lines: Array<{ label: string; amount: number }>
  value_excluding_tax: number
  tax: number
  value_including_tax: number
  total: number
}
