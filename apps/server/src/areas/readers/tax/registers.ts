import {
  bpToRate,
  fromPaisa,
  PAYMENT_LABELS,
  PAYMENT_TABLES,
  type PaymentSource,
  RECORD_SPECS,
  type SalesTaxReport,
  type SalesTaxRow,
  TAX_AUTHORITIES,
  type TaxAuthority,
  type TaxWithheldReport,
  type TaxWithheldRow,
} from '@booking/shared'
import { salesTaxAccount } from '../../../books/accounts.ts'
import { ledgerLines } from '../../../books/read.ts'
import { byName } from '../../../db/by-name.ts'
import type { Db } from '../../../db/connect.ts'
import { moneyOut } from '../../../db/money-columns.ts'
import type { TableName } from '../../../db/schema.ts'

type Rec = Record<string, unknown>

/** The record type's screen name ("Services", "Visa Processing"). */
export const typeName = (table: string) =>
  (RECORD_SPECS as Record<string, { name: string } | undefined>)[table]?.name ?? table

/** The invoice number of a sale: "<tax year>/<serial>", or '' before its invoice is issued. */
export const invoiceNo = (i: { tax_year: string; serial: number } | undefined) =>
  i ? `${i.tax_year}/${String(i.serial).padStart(5, '0')}` : ''

/** The buyer of a sale as the register and the invoice name it, with their NTN and CNIC. */
export const buyerOf = async (db: Db, row: Rec) => {
  const id = row.customer_id
  const text = String(row.agent_name || row.customer_add || row.customerAdd || row.name || '').trim()
  if (typeof id === 'number' && id > 0 && !String(row.agent_name ?? '').trim()) {
    const c = await db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst()
    if (c) return { name: c.name, address: c.address, ntn: c.ntn, cnic: c.cnic, province: c.province }
  }
  return { name: text, address: '', ntn: '', cnic: '', province: '' }
}

/** Records of one table by id (money in rupees). */
const recordsOf = async (db: Db, table: string, ids: number[]) => {
  const out = new Map<number, Rec>()
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await byName(db)
      .selectFrom(table as TableName)
      .selectAll()
      .where('id', 'in', ids.slice(i, i + 500))
      .execute()
    for (const r of rows) out.set(Number(r.id), moneyOut(table as TableName, r))
  }
  return out
}

/**
 * The sales tax register (issue 36 item 5): one row per taxed sale whose tax line is in force in
 * from..to, read from the payable account's lines, so its tax total is that account's movement.
 */
export const salesTaxRegister = async (
  db: Db,
  range: { from?: string; to?: string; authority?: string },
): Promise<SalesTaxReport> => {
  const authorities = range.authority ? [range.authority] : [...TAX_AUTHORITIES]
  const lines = await ledgerLines(db, { accounts: authorities.map(salesTaxAccount) }, range)
  const bySource = new Map<string, typeof lines>()
  for (const l of lines) {
    const key = `${l.source_type} ${l.source_id}`
    bySource.set(key, [...(bySource.get(key) ?? []), l])
  }
  const taxes = new Map<string, Rec>()
  const invoices = new Map<string, { tax_year: string; serial: number }>()
  const idsByTable = new Map<string, number[]>()
  for (const l of lines)
    idsByTable.set(l.source_type, [...(idsByTable.get(l.source_type) ?? []), l.source_id])
  const records = new Map<string, Map<number, Rec>>()
  for (const [table, ids] of idsByTable) {
    for (const t of await db
      .selectFrom('sale_taxes')
      .selectAll()
      .where('source_type', '=', table)
      .where('source_id', 'in', ids)
      .execute())
      taxes.set(`${table} ${t.source_id}`, t)
    for (const i of await db
      .selectFrom('tax_invoices')
      .selectAll()
      .where('source_type', '=', table)
      .where('source_id', 'in', ids)
      .execute())
      invoices.set(`${table} ${i.source_id}`, { tax_year: i.tax_year, serial: Number(i.serial) })
    records.set(table, await recordsOf(db, table, ids))
  }
  const rows: SalesTaxRow[] = []
  let taxableTotal = 0
  let taxTotal = 0
  for (const [key, ls] of bySource) {
    const first = ls[0]!
    const tax = ls.reduce((s, l) => s + Number(l.credit - l.debit), 0)
    const stored = taxes.get(key)
    const sign = tax < 0 ? -1 : 1
    const taxable = sign * Number(stored?.taxable_value ?? 0)
    const record = records.get(first.source_type)?.get(first.source_id) ?? {}
    const buyer = await buyerOf(db, record)
    taxableTotal += taxable
    taxTotal += tax
    rows.push({
      invoice_no: invoiceNo(invoices.get(key)),
      date: first.date,
      source_type: first.source_type,
      source_id: first.source_id,
      entry: String(record.entry ?? first.entry),
      buyer: buyer.name,
      buyer_ntn: buyer.ntn,
      buyer_cnic: buyer.cnic,
      description: `${typeName(first.source_type)}: ${first.detail}`,
      authority: first.account.slice('tax:sales '.length) as TaxAuthority,
      rate: bpToRate(Number(stored?.rate_bp ?? 0)),
      taxable_value: fromPaisa(taxable),
      tax: fromPaisa(tax),
      value_including_tax: fromPaisa(taxable + tax),
    })
  }
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.source_id - b.source_id))
  return {
    from: range.from ?? null,
    to: range.to ?? null,
    authority: range.authority ?? null,
    rows,
    totals: { taxable_value: fromPaisa(taxableTotal), tax: fromPaisa(taxTotal) },
  }
}

/**
 * Income tax customers withheld (issue 36 items 4-5): each payment that carried some, with its
 * certificate or marked missing. Its total is the movement of "Advance income tax" from..to.
 */
export const taxWithheldRegister = async (
  db: Db,
  range: { from?: string; to?: string },
): Promise<TaxWithheldReport> => {
  let q = db.selectFrom('payments').selectAll().where('tax_withheld', '>', 0)
  if (range.from) q = q.where('date', '>=', range.from)
  if (range.to) q = q.where('date', '<=', range.to)
  const payments = await q.orderBy('date').orderBy('id').execute()
  const rows: TaxWithheldRow[] = []
  const total = { withheld: 0, received: 0, missing: 0, certificates_missing: 0 }
  for (const p of payments) {
    const table = PAYMENT_TABLES[p.source_type as PaymentSource]
    const record = table
      ? ((await recordsOf(db, table, [Number(p.source_id)])).get(Number(p.source_id)) ?? {})
      : {}
    const buyer = await buyerOf(db, record)
    const paisa = Number(p.tax_withheld)
    const received = p.tax_certificate.trim() !== ''
    total.withheld += paisa
    if (received) total.received += paisa
    else {
      total.missing += paisa
      total.certificates_missing += 1
    }
    rows.push({
      payment_id: Number(p.id),
      receipt_no: p.receipt_no,
      date: p.date,
      customer: buyer.name,
      record: `${PAYMENT_LABELS[p.source_type as PaymentSource] ?? p.source_type} ${String(record.entry ?? p.source_id)}`,
      amount: fromPaisa(paisa),
      section: p.tax_section,
      certificate: p.tax_certificate,
      status: received ? 'received' : 'missing',
    })
  }
  return {
    from: range.from ?? null,
    to: range.to ?? null,
    rows,
    totals: {
      withheld: fromPaisa(total.withheld),
      received: fromPaisa(total.received),
      missing: fromPaisa(total.missing),
      certificates_missing: total.certificates_missing,
    },
  }
}
