import {
  fromPaisa,
  PAYMENT_SOURCES,
  PAYMENT_TABLES,
  type ReceiptPayment,
  remainingAmount,
  toPaisa,
} from '@booking/shared'
import type { Kysely } from 'kysely'
import { moneyOut } from '../db/money-columns.ts'
import type { Database } from '../db/schema.ts'
import type { AnyRecordRow } from '../lib/crud.ts'
import { HttpError } from '../lib/http-error.ts'
import { removePostings } from '../lib/postings.ts'
import { removeLines } from './lines.ts'

/** The table behind each payment source_type: the specs' `payment` capability. */
export { PAYMENT_TABLES } from '@booking/shared'

const sourceTypeOf = (table: string) => PAYMENT_SOURCES.find((s) => PAYMENT_TABLES[s] === table) ?? table

export const PAYMENTS_EXCEED = 'The payments already received exceed this amount'

/**
 * A record's stored remaining amount is receivable − paid − later payments (docs/decisions/021):
 * an edit keeps the payments it had, and may not lower what is owed below what was paid. A sale's
 * sales tax added on top is owed too (issue 36), and is known only once the record is written, so
 * the refusal of a negative remaining is `refuseOverpaid`, run then (areas/records/tax).
 */
export const remainingAfterPayments = (remaining: number, before: AnyRecordRow | null): number =>
  fromPaisa(toPaisa(remaining) - toPaisa(Number(before?.payments_total ?? 0)))

/** A sale's remaining amount from its body: receivable less paid in cash, in bank and later. */
export const saleRemaining = (
  input: { receivable_amount: number; paid_cash: number; paid_in_bank: number },
  before: AnyRecordRow | null,
): number =>
  remainingAfterPayments(
    remainingAmount(input.receivable_amount, input.paid_cash, input.paid_in_bank),
    before,
  )

/** Refuses a sale whose payments (later payments included) pass what it owes, tax included. */
export const refuseOverpaid = (remaining: number, field: string) => {
  if (toPaisa(remaining) < 0) throw new HttpError(400, PAYMENTS_EXCEED, { [field]: PAYMENTS_EXCEED })
}

/** A record with payments is not deleted (their receipts would point at nothing): delete the payments first. */
export const refuseIfPaid = async (trx: Kysely<Database>, table: string, id: number) => {
  const paid = await trx
    .selectFrom('payments')
    .select('id')
    .where('source_type', '=', sourceTypeOf(table))
    .where('source_id', '=', id)
    .executeTakeFirst()
  if (paid) throw new HttpError(409, 'This record has payments; delete its payments first')
}

/** A sale is deleted only while unpaid, and its ledger postings and book lines go with it. */
export const removeSale = async (trx: Kysely<Database>, table: string, row: { id: number }) => {
  await refuseIfPaid(trx, table, row.id)
  await removePostings(trx, { type: table, id: row.id })
  await removeLines(trx, { type: table, id: row.id })
}

/** Every later payment against a record, oldest first (rupees): what its receipt lists. */
export const paymentsOf = async (
  db: Kysely<Database>,
  table: string,
  id: number,
): Promise<ReceiptPayment[]> => {
  const rows = await db
    .selectFrom('payments')
    .select(['receipt_no', 'date', 'amount', 'method', 'bank_title', 'tax_withheld', 'tax_section'])
    .where('source_type', '=', sourceTypeOf(table))
    .where('source_id', '=', id)
    .orderBy('date')
    .orderBy('id')
    .execute()
  return rows.map((r) => {
    const p = moneyOut('payments', r) as { receipt_no: string; date: string; amount: number }
    // The stored amount holds the tax withheld beside the money (decision 091); a receipt shows both.
    const withheld = Number(r.tax_withheld ?? 0)
    return {
      receipt_no: String(p.receipt_no),
      date: String(p.date),
      amount: fromPaisa(toPaisa(Number(p.amount)) - withheld),
      method: r.method,
      bank_title: r.bank_title,
      ...(withheld > 0
        ? { tax_withheld: { amount: fromPaisa(withheld), section: String(r.tax_section ?? '') } }
        : {}),
    }
  })
}
