import { addDaysIso, BOOKS_CURRENCY, minorUnitsOf, pkr, RATE_DECIMALS } from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import { dbPaisa } from '../db/money-columns.ts'
import type { Database } from '../db/schema.ts'
import { HttpError } from '../lib/http-error.ts'
import { lockNames } from '../lib/write-locks.ts'
import { type Move, moveMoney, UNREALISED } from './moves.ts'
import { postEntry } from './post.ts'
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

/** Every foreign account's balance through `asOf`, in its currency and in rupees (lines only). */
const openForeign = async (trx: Trx, asOf: string) => {
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
): Promise<{ rates: Record<string, bigint>; accounts: Restated[] }> => {
  // The foreign balances read are this run's alone until it commits (a payment waits for it).
  const foreign = await trx
    .selectFrom('accounts')
    .select('code')
    .where('currency', '<>', BOOKS_CURRENCY)
    .execute()
  await lockNames(
    trx,
    foreign.map((a) => `account:${a.code}`),
  )
  const rates: Record<string, bigint> = { ...typed }
  const accounts: Restated[] = []
  const missing: string[] = []
  for (const r of await openForeign(trx, asOf)) {
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
