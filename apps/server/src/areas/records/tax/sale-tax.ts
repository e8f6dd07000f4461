import {
  answerKeyOf,
  authorityOfProvince,
  bpToRate,
  fromPaisa,
  PAYMENT_TABLES,
  type SaleTax,
  type TaxAuthority,
  taxOf,
  taxYearOf,
  toPaisa,
} from '@booking/shared'
import type { Kysely } from 'kysely'
import { createdDay, refuseOverpaid } from '../../../books/index.ts'
import { byName } from '../../../db/by-name.ts'
import type { Database, TableName } from '../../../db/schema.ts'
import type { ApiRow } from '../../../lib/crud.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { agencySettings } from '../../platform/settings/routes.ts'

type Trx = Kysely<Database>
/** A sale's row of any of the six types, read by the keys they share. */
type Rec = Record<string, unknown>

/** The record types that are sales (they take payments): the ones a sales tax falls on. */
export const SALE_TABLES: ReadonlySet<string> = new Set(Object.values(PAYMENT_TABLES))

/** The kind a tax rule may name: Services' visa type; '' for the other types. */
const kindOf = (table: string, row: ApiRow) =>
  table === 'services' ? String((row as Record<string, unknown>).visa_type ?? '') : ''

/** The sale's business day, as its postings date it (Services by its Booking Date, the rest by creation). */
export const saleDay = (row: ApiRow): string => {
  const booked = (row as Record<string, unknown>).booking_date
  return typeof booked === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(booked) ? booked : createdDay(row)
}

/**
 * What the agency earns on a sale (decision 089): its profit as the record computes or takes it;
 * a Ticket or Umrah with no payable keeps its whole receivable. Paisa, never below 0.
 */
const earnedPaisa = (row: Rec): number => {
  const profit = row.profit
  if (profit === null || profit === undefined) return Math.max(0, toPaisa(Number(row.receivable_amount ?? 0)))
  return Math.max(0, toPaisa(Number(profit)))
}

