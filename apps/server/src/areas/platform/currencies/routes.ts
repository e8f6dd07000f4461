import {
  ADMIN_ONLY_MESSAGE,
  BOOKS_CURRENCY,
  CURRENCY_MINOR_UNITS,
  CurrenciesAnswer,
  CurrencyInput,
  CurrencySavedAnswer,
  can,
  currencyCode,
  ExchangeReportAnswer,
  ExchangeReportQuery,
  fromPaisa,
  PARTY_RATE_KINDS,
  PartyRateAnswer,
  PartyRateQuery,
  RateAnswer,
  RateInput,
  RateQuery,
  RateSavedAnswer,
  rateOfMicro,
  TodayRatesAnswer,
} from '@booking/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { currencyOf } from '../../../books/account-rows.ts'
import {
  enabledCurrencies,
  NOT_TURNED_ON,
  rateOn,
  realisedByParty,
  setCurrencyEnabled,
} from '../../../books/rates.ts'
import type { Db } from '../../../db/connect.ts'
import { audit } from '../../../lib/audit.ts'
import { agentAccount, vendorAccount } from '../../../lib/books/accounts.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { parseBody } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
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
const PartyParams = z.object({
  kind: z.enum(PARTY_RATE_KINDS, { error: 'Kind must be agent or vendor' }),
  name: z.string().trim().min(1, 'Name is required').max(200, 'At most 200 characters'),
})

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
      return {
        status: 'success',
        from,
        to,
        realised: realised.map(({ paisa: _p, ...r }) => r),
        realised_total: fromPaisa(Number(rows.reduce((s, r) => s + r.paisa, 0n))),
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
      const currency = await currencyOf(db, kind === 'agent' ? agentAccount(name) : vendorAccount(name))
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
