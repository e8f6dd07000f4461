import {
  ADMIN_ONLY_MESSAGE,
  BankTransferAnswer,
  BankTransferInput,
  BOOKS_CURRENCY,
  CASH_IN_OFFICE,
  can,
  fromPaisa,
  MessageAnswer,
  minorUnitsOf,
  rateOfMicro,
  toPaisa,
} from '@booking/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import {
  BANK_TRANSFERS,
  bankAccount,
  currencyOf,
  linkAudit,
  type Move,
  move,
  moveIn,
  REALISED,
  rateOn,
  removeLines,
  rupeesOn,
  syncLines,
} from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import type { Database } from '../../../db/schema.ts'
import { audit } from '../../../lib/audit.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { removePostings, syncPosting } from '../../../lib/postings.ts'
import { parseBody } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import type { AuthUser } from '../../../plugins/auth.ts'

type Trx = Kysely<Database>

/** A transfer's two books sources: the money leaving the one bank and arriving at the other. */
const OUT = 'bank_transfer_out'
const IN = 'bank_transfer_in'

const refuse = (field: string, message: string): never => {
  throw new HttpError(400, message, { [field]: message })
}

/** The bank a transfer names: one that exists and is active, and its account's currency. */
const bankOf = async (trx: Trx, field: 'from_bank' | 'to_bank', name: string) => {
  if (name === CASH_IN_OFFICE)
    refuse(field, 'Cash in Office is not a bank: enter cash paid in or drawn as Office Accounts entries')
  const bank = await trx.selectFrom('banks').select('active').where('name', '=', name).executeTakeFirst()
  if (!bank) refuse(field, 'Unknown bank account')
  if (!bank!.active) refuse(field, 'This bank account is inactive')
  return currencyOf(trx, bankAccount(name))
}

/** n / d rounded half up (n ≥ 0, d > 0). */
const half = (n: bigint, d: bigint) => (2n * n + d) / (2n * d)

/**
 * A transfer between two banks (issue 34 item 3's leftover, decision 143): rupees out of a rupee
 * bank and a foreign currency into a bank kept in it (or the other way, or rupees between two
 * rupee banks), at a rate typed, worked out from both amounts, or in force that day. Two entries,
 * each balanced in rupees and in the currency (decision 108's rounding), meet on "bank transfers"
 * and net to 0 there: the rupee bank moves exactly the rupees typed, the foreign bank exactly the
 * amount in its currency; what the rate's rounding (or a bank's spread, when both amounts and a
 * rate are typed) leaves between them is realised in the foreign side's entry.
 */
const plan = async (trx: Trx, input: z.output<typeof BankTransferInput>) => {
  if (input.from_bank === input.to_bank)
    refuse('to_bank', 'Choose another bank than the one the money leaves')
  const fromCurrency = await bankOf(trx, 'from_bank', input.from_bank)
  const toCurrency = await bankOf(trx, 'to_bank', input.to_bank)
  const sent = BigInt(toPaisa(input.sent))
  const typedReceived = input.received ? BigInt(toPaisa(input.received)) : null
  const from = bankAccount(input.from_bank)
  const to = bankAccount(input.to_bank)
  if (fromCurrency === BOOKS_CURRENCY && toCurrency === BOOKS_CURRENCY) {
    if (typedReceived !== null && typedReceived !== sent)
      refuse('received', 'Both banks keep rupees: the amount received is the amount sent')
    return {
      fromCurrency,
      toCurrency,
      sent,
      received: sent,
      rate: null,
      out: move(BANK_TRANSFERS, from, input.sent),
      in: move(to, BANK_TRANSFERS, input.sent),
      realised: 0n,
      rupees: { sent, received: sent },
    }
  }
  if (fromCurrency !== BOOKS_CURRENCY && toCurrency !== BOOKS_CURRENCY)
    refuse(
      'to_bank',
      `${input.from_bank} keeps ${fromCurrency} and ${input.to_bank} keeps ${toCurrency}: a transfer between two banks kept in other currencies than rupees is not kept yet`,
    )
  const outward = fromCurrency === BOOKS_CURRENCY
  const foreign = outward ? toCurrency : fromCurrency
  if (minorUnitsOf(foreign) !== 2) refuse('to_bank', `${foreign} amounts are not kept yet`)
  // The rupees (paisa) and the foreign amount (hundredths), as typed where they were typed.
  let rupees: bigint | null = outward ? sent : typedReceived
  let fx: bigint | null = outward ? typedReceived : sent
  let rate = input.rate === undefined ? null : BigInt(input.rate)
  // Micro-rupees per unit from both amounts: paisa × 10^6 / hundredths.
  if (rate === null && rupees !== null && fx !== null) rate = half(rupees * 1_000_000n, fx)
  if (rate === null) {
    const found = await rateOn(trx, foreign, input.date)
    if (!found)
      refuse(
        'rate',
        `No ${foreign} rate on or before ${input.date}: type the rate, or save the day's rate under Rates`,
      )
    rate = found!.rate
  }
  if (fx === null) fx = half(rupees! * 1_000_000n, rate)
  if (rupees === null) rupees = half(fx * rate, 1_000_000n)
  if (fx === 0n) refuse('sent', `Rs ${fromPaisa(rupees)} is less than 0.01 ${foreign} at this rate`)
  const c = { currency: foreign, rate }
  const foreignBank = outward ? to : from
  const moved = outward
    ? moveIn(c, to, BANK_TRANSFERS, fromPaisa(fx))
    : moveIn(c, BANK_TRANSFERS, from, fromPaisa(fx))
  // The rupees the foreign lines carry (decision 108), against the rupees the rupee bank moves.
  const carried = BigInt(toPaisa(rupeesOn(moved, foreignBank)))
  const gain = outward ? carried - rupees : rupees - carried
  const difference =
    gain >= 0n
      ? move(BANK_TRANSFERS, REALISED, fromPaisa(gain))
      : move(REALISED, BANK_TRANSFERS, fromPaisa(-gain))
  const foreignMoves = [...moved, ...difference]
  return {
    fromCurrency,
    toCurrency,
    sent: outward ? rupees : fx,
    received: outward ? fx : rupees,
    rate,
    out: outward ? move(BANK_TRANSFERS, from, fromPaisa(rupees)) : foreignMoves,
    in: outward ? foreignMoves : move(to, BANK_TRANSFERS, fromPaisa(rupees)),
    realised: gain,
    rupees: outward ? { sent: rupees, received: carried } : { sent: carried, received: rupees },
  }
}

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

