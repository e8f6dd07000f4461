import {
  ADMIN_ONLY_MESSAGE,
  addDaysIso,
  BOOKS_CURRENCY,
  CASH_IN_OFFICE,
  CURRENCY_MINOR_UNITS,
  CurrenciesAnswer,
  CurrencyInput,
  CurrencySavedAnswer,
  can,
  currencyCode,
  DocumentAnswer,
  DocumentQuery,
  ExchangeReportAnswer,
  ExchangeReportQuery,
  formatDate,
  fromPaisa,
  OpenBillsAnswer,
  PARTY_RATE_KINDS,
  PartyRateAnswer,
  PartyRateQuery,
  RateAnswer,
  RateInput,
  RateQuery,
  RateSavedAnswer,
  RevaluationAnswer,
  RevaluationInput,
  rateOfMicro,
  TodayRatesAnswer,
  toPaisa,
} from '@booking/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { currencyOf } from '../../../books/account-rows.ts'
import { agentAccount, bankAccount, CASH, customerAccountOf, vendorAccount } from '../../../books/accounts.ts'
import { advanceOf, documentOf } from '../../../books/fx-settlement.ts'
import { linkAudit } from '../../../books/post.ts'
import {
  enabledCurrencies,
  NOT_TURNED_ON,
  rateOn,
  realisedByParty,
  setCurrencyEnabled,
} from '../../../books/rates.ts'
import { restatedText, revalue, unrealisedByParty } from '../../../books/revaluation.ts'
import type { Db } from '../../../db/connect.ts'
import { audit } from '../../../lib/audit.ts'
import { customerIdOfText } from '../../../lib/customer-text.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { parseBody } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import { lockNames } from '../../../lib/write-locks.ts'
import type { AuthUser } from '../../../plugins/auth.ts'
import { agencySettings, agencyToday } from '../settings/routes.ts'

/**
 * Issue 34 item 1 (decision 107): the currencies the office uses and the rate table.
 * - GET /api/currencies: every ISO code the books know, its minor units and whether it is on.
 * - PUT /api/admin/currencies/{code} {enabled}: an admin turns one on or off (PKR stays on).
 * - POST /api/rates {date, currency, rate, source} -> 201: any signed-in user types the day's rate.
 * - GET /api/rates?currency=&date=: the rate in force that day, 404 when none.
 * - GET /api/rates/today: the rate in force today for each currency that is on (the rates screen).
 */
const CodeParams = z.object({ code: currencyCode })
const partyName = z.string().trim().min(1, 'Name is required').max(200, 'At most 200 characters')
const PartyParams = z.object({
  kind: z.enum(PARTY_RATE_KINDS, { error: 'Kind must be agent, vendor, bank or customer' }),
  name: partyName,
})
/** Parties with bills (decision 122): a bank has none. */
const BillParams = z.object({
  kind: z.enum(['agent', 'vendor'], { error: 'Kind must be agent or vendor' }),
  name: partyName,
})

/**
 * The account a party's rate is asked for (Office Accounts' "Cash in Office" is office cash); a
 * customer by the text a sale names it with, as the sale will link it (decision 137).
 */
const partyAccount = async (db: Db, kind: (typeof PARTY_RATE_KINDS)[number], name: string) =>
  kind === 'customer'
    ? customerAccountOf({ customer_id: await customerIdOfText(db, name), customer_add: name })
    : kind === 'agent'
      ? agentAccount(name)
      : kind === 'vendor'
        ? vendorAccount(name)
        : name.trim() === CASH_IN_OFFICE
          ? CASH
          : bankAccount(name)

const answerOf = (r: { currency: string; date: string; rate: bigint; source: string }) => ({
  currency: r.currency,
  date: r.date,
  rate: rateOfMicro(r.rate),
  source: r.source,
})

