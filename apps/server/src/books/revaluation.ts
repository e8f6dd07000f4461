import {
  addDaysIso,
  BOOKS_CURRENCY,
  formatDate,
  fromPaisa,
  minorUnitsOf,
  pkr,
  RATE_DECIMALS,
} from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import { dbPaisa } from '../db/money-columns.ts'
import type { Database } from '../db/schema.ts'
import { HttpError } from '../lib/http-error.ts'
import { lockNames } from '../lib/write-locks.ts'
import { type BookSource, type Move, moveMoney, UNREALISED } from './moves.ts'
import { onForeignLines, postEntry } from './post.ts'
import { rateOn } from './rates.ts'

type Trx = Kysely<Database>

/** The books' sources of a revaluation's entry and of its reversal the next day (decision 121). */
export const REVALUATION_SOURCE = 'revaluation'
export const REVALUATION_REVERSAL_SOURCE = 'revaluation_reversal'

/** An open foreign balance restated at its closing rate. */
export interface Restated {
  account: string
  address: string
  name: string
  currency: string
  fx: bigint
  before: bigint
  after: bigint
}

/** n / d rounded half away from zero. */
const roundDiv = (n: bigint, d: bigint) => {
  const q = (2n * (n < 0n ? -n : n) + d) / (2n * d)
  return n < 0n ? -q : q
}

/**
 * Every foreign account's balance through `asOf`, in its currency and in rupees (lines only),
 * leaving out revaluation `id`'s own lines (a redo re-reads the balances it restated).
 */
const openForeign = async (trx: Trx, asOf: string, id: number) => {
  const { rows } = await sql<{
    code: string
    address: string
    name: string
    currency: string
    fx: unknown
    n: unknown
  }>`SELECT a.code, a.address, a.name, a.currency,
      coalesce(sum(l.fx_debit) - sum(l.fx_credit), 0) AS fx, coalesce(sum(l.debit) - sum(l.credit), 0) AS n
    FROM accounts a JOIN posting_lines l ON l.account_id = a.id
    WHERE a.currency <> ${BOOKS_CURRENCY} AND l.date <= ${asOf}
      AND NOT (l.source_type IN (${REVALUATION_SOURCE}, ${REVALUATION_REVERSAL_SOURCE}) AND l.source_id = ${id})
    GROUP BY a.code, a.address, a.name, a.currency
    ORDER BY a.code`.execute(trx)
  return rows.map((r) => ({ ...r, fx: dbPaisa(r.fx), n: dbPaisa(r.n) }))
}

/**
 * The month-end revaluation (issue 34 item 5, decision 121): every foreign account (parties and
 * banks) whose balance through `asOf` is open, restated at the closing rate (typed, else the rate
 * in force on `asOf`; none is a 400). One entry on `asOf` moves each account's rupee difference to
 * "Exchange gain/loss (unrealised)"; the same moves reversed are posted on the next day, so from
 * then on every balance is at its original rates again and a later settlement realises the whole
 * difference from them: nothing is counted twice. Both pass the lock date (a 409 before anything
 * is written).
 */
export const revalue = async (
  trx: Trx,
  id: number,
  asOf: string,
  typed: Record<string, bigint>,
  redo = false,
): Promise<{ rates: Record<string, bigint>; accounts: Restated[] }> => {
  // The foreign balances read are this run's alone until it commits (a payment waits for it). A
  // redo runs inside a payment that holds its own accounts: it waits on `revaluations` only (taken
  // by its caller), since a write on another account dated after the day changes nothing here and
  // one dated before redoes the day itself.
  if (!redo) {
    const foreign = await trx
      .selectFrom('accounts')
      .select('code')
      .where('currency', '<>', BOOKS_CURRENCY)
      .execute()
    await lockNames(
      trx,
      foreign.map((a) => `account:${a.code}`),
    )
  }
  const rates: Record<string, bigint> = { ...typed }
  const accounts: Restated[] = []
  const missing: string[] = []
  for (const r of await openForeign(trx, asOf, id)) {
    if (r.fx === 0n && r.n === 0n) continue
    if (rates[r.currency] === undefined) {
      const found = await rateOn(trx, r.currency, asOf)
      if (found) rates[r.currency] = found.rate
      else if (!missing.includes(r.currency)) missing.push(r.currency)
    }
    const rate = rates[r.currency]
    if (rate === undefined) continue
    const after = roundDiv(r.fx * rate, 10n ** BigInt(minorUnitsOf(r.currency) + RATE_DECIMALS - 2))
    accounts.push({
      account: r.code,
      address: r.address,
      name: r.name,
      currency: r.currency,
      fx: r.fx,
      before: r.n,
      after,
    })
  }
  if (missing.length > 0) {
    const message = `No ${missing.join(', ')} rate on or before ${asOf}: type the closing rate, or save it under Rates`
    throw new HttpError(400, message, { rates: message })
  }
  const moves: Move[] = accounts.flatMap((a) => moveMoney(a.address, UNREALISED, pkr(a.after - a.before)))
  const reversal: Move[] = moves.map((m) => ({ ...m, debit: m.credit, credit: m.debit }))
  const entry = `Revaluation ${asOf}`
  // Posted even when nothing moves: an empty entry still passes the lock date (as a cash count's).
  await postEntry(trx, {
    source: { type: REVALUATION_SOURCE, id },
    day: asOf,
    meta: { entry, detail: `Exchange revaluation at the closing rates of ${asOf}` },
    moves,
  })
  await postEntry(trx, {
    source: { type: REVALUATION_REVERSAL_SOURCE, id },
    day: addDaysIso(asOf, 1),
    meta: { entry, detail: `Reversal of the exchange revaluation of ${asOf}` },
    moves: reversal,
  })
  return { rates, accounts: accounts.filter((a) => a.after !== a.before) }
}