/** POST/DELETE /api/admin/bank-transfers: admins (Office Accounts is theirs). */
export const bankTransferRoutes = (app: FastifyInstance, db: Db) => {
  app.post(
    '/admin/bank-transfers',
    { schema: { response: { 201: BankTransferAnswer } } },
    async (req: FastifyRequest, reply) => {
      const user = req.user as AuthUser
      if (!can(user, 'use', 'admin-area')) throw new HttpError(403, ADMIN_ONLY_MESSAGE)
      const input = parseBody(BankTransferInput, req.body)
      const detail = input.detail ?? ''
      const answer = await writeTransaction(db, async (trx) => {
        const p = await plan(trx, input)
        const row = await trx
          .insertInto('bank_transfers')
          .values({
            date: input.date,
            from_bank: input.from_bank,
            to_bank: input.to_bank,
            detail,
            from_currency: p.fromCurrency,
            to_currency: p.toCurrency,
            sent: p.sent.toString() as unknown as number,
            received: p.received.toString() as unknown as number,
            rate: p.rate === null ? null : (p.rate.toString() as unknown as number),
            user_id: user.id,
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        const id = Number(row.id)
        const entry = `Transfer ${id}`
        const sides = [
          { type: OUT, bank: input.from_bank, text: `Transfer to ${input.to_bank}`, moves: p.out },
          { type: IN, bank: input.to_bank, text: `Transfer from ${input.from_bank}`, moves: p.in },
        ] as const
        for (const side of sides) {
          const source = { type: side.type, id }
          const text = [side.text, detail].filter(Boolean).join(': ')
          await syncLines(trx, source, { date: input.date, entry, detail: text }, side.moves as Move[])
          // Each bank's Office Accounts row; its figures are its entry's bank line (decision 072).
          await syncPosting(
            trx,
            'account_entries',
            source,
            {
              bank_name: side.bank,
              employee_name: user.username,
              vendor_name: '',
              entry,
              date: input.date,
              detail: text,
              credit: 0,
              debit: 0,
              rate: null,
            },
            { created: true },
          )
        }
        const transfer = {
          id,
          date: input.date,
          from_bank: input.from_bank,
          to_bank: input.to_bank,
          detail,
          sent: { currency: p.fromCurrency, amount: fromPaisa(p.sent), rupees: fromPaisa(p.rupees.sent) },
          received: {
            currency: p.toCurrency,
            amount: fromPaisa(p.received),
            rupees: fromPaisa(p.rupees.received),
          },
          rate: p.rate === null ? null : rateOfMicro(p.rate),
          realised: fromPaisa(p.realised),
        }
        const auditId = await audit(trx, user, 'create', 'bank_transfers', id, null, transfer)
        for (const type of [OUT, IN]) await linkAudit(trx, { type, id }, auditId, user.id)
        return transfer
      })
      reply.code(201)
      return {
        status: 'success',
        message: `Transfer saved: ${answer.sent.currency} ${answer.sent.amount} from ${answer.from_bank}, ${answer.received.currency} ${answer.received.amount} into ${answer.to_bank}`,
        transfer: answer,
      }
    },
  )

  // A transfer entered wrong is deleted (both entries reversed, both rows gone) and entered again.
  app.delete(
    '/admin/bank-transfers/:id',
    { schema: { response: { 200: MessageAnswer } } },
    async (req: FastifyRequest) => {
      const user = req.user as AuthUser
      if (!can(user, 'use', 'admin-area')) throw new HttpError(403, ADMIN_ONLY_MESSAGE)
      const { id } = parseBody(IdParams, req.params)
      await writeTransaction(db, async (trx) => {
        const row = await trx.selectFrom('bank_transfers').selectAll().where('id', '=', id).executeTakeFirst()
        if (!row) throw new HttpError(404, 'Transfer not found')
        for (const type of [OUT, IN]) {
          await removeLines(trx, { type, id })
          await removePostings(trx, { type, id })
        }
        await trx.deleteFrom('bank_transfers').where('id', '=', id).execute()
        const auditId = await audit(trx, user, 'delete', 'bank_transfers', id, row, null)
        for (const type of [OUT, IN]) await linkAudit(trx, { type, id }, auditId, user.id)
      })
      return { status: 'success', message: 'Transfer deleted' }
    },
  )
}
