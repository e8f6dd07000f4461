import { BOOKS_CURRENCY, fromPaisa, type Money, minorUnitsOf, rateOfMicro, toPaisa } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { HttpError } from '../lib/http-error.ts'
import { runText } from '../lib/prepared.ts'
import { lockNames } from '../lib/write-locks.ts'
import { accountsFor, currencyOf } from './account-rows.ts'
import { linesOf, type Move, moveMoney, REALISED } from './moves.ts'
import { rateOn } from './rates.ts'

type Trx = Kysely<Database>

/**
 * Records in their currencies (issue 34 item 3, decision 109). A record's amounts are typed in its
 * side's currency and kept in its money columns as hundredths, so a record currency has 2 minor
 * units (SAR, AED, USD, GBP, EUR, ...); its rate is micro-rupees, typed or the day's.
 */

export interface RecordCurrency {
  currency: string
  /** Micro-rupees per unit; null in rupees. */
  rate: bigint | null
}

const refuse = (field: string, message: string): never => {
  throw new HttpError(400, message, { [field]: message })
}

/**
 * The currency and rate a record side posts in: `given` (else the party account's currency) must
 * be the party account's; the rate is `typed`, else the one kept when the record's day and
 * currency did not change, else the rate in force on `date` (400 when none).
 */
export const recordCurrency = async (
  trx: Trx,
  o: {
    party: string
    partyName: string
    given: string | undefined
    typed: bigint | undefined
    date: string
    kept?: { currency: string; rate: unknown; date: string } | null
    currencyField?: string
    rateField?: string
  },
): Promise<RecordCurrency> => {
  const currencyField = o.currencyField ?? 'currency'
  const rateField = o.rateField ?? 'rate'
  const account = await currencyOf(trx, o.party)
  const currency = o.given ?? account
  if (currency !== account)
    refuse(currencyField, `${o.partyName} keeps its account in ${account}: enter the amounts in ${account}`)
  if (currency === BOOKS_CURRENCY) return { currency, rate: null }
  if (minorUnitsOf(currency) !== 2)
    refuse(
      currencyField,
      `Records in ${currency} are not kept yet: its amounts have ${minorUnitsOf(currency)} decimals`,
    )
  if (o.typed !== undefined) return { currency, rate: o.typed }
  if (o.kept && o.kept.currency === currency && o.kept.date === o.date && o.kept.rate !== null)
    return { currency, rate: BigInt(String(o.kept.rate)) }
  const found = await rateOn(trx, currency, o.date)
  if (!found)
    refuse(
      rateField,
      `No ${currency} rate on or before ${o.date}: type the rate, or save the day's rate under Rates`,
    )
  return { currency, rate: found!.rate }
}

/** Amount typed in a record's currency (hundredths) as Money. */
export const moneyIn = (currency: string, amount: number | string | null | undefined): Money => ({
  currency,
  minor: BigInt(toPaisa(amount)),
})

/** A move of `amount` (typed in `c`'s currency); rupees as `move` does, else exact Money at its rate. */
export const moveIn = (c: RecordCurrency, debit: string, credit: string, amount: number): Move[] =>
  moveMoney(debit, credit, moneyIn(c.currency, amount), c.rate ?? undefined)

/** The rupees the moves put on `account`, as the books round them (decision 108). */
export const rupeesOn = (moves: readonly Move[], account: string) => {
  const line = linesOf(moves).lines.find((l) => l.account === account)
  return line ? fromPaisa(Number(line.debit + line.credit)) : 0
}

/** The rupees the moves put on `account`, all its lines (every currency), signed debit − credit (paisa). */
export const rupeesMoved = (moves: readonly Move[], account: string) =>
  linesOf(moves)
    .lines.filter((l) => l.account === account)
    .reduce((n, l) => n + l.debit - l.credit, 0n)

/** A record's stored rates ({"SAR": "74850000"}) as bigints; junk reads as none. */
export const storedRates = (text: unknown): Record<string, bigint> => {
  try {
    const parsed = JSON.parse(String(text ?? '{}')) as Record<string, unknown>
    return Object.fromEntries(
      Object.entries(parsed)
        .filter(([, v]) => /^\d+$/.test(String(v)))
        .map(([k, v]) => [k, BigInt(String(v))]),
    )
  } catch {
    return {}
  }
}

