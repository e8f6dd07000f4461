import { RECORD_SPECS, TICKET_IS_VOID } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import {
  bankRowCurrency,
  currencyAnswer,
  remainingAfterPayments,
  removeSale,
  saleCurrencyOf,
  settleSaleCurrency,
} from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import type { Database } from '../../../db/schema.ts'
import { type ApiRow, crudRoutes } from '../../../lib/crud.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { syncPosting } from '../../../lib/postings.ts'
import { currencyColumns, payableCurrency, settlePayableCurrency } from '../vendor/payable.ts'
import {
  bookingDate,
  bookingFigures,
  checkBank,
  checkName,
  firstPassengerName,
  travelDetail,
} from './booking.ts'
import { refuseDuplicateTickets } from './duplicates.ts'
import { postTicketBooks } from './postings.ts'
import { ticketVoidRoute, voidMarked } from './void.ts'

const source = (row: ApiRow<'tickets'>) => ({ type: 'tickets', id: row.id })

/**
 * A ticket's three ledger postings, kept equal to the ticket (made on create, changed on edit):
 * - agent: the agent owes the receivable (debit) and has paid cash + bank (credit), so the
 *   agent's debit − credit is the ticket's remaining amount;
 * - office account: the bank payment lands in the chosen account (credit), only when paid_in_bank > 0;
 * - vendor: the office owes the vendor the payable (credit), only when a vendor is chosen and payable > 0.
 * `created`: the ticket was inserted in this transaction, so there are no postings to look up.
 */
export const postTicket = async (trx: Kysely<Database>, row: ApiRow<'tickets'>, created = false) => {
  const opts = { created }
  const date = bookingDate(row)
  const customer = [row.customer_add, row.reference, row.agent_name].filter(Boolean).join(', ')
  await syncPosting(
    trx,
    'agent_entries',
    source(row),
    row.agent_name
      ? {
          agent_name: row.agent_name,
          employee: row.employee_name,
          detail: [row.customer_add, travelDetail(row, row.passport_detail)].filter(Boolean).join(', '),
          receivable_amount: row.receivable_amount,
          paid_cash: row.paid_cash,
          paid_bank: row.paid_in_bank,
          debit: row.receivable_amount,
          credit: row.paid_cash + row.paid_in_bank,
          date,
          entry: row.entry,
          bank_title: row.bank_title,
          // The agent's row in the ticket's currency (decision 137).
          ...(saleCurrencyOf(row).rate === null
            ? {}
            : { currency: saleCurrencyOf(row).currency, rate: Number(saleCurrencyOf(row).rate) }),
        }
      : null,
    opts,
  )
  await syncPosting(
    trx,
    'account_entries',
    source(row),
    row.bank_title && row.paid_in_bank > 0
      ? {
          bank_name: row.bank_title,
          employee_name: row.employee_name,
          vendor_name: '',
          entry: row.entry,
          date,
          detail: customer,
          credit: row.paid_in_bank,
          debit: 0,
          ...(await bankRowCurrency(trx, row.bank_title, saleCurrencyOf(row))),
        }
      : null,
    opts,
  )
  await syncPosting(
    trx,
    'vender_entries',
    source(row),
    row.vendor_name && row.payable_to_vendor > 0
      ? {
          vender_name: row.vendor_name,
          detail: travelDetail(row, row.passport_detail),
          credit: row.payable_to_vendor,
          debit: 0,
          withdraw: 0,
          date,
          entry: row.entry,
          bank_title: row.bank_title,
          // The vendor's row in the payable's currency, at the ticket's rate (decision 136).
          currency: payableCurrency(row).currency,
          rate: payableCurrency(row).rate === null ? null : Number(payableCurrency(row).rate),
        }
      : null,
    opts,
  )
}

/** Tickets (spec part 1): entry "Ticket n/m", passengers as JSON text, postings in the same transaction. */
export const ticketRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, RECORD_SPECS.tickets, {
    toRow: ({ allow_duplicate_ticket: _allow, vendor_currency, rates, ...input }, { before }) => {
      const figures = bookingFigures(
        input.receivable_amount,
        input.paid_cash,
        input.paid_in_bank,
        input.payable_to_vendor,
      )
      return {
        ...input,
        passport_detail: JSON.stringify(input.passport_detail),
        ...currencyColumns({ vendor_currency, rates }),
        profit: figures.profit,
        remaining_amount: remainingAfterPayments(figures.remaining, before),
      }
    },
    // Issue 34 (decision 136): the payable's currency and the rates it used.
    toApi: (row) => ({ ...row, ...currencyAnswer(row) }),
    journal: (row) => ({
      date: bookingDate(row),
      entry: row.entry,
      name: voidMarked(row, row.customer_add || firstPassengerName(row.passport_detail)),
      employee: row.employee_name,
    }),
    check: async (trx, row, { before, user, input }) => {
      // A void ticket stays as it was voided; a delete still removes it (decision 092).
      if (row && before?.voided_at) throw new HttpError(409, TICKET_IS_VOID)
      if (!row) return
      // Create and update only: a restore brings back what was once saved.
      if (input)
        await refuseDuplicateTickets(trx, row.ticket_numbers, before?.id, user, input.allow_duplicate_ticket)
      await checkBank(trx, row.bank_title, before?.bank_title, 'bank_title')
      await checkName(trx, 'agent_names', row.agent_name, before?.agent_name, 'agent_name')
      await checkName(trx, 'vender_names', row.vendor_name, before?.vendor_name, 'vendor_name')
      const values = row as unknown as Record<string, unknown>
      const typed = values.rates
      await settlePayableCurrency(trx, values, before)
      // Issue 34 (decision 137): the selling side in the agent's or customer's currency.
      await settleSaleCurrency(trx, values, before as unknown as Record<string, unknown> | null, {
        type: 'tickets',
        typed,
        customerColumn: 'customer_add',
      })
    },
    postingDay: (row) => (row.voided_at ? null : bookingDate(row)),
    postings: async (trx, row, opts) => {
      // A void ticket has no money (decision 092): a restore or a back-fill brings back no postings, no lines.
      if (row.voided_at) return
      await postTicket(trx, row, opts.created)
      // Lines last: they take the books' total row, which every write takes last (books/lines.ts).
      await postTicketBooks(trx, row, opts)
    },
    onDelete: (trx, row) => removeSale(trx, 'tickets', row),
  })
  ticketVoidRoute(app, db)
}