/** The rate an authority charges on a day: its default row in force, else its newest row in force. */
export const rateOn = async (trx: Trx, authority: string, day: string) => {
  const rows = await trx
    .selectFrom('tax_rates')
    .selectAll()
    .where('authority', '=', authority)
    .where('from', '<=', day)
    .where((eb) => eb.or([eb('to', 'is', null), eb('to', '>=', day)]))
    .orderBy('is_default', 'desc')
    .orderBy('from', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows[0]
}

/** Whether a record type (and kind) is taxable: a rule for the kind wins over one for the type. */
const isTaxable = async (trx: Trx, table: string, kind: string) => {
  const rules = await trx
    .selectFrom('tax_rules')
    .select(['kind', 'taxable'])
    .where('record_type', '=', table)
    .where('kind', 'in', kind ? [kind, ''] : [''])
    .execute()
  const rule = rules.find((r) => r.kind === kind) ?? rules.find((r) => r.kind === '')
  return rule ? Number(rule.taxable) === 1 : true
}

/**
 * The authority a sale is taxed by (decision 089): the body's; on an edit without one, the one it
 * had; else, once the agency is registered (its STRN set), the customer's province, else the agency's.
 */
const authorityFor = async (
  trx: Trx,
  row: Rec,
  asked: TaxAuthority | 'none' | undefined,
  stored: string | null | undefined,
  created: boolean,
): Promise<TaxAuthority | null> => {
  if (asked === 'none') return null
  if (asked) return asked
  if (!created) return (stored as TaxAuthority | undefined) ?? null
  const settings = await agencySettings(trx)
  if (!settings.strn) return null
  const customerId = row.customer_id
  if (typeof customerId === 'number' && customerId > 0) {
    const c = await trx
      .selectFrom('customers')
      .select('province')
      .where('id', '=', customerId)
      .executeTakeFirst()
    const own = authorityOfProvince(c?.province)
    if (own) return own
  }
  return authorityOfProvince(settings.province)
}

/**
 * Runs after a sale is written, before it posts (lib/record-extensions.ts `written`): works out its
 * tax, keeps it in `sale_taxes`, and adds a tax typed on top of the price to what remains to pay.
 * A restore (no body) keeps the tax the sale had.
 */
export const taxSale = async (
  trx: Trx,
  table: string,
  row: ApiRow,
  before: ApiRow | null,
  input: unknown,
) => {
  if (!SALE_TABLES.has(table) || input === undefined) return
  await taxOfSale(trx, table, row, before, input)
  refuseOverpaid(Number((row as Rec).remaining_amount ?? 0), answerKeyOf(table, 'receivable_amount'))
}

const taxOfSale = async (trx: Trx, table: string, row: ApiRow, before: ApiRow | null, input: unknown) => {
  const asked = (input as { tax_authority?: TaxAuthority | 'none' }).tax_authority
  const source = { type: table, id: row.id }
  const stored = await trx
    .selectFrom('sale_taxes')
    .selectAll()
    .where('source_type', '=', table)
    .where('source_id', '=', row.id)
    .executeTakeFirst()
  const rec = row as Rec
  const authority = await authorityFor(trx, rec, asked, stored?.authority, before === null)
  await trx
    .deleteFrom('sale_taxes')
    .where('source_type', '=', table)
    .where('source_id', '=', row.id)
    .execute()
  if (!authority) return
  const day = saleDay(row)
  const taxable = await isTaxable(trx, table, kindOf(table, row))
  const settings = await agencySettings(trx)
  const inclusive = settings.prices_include_tax === true
  let bp = 0
  if (taxable) {
    const rate = await rateOn(trx, authority, day)
    if (!rate) {
      const message = `No ${authority} tax rate is in force on ${day.split('-').reverse().join('/')}`
      throw new HttpError(400, message, { tax_authority: message })
    }
    bp = Number(rate.rate_bp)
  }
  const { taxable: value, tax } = taxOf(earnedPaisa(rec), bp, inclusive && taxable)
  await trx
    .insertInto('sale_taxes')
    .values({
      source_type: source.type,
      source_id: source.id,
      authority,
      rate_bp: bp,
      taxable_value: value,
      tax_amount: tax,
      exempt: taxable ? 0 : 1,
      inclusive: inclusive ? 1 : 0,
      date: day,
    })
    .execute()
  if (taxable) await issueInvoice(trx, source, day)
  if (tax > 0 && !inclusive) {
    // The customer owes the tax on top of the typed price: the stored remaining carries it, so
    // Receive Payment takes it and the record's figures agree with its books.
    const remaining = fromPaisa(toPaisa(Number(rec.remaining_amount ?? 0)) + tax)
    await byName(trx)
      .updateTable(table as TableName)
      .set({ remaining_amount: toPaisa(remaining) })
      .where('id', '=', row.id)
      .execute()
    rec.remaining_amount = remaining
  }
}

/**
 * Gives a taxed sale its invoice serial, once (decision 090): the next number of the tax year its
 * day falls in, taken from that year's counter row in the sale's own transaction, so numbers are
 * never skipped (a refused sale rolls its number back with it) nor repeated (the row is locked;
 * SQLite has one writer). An edit keeps the number it had.
 */
const issueInvoice = async (trx: Trx, source: { type: string; id: number }, day: string) => {
  const had = await trx
    .selectFrom('tax_invoices')
    .select('id')
    .where('source_type', '=', source.type)
    .where('source_id', '=', source.id)
    .executeTakeFirst()
  if (had) return
  const year = taxYearOf(day)
  await trx
    .insertInto('tax_invoice_counters')
    .values({ tax_year: year, last: 0 })
    .onConflict((oc) => oc.column('tax_year').doNothing())
    .execute()
  const next = await trx
    .updateTable('tax_invoice_counters')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('tax_year', '=', year)
    .returning('last')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('tax_invoices')
    .values({
      tax_year: year,
      serial: Number(next.last),
      source_type: source.type,
      source_id: source.id,
      issued_at: new Date().toISOString(),
    })
    .execute()
}

/** A sale's tax keys for its answer, or null for an untaxed sale. */
export const saleTaxAnswer = (t: {
  authority: string
  rate_bp: number | string
  taxable_value: number | string
  tax_amount: number | string
  exempt: number | string
  inclusive: number | string
}): SaleTax => ({
  tax_authority: t.authority as TaxAuthority,
  tax_rate: bpToRate(Number(t.rate_bp)),
  taxable_value: fromPaisa(Number(t.taxable_value)),
  tax_amount: fromPaisa(Number(t.tax_amount)),
  ...(Number(t.exempt) === 1 ? { tax_exempt: true } : {}),
  ...(Number(t.inclusive) === 1 && Number(t.tax_amount) > 0 ? { tax_inclusive: true } : {}),
})

/** Adds the tax keys to the answers of taxed sales (in place). */
export const answerSaleTaxes = async (trx: Trx, table: string, answers: Record<string, unknown>[]) => {
  if (!SALE_TABLES.has(table) || answers.length === 0) return
  const ids = answers.map((a) => Number(a.id)).filter((id) => Number.isInteger(id))
  const found = new Map<number, SaleTax>()
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await trx
      .selectFrom('sale_taxes')
      .selectAll()
      .where('source_type', '=', table)
      .where('source_id', 'in', ids.slice(i, i + 500))
      .execute()
    for (const r of rows) found.set(Number(r.source_id), saleTaxAnswer(r))
  }
  for (const a of answers) {
    const t = found.get(Number(a.id))
    if (t) Object.assign(a, t)
  }
}