/** A sale's selling side as stored (decision 137): its `currency` at `rates[currency]`; rupees before. */
export const saleCurrencyOf = (row: { currency?: unknown; rates?: unknown }): RecordCurrency => {
  const currency = typeof row.currency === 'string' && row.currency ? row.currency : BOOKS_CURRENCY
  return { currency, rate: currency === BOOKS_CURRENCY ? null : (storedRates(row.rates)[currency] ?? null) }
}

/** Stored rates as the answer shows them: rupees per unit ({"SAR": 74.85}). */
export const ratesAnswer = (text: unknown): Record<string, number> =>
  Object.fromEntries(Object.entries(storedRates(text)).map(([k, v]) => [k, rateOfMicro(v)]))

/**
 * A sale's currencies as its answer shows them (issue 34): the selling side's `currency` (decision
 * 151), the payable's `vendor_currency` (136, 140), both rupees on a row older than them, and the rates used.
 */
export const currencyAnswer = (row: {
  currency?: string | null
  vendor_currency?: string | null
  rates?: unknown
}) => ({
  currency: row.currency ?? 'PKR',
  vendor_currency: row.vendor_currency ?? 'PKR',
  rates: ratesAnswer(row.rates),
})

/** The currency and rate a ledger entry's row keeps (rows written before issue 34: rupees). */
export const rowCurrency = (row: { currency?: unknown; rate?: unknown }): RecordCurrency => {
  const currency = typeof row.currency === 'string' ? row.currency : BOOKS_CURRENCY
  return { currency, rate: currency === BOOKS_CURRENCY || row.rate == null ? null : BigInt(String(row.rate)) }
}

/**
 * Issue 34 (decision 109), run before anything is written: a ledger entry's currency (its party's
 * by default; another is a 400) and rate (typed, kept, or the day's; none is a 400), set on the row.
 */
export const settleEntryCurrency = async (
  trx: Trx,
  row: Record<string, unknown>,
  before: { currency?: unknown; rate?: unknown; date?: unknown } | null,
  party: { address: string; name: string },
) => {
  const c = await recordCurrency(trx, {
    party: party.address,
    partyName: party.name,
    given: row.currency as string | undefined,
    typed: typeof row.rate === 'string' ? BigInt(row.rate) : undefined,
    date: String(row.date),
    kept: before
      ? {
          currency: String(before.currency ?? BOOKS_CURRENCY),
          rate: before.rate ?? null,
          date: String(before.date),
        }
      : null,
  })
  row.currency = c.currency
  row.rate = c.rate === null ? null : c.rate.toString()
}

/**
 * Settlement (issue 34 item 4, decision 109): when `moves` bring the party's foreign balance to
 * exactly 0 in its currency, the rupees still on the account (the rates' difference between the
 * bills and the payments) go at once to "Exchange gain/loss (realised)", in the same entry, so a
 * settled party is 0.00 in both currencies with no hand-made line. Its own earlier lines (an edit)
 * are left out of the balance it settles.
 */
export const withRealised = async (
  trx: Trx,
  source: { type: string; id: number },
  party: string,
  moves: Move[],
): Promise<Move[]> => {
  const all = linesOf(moves).lines.filter((l) => l.account === party)
  const mine = all.filter((l) => l.currency !== BOOKS_CURRENCY)
  if (mine.length === 0) return moves
  const ref = (await accountsFor(trx, [party])).get(party)!
  if (ref.currency === BOOKS_CURRENCY) return moves
  // The party's balance is this write's alone until it commits (as the books' own write locks it).
  await lockNames(trx, [`account:${ref.code}`])
  const rows = await runText<{ fx: unknown; n: unknown }>(
    trx,
    `select coalesce(sum(fx_debit) - sum(fx_credit), 0) as fx, coalesce(sum(debit) - sum(credit), 0) as n
     from posting_lines where account = ? and not (source_type = ? and source_id = ?)`,
    [ref.code, source.type, source.id],
  )
  const othersFx = BigInt(String(rows[0]?.fx ?? 0))
  const othersRupees = BigInt(String(rows[0]?.n ?? 0))
  const fx = mine.reduce((s, l) => s + l.fx_debit - l.fx_credit, 0n)
  // With the rupee line a per-document settlement already moved (decision 120), if any.
  const rupees = all.reduce((s, l) => s + l.debit - l.credit, 0n)
  if (othersFx === 0n || othersFx + fx !== 0n) return moves
  const left = othersRupees + rupees
  return left === 0n
    ? moves
    : [...moves, ...moveMoney(REALISED, party, { currency: BOOKS_CURRENCY, minor: left })]
}
