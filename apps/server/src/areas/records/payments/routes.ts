import {
  BOOKS_CURRENCY,
  businessToday,
  formatAmount,
  fromPaisa,
  IdParams,
  idParam,
  MessageAnswer,
  OVERPAID_PAYMENT,
  PAYMENT_LABELS,
  PAYMENT_SOURCES,
  type Payment,
  PaymentInput,
  PaymentSavedAnswer,
  type PaymentSource,
  PaymentsAnswer,
  rateOfMicro,
  receiptFigures,
  receiptTaxOf,
  toPaisa,
} from '@booking/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import {
  addPaidToOwed,
  bankAccount,
  bankRowCurrency,
  CASH,
  convertSaleRupees,
  currencyOf,
  forgetSalePaidIn,
  forgetSettlements,
  linkAudit,
  type Move,
  move,
  moveIn,
  PAYMENT_TABLES,
  partyAccountOf,
  type RecordCurrency,
  recordCurrency,
  removeLines,
  resolveBank,
  rupeesMoved,
  rupeesOnParty,
  salePaidIn,
  salePaidInMoves,
  settleSalePayment,
  syncLines,
  WITHHELD_TAX,
  withRealised,
} from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import { dbKind } from '../../../db/dialect.ts'
import { moneyIn, moneyOut } from '../../../db/money-columns.ts'
import type { Database, Row, TableName } from '../../../db/schema.ts'
import { audit } from '../../../lib/audit.ts'
import type { AnyRecordRow } from '../../../lib/crud.ts'
import { nextEntry } from '../../../lib/entries.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { answerOnce, idempotencyKeyOf, sendAnswer } from '../../../lib/idempotency.ts'
import { removeJournal, writeJournal } from '../../../lib/journal.ts'
import { removePostings, syncPosting } from '../../../lib/postings.ts'
import { parseBody, parseIdParam } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import { type AuthUser, requireAccess } from '../../../plugins/auth.ts'
import { answerSaleTaxes } from '../tax/sale-tax.ts'
import { paymentMoves } from './postings.ts'
import { paymentReceiptRoute } from './receipt.ts'

type Trx = Kysely<Database>
const SOURCE = 'payments'

const ListQuery = z.object({
  source_type: z.enum(PAYMENT_SOURCES, { error: 'Unknown record type' }),
  source_id: idParam.shape.id,
})