export const currencyRoutes = async (app: FastifyInstance, db: Db) => {
  app.get('/currencies', { schema: { response: { 200: CurrenciesAnswer } } }, async () => {
    const on = await enabledCurrencies(db)
    return {
      status: 'success',
      currencies: Object.entries(CURRENCY_MINOR_UNITS).map(([code, minor_units]) => ({
        code,
        minor_units,
        enabled: on.has(code),
      })),
    }
  })

  app.put(
    '/admin/currencies/:code',
    { schema: { params: CodeParams, body: CurrencyInput, response: { 200: CurrencySavedAnswer } } },
    async (req: FastifyRequest) => {
      const { code } = parseBody(CodeParams, req.params)
      const { enabled } = parseBody(CurrencyInput, req.body)
      if (code === 'PKR' && !enabled)
        throw new HttpError(400, 'PKR is the books’ currency: it stays on', { enabled: 'PKR stays on' })
      await writeTransaction(db, async (trx) => {
        await setCurrencyEnabled(trx, code, enabled)
        await audit(trx, req.user as AuthUser, 'update', 'currencies', 0, { code }, { code, enabled })
      })
      return { status: 'success', message: `${code} turned ${enabled ? 'on' : 'off'}`, code, enabled }
    },
  )

  app.post(
    '/rates',
    { schema: { body: RateInput, response: { 201: RateSavedAnswer } } },
    async (req: FastifyRequest, reply) => {
      const input = parseBody(RateInput, req.body)
      const user = req.user as AuthUser
      await writeTransaction(db, async (trx) => {
        if (!(await enabledCurrencies(trx)).has(input.currency))
          throw new HttpError(400, NOT_TURNED_ON(input.currency), { currency: NOT_TURNED_ON(input.currency) })
        const row = await trx
          .insertInto('exchange_rates')
          .values({
            currency: input.currency,
            date: input.date,
            rate: input.rate.toString() as unknown as number,
            source: input.source,
            user_id: user.id,
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await audit(trx, user, 'create', 'exchange_rates', Number(row.id), null, {
          ...input,
          rate: rateOfMicro(input.rate),
        })
      })
      reply.code(201)
      return {
        status: 'success',
        message: `Rate saved: 1 ${input.currency} = Rs ${rateOfMicro(input.rate)} from ${input.date}`,
        ...answerOf({ ...input, rate: BigInt(input.rate) }),
      }
    },
  )

  app.get(
    '/rates',
    { schema: { querystring: RateQuery, response: { 200: RateAnswer } } },
    async (req: FastifyRequest) => {
      const { currency, date } = parseBody(RateQuery, req.query)
      const found = await rateOn(db, currency, date)
      if (!found) throw new HttpError(404, `No ${currency} rate on or before ${date}`)
      return { status: 'success', ...answerOf(found) }
    },
  )

  // Realised exchange differences by party (item 6's report; unrealised waits for revaluation, item 5).
  app.get(
    '/reports/exchange',
    { schema: { querystring: ExchangeReportQuery, response: { 200: ExchangeReportAnswer } } },
    async (req: FastifyRequest) => {
      if (!can(req.user as AuthUser, 'use', 'admin-area')) throw new HttpError(403, ADMIN_ONLY_MESSAGE)
      const q = parseBody(ExchangeReportQuery, req.query)
      const from = q.from ?? '0001-01-01'
      const to = q.to ?? agencyToday(await agencySettings(db))
      const rows = await realisedByParty(db, from, to)
      const realised = rows.map((r) => ({ ...r, amount: fromPaisa(Number(r.paisa)) }))
      // Unrealised (decision 121): the revaluations dated in the range, net of their reversals.
      const open = await unrealisedByParty(db, from, to)
      return {
        status: 'success',
        from,
        to,
        realised: realised.map(({ paisa: _p, ...r }) => r),
        realised_total: fromPaisa(Number(rows.reduce((s, r) => s + r.paisa, 0n))),
        unrealised: open.map(({ paisa, ...r }) => ({ ...r, amount: fromPaisa(Number(paisa)) })),
        unrealised_total: fromPaisa(Number(open.reduce((s, r) => s + r.paisa, 0n))),
      }
    },
  )

  // What a record form proposes once its party is picked (decision 124): the party's currency and
  // the rate in force on the record's day (none: rate null, and the form asks for one).
  app.get(
    '/rates/party/:kind/:name',
    { schema: { params: PartyParams, querystring: PartyRateQuery, response: { 200: PartyRateAnswer } } },
    async (req: FastifyRequest) => {
      const { kind, name } = parseBody(PartyParams, req.params)
      const q = parseBody(PartyRateQuery, req.query)
      const date = q.date ?? agencyToday(await agencySettings(db))
      const currency = await currencyOf(db, await partyAccount(db, kind, name))
      const found = currency === BOOKS_CURRENCY ? undefined : await rateOn(db, currency, date)
      return {
        status: 'success',
        kind,
        name,
        currency,
        ...(found ? answerOf(found) : { date: null, rate: null, source: '' }),
      }
    },
  )

  // The month-end revaluation (issue 34 item 5, decision 121); /api/admin/*: admins only.
  app.post(
    '/admin/books/revaluation',
    { schema: { body: RevaluationInput, response: { 200: RevaluationAnswer, 201: RevaluationAnswer } } },
    async (req: FastifyRequest, reply) => {
      const input = parseBody(RevaluationInput, req.body)
      const user = req.user as AuthUser
      const typed = Object.fromEntries(Object.entries(input.rates ?? {}).map(([k, v]) => [k, BigInt(v)]))
      const result = await writeTransaction(db, async (trx) => {
        const on = await enabledCurrencies(trx)
        for (const code of Object.keys(typed))
          if (code === 'PKR' || !on.has(code)) {
            const message =
              code === 'PKR' ? 'PKR is the books’ currency: it has no rate' : NOT_TURNED_ON(code)
            throw new HttpError(400, message, { rates: message })
          }
        // One run per day: a second call waits for the first and answers it.
        await lockNames(trx, ['revaluations'])
        const kept = await trx
          .selectFrom('revaluations')
          .selectAll()
          .where('as_of', '=', input.as_of)
          .executeTakeFirst()
        if (kept) {
          // Once per day: the same call again answers the one made; other rates are a 409.
          const rates = JSON.parse(kept.rates) as Record<string, string>
          const differs = Object.entries(typed).filter(([k, v]) => rates[k] !== v.toString())
          if (differs.length > 0)
            throw new HttpError(
              409,
              `The books were already revalued on ${formatDate(input.as_of)} at ${Object.entries(rates)
                .map(([k, v]) => `${k} ${rateOfMicro(v)}`)
                .join(', ')}: a day is revalued once`,
              { rates: 'Already revalued at other rates' },
            )
          return { created: false, id: Number(kept.id), rates, restated: kept.restated }
        }
        const row = await trx
          .insertInto('revaluations')
          .values({
            as_of: input.as_of,
            rates: '{}',
            restated: '[]',
            user_id: user.id,
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        const id = Number(row.id)
        const done = await revalue(trx, id, input.as_of, typed)
        const rates = Object.fromEntries(Object.entries(done.rates).map(([k, v]) => [k, v.toString()]))
        const restated = restatedText(done.accounts)
        await trx
          .updateTable('revaluations')
          .set({ rates: JSON.stringify(rates), restated })
          .where('id', '=', id)
          .execute()
        const auditId = await audit(trx, user, 'create', 'revaluations', id, null, {
          as_of: input.as_of,
          rates: Object.fromEntries(Object.entries(rates).map(([k, v]) => [k, rateOfMicro(v)])),
        })
        await linkAudit(trx, { type: 'revaluation', id }, auditId, user.id)
        await linkAudit(trx, { type: 'revaluation_reversal', id }, auditId, user.id)
        return { created: true, id, rates, restated }
      })
      const accounts = JSON.parse(result.restated) as { difference: number }[]
      reply.code(result.created ? 201 : 200)
      return {
        status: 'success',
        message: result.created
          ? `Books revalued at the closing rates of ${formatDate(input.as_of)}; reversed on ${formatDate(addDaysIso(input.as_of, 1))}`
          : `The books were already revalued on ${formatDate(input.as_of)}`,
        revaluation: {
          id: result.id,
          as_of: input.as_of,
          reversed_on: addDaysIso(input.as_of, 1),
          rates: Object.fromEntries(Object.entries(result.rates).map(([k, v]) => [k, rateOfMicro(v)])),
          accounts,
          total: fromPaisa(accounts.reduce((s, a) => s + toPaisa(a.difference), 0)),
        },
      }
    },
  )

  // A foreign bill's residual in both currencies and what settled it (decision 120): admins.
  app.get(
    '/books/document',
    { schema: { querystring: DocumentQuery, response: { 200: DocumentAnswer } } },
    async (req: FastifyRequest) => {
      if (!can(req.user as AuthUser, 'use', 'admin-area')) throw new HttpError(403, ADMIN_ONLY_MESSAGE)
      const q = parseBody(DocumentQuery, req.query)
      return { status: 'success', document: await documentOf(db, q.table, q.id) }
    },
  )

  // A foreign party's open bills, for a payment's form to name in `settles` (decision 122): a
  // vendor's are admins' (as the Vendor ledger is), an agent's any staff's. The newest 200 bills
  // are read; a rupee party has none to name.
  app.get(
    '/books/open-bills/:kind/:name',
    { schema: { params: BillParams, response: { 200: OpenBillsAnswer } } },
    async (req: FastifyRequest) => {
      const { kind, name } = parseBody(BillParams, req.params)
      if (kind === 'vendor' && !can(req.user as AuthUser, 'use', 'admin-area'))
        throw new HttpError(403, ADMIN_ONLY_MESSAGE)
      const currency = await currencyOf(db, kind === 'agent' ? agentAccount(name) : vendorAccount(name))
      const bills = []
      const advances = []
      if (currency !== BOOKS_CURRENCY) {
        const rows =
          kind === 'vendor'
            ? await db
                .selectFrom('vender_entries')
                .select(['id', 'date', 'detail'])
                .where('vender_name', '=', name)
                .where('credit', '>', 0)
                .orderBy('id', 'desc')
                .limit(200)
                .execute()
            : await db
                .selectFrom('agent_entries')
                .select(['id', 'date', 'detail'])
                .where('agent_name', '=', name)
                .where('debit', '>', 0)
                .orderBy('id', 'desc')
                .limit(200)
                .execute()
        const table = kind === 'vendor' ? 'vender_entries' : 'agent_entries'
        for (const row of rows) {
          const doc = await documentOf(db, table, Number(row.id)).catch((e: unknown) => {
            // A row whose lines are not a bill on the party (a linked row's money): not one to name.
            if (e instanceof HttpError && e.statusCode === 404) return null
            throw e
          })
          if (!doc || doc.open.amount <= 0) continue
          bills.push({
            id: doc.id,
            date: String(row.date),
            detail: String(row.detail ?? ''),
            currency: doc.currency,
            rate: doc.rate,
            amount: doc.amount,
            open: doc.open,
          })
        }
        // Earlier payments with money not yet applied to a bill (advances, decision 122).
        const money =
          kind === 'vendor'
            ? await db
                .selectFrom('vender_entries')
                .selectAll()
                .where('vender_name', '=', name)
                .where((eb) => eb.or([eb('debit', '>', 0), eb('withdraw', '>', 0)]))
                .orderBy('id', 'desc')
                .limit(200)
                .execute()
            : await db
                .selectFrom('agent_entries')
                .selectAll()
                .where('agent_name', '=', name)
                .where('credit', '>', 0)
                .orderBy('id', 'desc')
                .limit(200)
                .execute()
        for (const row of money as Record<string, unknown>[]) {
          const open = await advanceOf(db, table, row)
          if (open) advances.push({ ...open, date: String(row.date), detail: String(row.detail ?? '') })
        }
      }
      return { status: 'success', kind, name: name.trim(), currency, bills, advances }
    },
  )

  app.get('/rates/today', { schema: { response: { 200: TodayRatesAnswer } } }, async () => {
    const today = agencyToday(await agencySettings(db))
    const rates = []
    for (const code of await enabledCurrencies(db)) {
      if (code === 'PKR') continue
      const found = await rateOn(db, code, today)
      rates.push({
        currency: code,
        today,
        ...(found ? answerOf(found) : { rate: null, date: null, source: '' }),
      })
    }
    return { status: 'success', today, rates }
  })
}