/** A run's restated balances as kept in `revaluations.restated` and answered (decision 121). */
export const restatedText = (accounts: readonly Restated[]) =>
  JSON.stringify(
    accounts.map((a) => ({
      account: a.account,
      name: a.name,
      currency: a.currency,
      balance: fromPaisa(Number(a.fx)),
      rupees_before: fromPaisa(Number(a.before)),
      rupees_after: fromPaisa(Number(a.after)),
      difference: fromPaisa(Number(a.after - a.before)),
    })),
  )

/**
 * A line in a foreign currency appended on or before a revaluation's day (a payment back-dated
 * before a month end, an edit of an earlier bill, a delete) changes a balance that revaluation
 * restated: each such revaluation is redone in the same transaction at the rates it used (its own
 * entry and its next day's reversal re-posted: the earlier pair reversed, a new pair written), so
 * the day's unrealised difference is the one the books now hold and nothing is counted twice
 * (decision 142). A currency the day had no open balance in takes the rate in force that day;
 * none is a 409 before anything is kept.
 */
const redoLater = async (trx: Trx, source: BookSource, from: string) => {
  if (source.type === REVALUATION_SOURCE || source.type === REVALUATION_REVERSAL_SOURCE) return
  const later = () =>
    trx
      .selectFrom('revaluations')
      .select(['id', 'as_of', 'rates'])
      .where('as_of', '>=', from)
      .orderBy('as_of')
      .execute()
  if ((await later()).length === 0) return
  // One redo of a day at a time: a second back-dated payment reads the first one's lines.
  await lockNames(trx, ['revaluations'])
  for (const run of await later()) {
    const typed = Object.fromEntries(
      Object.entries(JSON.parse(run.rates) as Record<string, string>).map(([k, v]) => [k, BigInt(v)]),
    )
    const done = await revalue(trx, Number(run.id), run.as_of, typed, true).catch((e: unknown) => {
      if (!(e instanceof HttpError) || e.statusCode !== 400) throw e
      const missing = e.message.replace(/: type the closing rate.*$/, '').replace(/^No /, 'no ')
      const message = `This entry changes the balances revalued on ${formatDate(run.as_of)}, and there is ${missing}: save that day's rate under Rates, then save the entry again`
      throw new HttpError(409, message, { date: message })
    })
    await trx
      .updateTable('revaluations')
      .set({
        rates: JSON.stringify(
          Object.fromEntries(Object.entries(done.rates).map(([k, v]) => [k, v.toString()])),
        ),
        restated: restatedText(done.accounts),
      })
      .where('id', '=', Number(run.id))
      .execute()
  }
}
onForeignLines(redoLater)

/**
 * The unrealised exchange differences of [from, to] by account (decision 121): the revaluation
 * entries' rupee lines on foreign accounts dated in the range, a gain +. A revaluation and its
 * reversal inside the range net out.
 */
export const unrealisedByParty = async (db: Trx, from: string, to: string) => {
  const { rows } = await sql<{ code: string; name: string; currency: string; n: unknown }>`
    SELECT a.code, a.name, a.currency, sum(l.debit - l.credit) AS n
    FROM posting_lines l JOIN accounts a ON a.id = l.account_id AND a.currency <> ${BOOKS_CURRENCY}
    WHERE l.source_type IN (${REVALUATION_SOURCE}, ${REVALUATION_REVERSAL_SOURCE}) AND l.currency = ${BOOKS_CURRENCY}
      AND l.date >= ${from} AND l.date <= ${to}
    GROUP BY a.code, a.name, a.currency
    ORDER BY a.code`.execute(db)
  return rows
    .map((r) => ({ account: r.code, name: r.name, currency: r.currency, paisa: dbPaisa(r.n) }))
    .filter((r) => r.paisa !== 0n)
}