/** The record a payment is against, locked first (PostgreSQL) so payments and edits of it queue. */
const lockRecord = async (trx: Trx, type: PaymentSource, id: number): Promise<AnyRecordRow> => {
  const table = PAYMENT_TABLES[type] as TableName
  const query = trx.selectFrom(table).selectAll().where('id', '=', id)
  const row = await (dbKind(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst()
  if (!row) throw new HttpError(404, `${PAYMENT_LABELS[type]} not found`)
  return moneyOut(table, row) as AnyRecordRow
}

const customerName = (row: AnyRecordRow) => String(row.agent_name || row.customer_add || '').trim()

/**
 * Moves the record's payments total and remaining amount by `paisa`, and what the dashboard counts
 * its type still owed on the record's day (decision 078).
 */
const applyToRecord = async (
  trx: Trx,
  type: PaymentSource,
  row: AnyRecordRow,
  paisa: number,
  // A payment in another currency lowers what is owed by the rupees it settled (decision 138).
  owed: bigint = BigInt(paisa),
) => {
  const table = PAYMENT_TABLES[type] as TableName
  const payments_total = fromPaisa(toPaisa(row.payments_total) + paisa)
  const remaining_amount = fromPaisa(toPaisa(row.remaining_amount) - paisa)
  await trx
    .updateTable(table)
    .set(moneyIn(table, { payments_total, remaining_amount }))
    .where('id', '=', row.id)
    .execute()
  const place = await trx
    .selectFrom('journal_rows')
    .select('date')
    .where('source_type', '=', table)
    .where('source_id', '=', row.id)
    .executeTakeFirstOrThrow()
  await addPaidToOwed(trx, { type: table, date: place.date }, owed)
}

/**
 * Issue 34 (decision 138): a payment is in its record's currency (the agent's or customer's; another
 * is a 400 saying why), at its typed rate, else the rate in force on its day (none: 400).
 */
const paymentCurrency = async (trx: Trx, input: PaymentInput, record: AnyRecordRow, date: string) => {
  // Decision 152: rupees against a record in another currency are converted, not refused.
  const account = await currencyOf(trx, partyAccountOf(record))
  const inRupees = input.currency === BOOKS_CURRENCY && account !== BOOKS_CURRENCY
  const c = await recordCurrency(trx, {
    party: partyAccountOf(record),
    partyName: customerName(record) || 'The customer',
    given: inRupees ? account : input.currency,
    typed: typeof input.rate === 'string' ? BigInt(input.rate) : undefined,
    date,
  })
  if (c.rate !== null && input.tax_withheld) {
    const message = `A payment in ${c.currency} is kept without tax withheld for now`
    throw new HttpError(400, message, { tax_withheld: message })
  }
  return { ...c, inRupees }
}

/** "SAR 1,000.00": a record's currency always with its hundredths. */
const withHundredths = (currency: string, paisa: number) => {
  const text = formatAmount(fromPaisa(paisa))
  return `${currency} ${text.includes('.') ? text : `${text}.00`}`
}

/** What a rupee payment settled (decision 152), for its answer and receipt. */
const settledText = (p: Payment, rupees: number) =>
  `Rs ${formatAmount(fromPaisa(rupees))} settled ${withHundredths(p.currency, toPaisa(p.amount))} at ${p.rate}`

/** Payments answered with the rupees a rupee payment paid and what it settled (decision 152). */
const withPaid = async (db: Db | Trx, payments: Payment[]) => {
  const paid = await salePaidIn(
    db,
    payments.filter((p) => p.rate !== null).map((p) => p.id),
  )
  return payments.map((p) => {
    const rupees = paid.get(p.id)
    if (rupees === undefined) return p
    return {
      ...p,
      paid: { currency: BOOKS_CURRENCY, amount: fromPaisa(rupees) },
      settled: settledText(p, rupees),
    }
  })
}

/**
 * The payment's lines: the money into cash or the bank, out of the party (decision 021); in another
 * currency, as Money in it at the payment's rate, the sale settled exactly in it and the rupee
 * difference realised (decision 138, books/fx-settlement.ts).
 */
const paymentBooks = async (
  trx: Trx,
  p: Payment,
  record: AnyRecordRow,
  table: string,
  c: RecordCurrency,
  rupees: bigint | null,
): Promise<Move[]> => {
  const party = partyAccountOf(record)
  if (c.rate === null)
    return [
      ...paymentMoves({ party, bank: p.bank_title, amount: p.amount }),
      ...move(WITHHELD_TAX, party, p.tax_withheld?.amount ?? 0),
    ]
  const source = { type: SOURCE, id: p.id }
  const into = p.bank_title ? bankAccount(p.bank_title) : CASH
  const money = moveIn(c, into, party, p.amount)
  // Rupees paid (decision 152): the cash or bank line is exactly them, the rounding realised.
  const exact = rupees === null ? [] : await salePaidInMoves(trx, source, into, rupees, money)
  const realised = await settleSalePayment(trx, source, { type: table, id: record.id }, party, money)
  return withRealised(trx, source, party, [...money, ...exact, ...realised])
}

/** The payment's lines, Office Accounts row (bank) and agent ledger row (a ticket sold to an agent). */
const postPayment = async (
  trx: Trx,
  p: Payment,
  record: AnyRecordRow,
  moves: readonly Move[],
  c: RecordCurrency,
  rupees: bigint | null,
) => {
  const source = { type: SOURCE, id: p.id }
  const name = customerName(record)
  const detail = [`Payment ${p.receipt_no}`, name, record.entry, p.note].filter(Boolean).join(', ')
  const bank = p.method === 'bank' ? p.bank_title : ''
  if (bank) {
    await syncPosting(
      trx,
      'account_entries',
      source,
      {
        bank_name: bank,
        employee_name: p.employee,
        vendor_name: '',
        entry: p.receipt_no,
        date: p.date,
        detail,
        // A rupee payment (decision 152) puts the rupees paid in the rupee bank.
        credit: rupees === null ? p.amount : fromPaisa(Number(rupees)),
        debit: 0,
        ...(rupees === null ? await bankRowCurrency(trx, bank, c) : {}),
      },
      { created: true },
    )
  }
  const agent = String(record.agent_name ?? '').trim()
  if (agent) {
    await syncPosting(
      trx,
      'agent_entries',
      source,
      {
        agent_name: agent,
        employee: p.employee,
        detail,
        receivable_amount: 0,
        paid_cash: bank ? 0 : p.amount,
        paid_bank: bank ? p.amount : 0,
        debit: 0,
        credit: p.amount,
        date: p.date,
        entry: p.receipt_no,
        bank_title: bank,
        ...(c.rate === null ? {} : { currency: c.currency, rate: Number(c.rate) }),
      },
      { created: true },
    )
  }
  await writeJournal(trx, SOURCE, p.id, {
    date: p.date,
    entry: p.receipt_no,
    name,
    employee: p.employee,
  })
  // Lines last: they take the books' total row, which every write takes last (books/lines.ts).
  await syncLines(trx, source, { date: p.date, entry: p.receipt_no, detail }, moves)
}

/**
 * The record as a payment left it, for its receipt (decision 054): total, paid at booking, every
 * payment up to and including this one (in the order they were taken) and what remained after it.
 */
const recordAfter = async (db: Db, p: Payment, table: string, record: AnyRecordRow) => {
  // A taxed sale's total holds the tax added on top (decision 100), as its remaining does.
  const taxed: Record<string, unknown> = { id: p.source_id }
  await answerSaleTaxes(db, table, [taxed])
  const rows = await db
    .selectFrom('payments')
    .select(['receipt_no', 'date', 'amount'])
    .where('source_type', '=', p.source_type)
    .where('source_id', '=', p.source_id)
    .where('id', '<=', p.id)
    .orderBy('id')
    .execute()
  const payments = rows.map((r) => {
    const x = moneyOut('payments', r) as { receipt_no: string; date: string; amount: number }
    return { receipt_no: String(x.receipt_no), date: String(x.date), amount: Number(x.amount) }
  })
  const f = receiptFigures(
    {
      receivable: Number(record.receivable_amount ?? 0),
      cash: Number(record.paid_cash ?? 0),
      bank: Number(record.paid_in_bank ?? 0),
      tax: receiptTaxOf(taxed),
    },
    payments,
  )
  return {
    total: f.total,
    at_booking: fromPaisa(toPaisa(f.cash) + toPaisa(f.bank)),
    payments: f.payments,
    remaining: f.remaining,
  }
}

const toPayment = (row: Record<string, unknown>): Payment => {
  const r = moneyOut('payments', row) as Row<'payments'>
  return {
    id: Number(r.id),
    receipt_no: r.receipt_no,
    source_type: r.source_type as PaymentSource,
    source_id: Number(r.source_id),
    date: r.date,
    // The money received; the stored amount also holds the tax withheld it settled (issue 36).
    amount: fromPaisa(toPaisa(r.amount) - Number(r.tax_withheld ?? 0)),
    method: r.method as Payment['method'],
    bank_title: r.bank_title,
    note: r.note,
    employee: r.employee,
    created_by: r.created_by === null ? null : Number(r.created_by),
    created_at: r.created_at,
    currency: r.currency ?? 'PKR',
    rate: r.rate == null ? null : rateOfMicro(String(r.rate)),
    ...(Number(r.tax_withheld ?? 0) > 0
      ? {
          tax_withheld: {
            amount: fromPaisa(Number(r.tax_withheld)),
            section: String(r.tax_section ?? ''),
            certificate: String(r.tax_certificate ?? ''),
          },
        }
      : {}),
  }
}

/**
 * Receive Payment (issue 13): a later payment against a record's remaining amount, with a receipt
 * number from the entry counters, in one transaction with its postings and the record's new remaining.
 */
/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const POST_PAYMENTS = { schema: { body: PaymentInput, response: { 201: PaymentSavedAnswer } } }

const GET_PAYMENTS = { schema: { querystring: ListQuery, response: { 200: PaymentsAnswer } } }

const CertificateInput = z.object({
  certificate: z
    .string({ error: 'Certificate is required' })
    .trim()
    .min(1, 'Certificate is required')
    .max(100, 'At most 100 characters'),
})
const PUT_CERTIFICATE = {
  schema: { params: IdParams, body: CertificateInput, response: { 200: PaymentSavedAnswer } },
}

const DELETE_PAYMENTS_ID = { schema: { params: IdParams, response: { 200: MessageAnswer } } }

export const paymentRoutes = async (app: FastifyInstance, db: Db) => {
  const user = (req: FastifyRequest) => req.user as AuthUser

  app.post('/payments', POST_PAYMENTS, async (req, reply) => {
    const input = parseBody(PaymentInput, req.body)
    const u = user(req)
    idempotencyKeyOf(req)
    const answer = await writeTransaction(db, (trx) =>
      answerOnce(trx, req, u.id, async () => {
        const record = await lockRecord(trx, input.source_type, input.source_id)
        // Tax the customer withheld settles the record beside the money received (issue 36 item 4).
        const withheld = input.tax_withheld
        const remaining = toPaisa(record.remaining_amount)
        if (remaining <= 0)
          throw new HttpError(400, 'This record has no remaining amount to pay', { amount: OVERPAID_PAYMENT })
        const bank =
          input.method === 'bank'
            ? await resolveBank(trx, input.bank_title, { amount: input.amount, field: 'bank_title' })
            : ''
        const date = input.date || businessToday()
        const c = await paymentCurrency(trx, input, record, date)
        // Decision 152: rupees against a record in another currency settle their conversion.
        const rupees = c.inRupees && c.rate !== null ? BigInt(toPaisa(input.amount)) : null
        if (rupees !== null && bank && (await currencyOf(trx, bankAccount(bank))) !== BOOKS_CURRENCY) {
          const message = `${bank} is kept in another currency: a payment in rupees goes to cash or a rupee bank`
          throw new HttpError(400, message, { bank_title: message })
        }
        const paisa =
          rupees !== null && c.rate !== null
            ? Number(convertSaleRupees(rupees, c.rate, BigInt(remaining)))
            : toPaisa(input.amount) + toPaisa(withheld?.amount ?? 0)
        if (paisa <= 0) {
          const message = `Rs ${formatAmount(input.amount)} is less than 0.01 ${c.currency} at this rate`
          throw new HttpError(400, message, { amount: message })
        }
        if (paisa > remaining) throw new HttpError(400, OVERPAID_PAYMENT, { amount: OVERPAID_PAYMENT })
        const { current } = await nextEntry(trx, 'payment')
        const inserted = await trx
          .insertInto('payments')
          .values(
            moneyIn('payments', {
              receipt_no: `Receipt ${current}`,
              source_type: input.source_type,
              source_id: input.source_id,
              date,
              // What the payment settles: the money received and any tax withheld (issue 36), so
              // the record's payments total stays the sum of its payments' amounts.
              amount: fromPaisa(paisa),
              method: input.method,
              bank_title: bank,
              note: input.note,
              employee: u.username,
              created_by: u.id,
              created_at: new Date().toISOString(),
              currency: c.currency,
              rate: c.rate === null ? null : Number(c.rate),
              ...(withheld
                ? {
                    tax_withheld: toPaisa(withheld.amount),
                    tax_section: withheld.section,
                    tax_certificate: withheld.certificate,
                  }
                : {}),
            }),
          )
          .returningAll()
          .executeTakeFirstOrThrow()
        const saved = toPayment(inserted)
        const table = PAYMENT_TABLES[input.source_type] as string
        const moves = await paymentBooks(trx, saved, record, table, c, rupees)
        const payment =
          rupees === null
            ? saved
            : {
                ...saved,
                paid: { currency: BOOKS_CURRENCY, amount: input.amount },
                settled: settledText(saved, Number(rupees)),
              }
        await applyToRecord(
          trx,
          input.source_type,
          record,
          paisa,
          -rupeesMoved(moves, partyAccountOf(record)),
        )
        await postPayment(trx, saved, record, moves, c, rupees)
        await linkAudit(
          trx,
          { type: SOURCE, id: payment.id },
          await audit(trx, u, 'create', SOURCE, payment.id, null, payment),
          u.id,
        )
        const message = payment.settled ? `Payment received: ${payment.settled}` : 'Payment received'
        return { status: 201, body: { status: 'success', message, payment } }
      }),
    )
    return sendAnswer(reply, answer)
  })

  // One record's payments (?source_type=&source_id=), or without them every payment, newest first.
  app.get('/payments', GET_PAYMENTS, async (req) => {
    const parsed = ListQuery.partial().safeParse(req.query)
    if (!parsed.success) throw new HttpError(400, 'Unknown record type or id')
    const { source_type, source_id } = parsed.data
    let q = db.selectFrom('payments').selectAll()
    if (source_type) q = q.where('source_type', '=', source_type)
    if (source_id) q = q.where('source_id', '=', source_id)
    const rows = await (source_type && source_id
      ? q.orderBy('date').orderBy('id')
      : q.orderBy('id', 'desc').limit(1000)
    ).execute()
    return {
      status: 'success',
      payments: await withPaid(
        db,
        rows.map((r) => toPayment(r)),
      ),
    }
  })

  // The receipt of one payment, read from the payments table (areas/payments/receipt.ts renders it).
  paymentReceiptRoute(app, db, async (d, id) => {
    const row = await d.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) return null
    const [payment] = await withPaid(d, [toPayment(row)])
    if (!payment) return null
    const table = PAYMENT_TABLES[payment.source_type] as TableName
    const record = await d
      .selectFrom(table)
      .selectAll()
      .where('id', '=', payment.source_id)
      .executeTakeFirst()
    const label = PAYMENT_LABELS[payment.source_type]
    const entry = String(record?.entry ?? '')
    return {
      ...payment,
      record: record
        ? await recordAfter(d, payment, table, moneyOut(table, record) as AnyRecordRow)
        : undefined,
      // Entries mostly carry their type already ("Ticket 1/2").
      received_for: record ? (entry.startsWith(label) ? entry : `${label} ${entry}`.trim()) : undefined,
      received_from: record ? customerName(record as AnyRecordRow) || undefined : undefined,
    }
  })

  // The withholding certificate a customer sends after paying (issue 36 item 4): the register then
  // counts it received. Only the certificate changes; the money and the books stay as they were.
  app.put('/payments/:id/tax-certificate', PUT_CERTIFICATE, async (req) => {
    const id = parseIdParam(req.params, 'payment')
    const { certificate } = parseBody(CertificateInput, req.body)
    const u = user(req)
    const payment = await writeTransaction(db, async (trx) => {
      const found = await trx.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst()
      if (!found) throw new HttpError(404, 'Payment not found')
      const before = toPayment(found)
      if (!before.tax_withheld) {
        const message = 'This payment has no tax withheld'
        throw new HttpError(400, message, { certificate: message })
      }
      const row = await trx
        .updateTable('payments')
        .set({ tax_certificate: certificate })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      const after = toPayment(row)
      await audit(trx, u, 'update', SOURCE, id, before, after)
      return after
    })
    return { status: 'success', message: 'Certificate saved', payment }
  })

  app.delete('/payments/:id', { ...DELETE_PAYMENTS_ID, preHandler: requireAccess('admin') }, async (req) => {
    const id = parseIdParam(req.params, 'payment')
    const u = user(req)
    await writeTransaction(db, async (trx) => {
      const found = await trx.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst()
      if (!found) throw new HttpError(404, 'Payment not found')
      const payment = toPayment(found)
      // The record first, as a payment's create locks it: the two cannot deadlock.
      const record = await lockRecord(trx, payment.source_type, payment.source_id)
      const gone = await trx.deleteFrom('payments').where('id', '=', id).returning('id').executeTakeFirst()
      if (!gone) throw new HttpError(404, 'Payment not found')
      const paisa = toPaisa(payment.amount) + toPaisa(payment.tax_withheld?.amount ?? 0)
      // A payment in another currency gives back the rupees it settled (decision 138).
      const owed =
        payment.currency === 'PKR'
          ? BigInt(-paisa)
          : await rupeesOnParty(trx, { type: SOURCE, id }, partyAccountOf(record))
      await applyToRecord(trx, payment.source_type, record, -paisa, owed)
      await forgetSettlements(trx, SOURCE, id)
      await forgetSalePaidIn(trx, id)
      await removeJournal(trx, SOURCE, id)
      await removePostings(trx, { type: SOURCE, id })
      // The books' total row last, as every write takes it (books/lines.ts).
      await removeLines(trx, { type: SOURCE, id })
      await linkAudit(
        trx,
        { type: SOURCE, id },
        await audit(trx, u, 'delete', SOURCE, id, payment, null),
        u.id,
      )
    })
    return { status: 'success', message: 'Payment deleted successfully' }
  })
}
