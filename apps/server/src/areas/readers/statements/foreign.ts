import { BOOKS_CURRENCY, fromPaisa, minorUnitsOf, rateOfMicro } from '@booking/shared'
import { sql } from 'kysely'
import { balanceBefore } from '../../../books/read.ts'
import { daysBefore, sumsTo } from '../../../books/sums.ts'
import type { Db } from '../../../db/connect.ts'
import { dbPaisa } from '../../../db/money-columns.ts'
import { entryWithType } from '../dashboard/queries.ts'

/**
 * A statement in the party's currency (issue 34 item 6, decision 123): an account kept in SAR,
 * AED or USD is shown in that currency, with the rupee column and the rate of every line beside
 * it. The figures come from the lines' own amounts (fx_debit/fx_credit, rate, debit/credit), so
 * the riyal column sums to the riyal balance and the rupee column to the rupee ledger; a rupee line
 * on the account (a realised or unrealised exchange difference) shows in the rupee column only.
 */

export interface ForeignRow {
  date: string
  entry: string
  detail: string
  debit: number
  credit: number
  balance: number
  /** Rupees per unit; null on a rupee line (an exchange difference). */
  rate: number | null
  debit_pkr: number
  credit_pkr: number
  balance_pkr: number
}

export interface ForeignStatement {
  currency: string
  opening: number
  opening_pkr: number
  rows: ForeignRow[]
  closing: number
  closing_pkr: number
  totals: { debit: number; credit: number; debit_pkr: number; credit_pkr: number }
}

/** The account's currency (PKR when it has no row in accounts). */
export const accountCurrency = async (db: Db, code: string): Promise<string> =>
  (await db.selectFrom('accounts').select('currency').where('code', '=', code).executeTakeFirst())
    ?.currency ?? BOOKS_CURRENCY

/** Minor units as a number in the currency (hundredths of a riyal to riyals). */
export const minorAmount = (minor: bigint, currency: string): number => {
  const units = minorUnitsOf(currency)
  return units === 2 ? fromPaisa(Number(minor)) : Number(minor) / 10 ** units
}

/**
 * The sum of fx_debit − fx_credit before `from` (every line is counted: reversals cancel), from the
 * account's month and day checkpoints (decision 149).
 */
const fxBefore = async (db: Db, account: string, from?: string): Promise<bigint> => {
  if (!from) return 0n
  const s = (await sumsTo(db, { account }, daysBefore(from, 1))).get(account)
  return s ? s.fxDebit - s.fxCredit : 0n
}

interface FxLine {
  date: string
  entry: string
  detail: string
  debit: bigint
  credit: bigint
  fx_debit: bigint
  fx_credit: bigint
  rate: bigint | null
}

/** The account's lines in force from..to in ledger order, with their amounts in both currencies. */
const fxLines = async (db: Db, account: string, range: { from?: string; to?: string }): Promise<FxLine[]> => {
  let q = db
    .selectFrom('posting_lines')
    .select([
      'id',
      'reverses',
      'date',
      'entry',
      'detail',
      'source_type',
      'debit',
      'credit',
      'fx_debit',
      'fx_credit',
      'rate',
    ])
    .where('account', '=', account)
  if (range.from) q = q.where('date', '>=', range.from)
  if (range.to) q = q.where('date', '<=', range.to)
  const rows = await q.orderBy('date').orderBy('place').orderBy('id').execute()
  // A reversal and the line it cancels share account and day, so both are in the range or neither.
  const reversed = new Set(rows.filter((r) => r.reverses !== null).map((r) => Number(r.reverses)))
  return rows
    .filter((r) => r.reverses === null && !reversed.has(Number(r.id)))
    .map((r) => ({
      date: String(r.date),
      entry: entryWithType(String(r.source_type), String(r.entry ?? '')),
      // The one rupee line a foreign account takes is an exchange difference (decision 109): said so,
      // since it shares its entry's detail with the payment beside it.
      detail:
        dbPaisa(r.fx_debit) === 0n && dbPaisa(r.fx_credit) === 0n
          ? `Exchange difference: ${String(r.detail ?? '')}`
          : String(r.detail ?? ''),
      debit: dbPaisa(r.debit),
      credit: dbPaisa(r.credit),
      fx_debit: dbPaisa(r.fx_debit),
      fx_credit: dbPaisa(r.fx_credit),
      rate: r.rate === null ? null : dbPaisa(r.rate),
    }))
}

/** The whole statement of a foreign account over the range. */
export const foreignStatement = async (
  db: Db,
  account: string,
  currency: string,
  range: { from?: string; to?: string },
): Promise<ForeignStatement> => {
  const [fxOpening, pkrOpening, lines] = await Promise.all([
    fxBefore(db, account, range.from),
    range.from ? balanceBefore(db, account, range.from) : Promise.resolve(0n),
    fxLines(db, account, range),
  ])
  let fx = fxOpening
  let pkr = pkrOpening
  const t = { debit: 0n, credit: 0n, debit_pkr: 0n, credit_pkr: 0n }
  const rows = lines.map((l) => {
    fx += l.fx_debit - l.fx_credit
    pkr += l.debit - l.credit
    t.debit += l.fx_debit
    t.credit += l.fx_credit
    t.debit_pkr += l.debit
    t.credit_pkr += l.credit
    return {
      date: l.date,
      entry: l.entry,
      detail: l.detail,
      debit: minorAmount(l.fx_debit, currency),
      credit: minorAmount(l.fx_credit, currency),
      balance: minorAmount(fx, currency),
      rate: l.rate === null ? null : rateOfMicro(l.rate),
      debit_pkr: fromPaisa(Number(l.debit)),
      credit_pkr: fromPaisa(Number(l.credit)),
      balance_pkr: fromPaisa(Number(pkr)),
    }
  })
  return {
    currency,
    opening: minorAmount(fxOpening, currency),
    opening_pkr: fromPaisa(Number(pkrOpening)),
    rows,
    closing: minorAmount(fx, currency),
    closing_pkr: fromPaisa(Number(pkr)),
    totals: {
      debit: minorAmount(t.debit, currency),
      credit: minorAmount(t.credit, currency),
      debit_pkr: fromPaisa(Number(t.debit_pkr)),
      credit_pkr: fromPaisa(Number(t.credit_pkr)),
    },
  }
}

/**
 * A page of a foreign statement: its rows from `offset` (a foreign account's lines are never split,
 * so a row is a book line), the period's figures, and the balances before the page in both.
 */
export const foreignPage = <S extends { opening: number; opening_pkr?: number; rows: ForeignRowLike[] }>(
  whole: S,
  limit: number,
  offset: number,
) => {
  const before = whole.rows[offset - 1]
  return {
    ...whole,
    rows: whole.rows.slice(offset, offset + limit),
    page: {
      offset,
      limit,
      lines_total: whole.rows.length,
      opening: before ? before.balance : whole.opening,
      opening_pkr: before ? (before.balance_pkr ?? 0) : (whole.opening_pkr ?? 0),
    },
  }
}

type ForeignRowLike = { balance: number; balance_pkr?: number }

/** The accounts kept in another currency than rupees, in code order. */
const foreignAccounts = (db: Db, among?: readonly string[]) => {
  let q = db
    .selectFrom('accounts')
    .select(['code', 'address', 'currency', 'kind'])
    .where('currency', '<>', BOOKS_CURRENCY)
    .orderBy('code')
  if (among) q = q.where('code', 'in', [...among])
  return q.execute()
}

/**
 * Every foreign account's balance in its own currency up to `to` (issue 34 item 6): what the
 * rupee reports (trial balance, dashboard) show beside a foreign account's rupee value. Keyed by
 * the account's address as those reports name it (a renamed account's address, else its code).
 * From the month and day checkpoints (decision 149), as the rupee figures beside it.
 */
export const foreignBalances = async (
  db: Db,
  to?: string,
): Promise<Map<string, { currency: string; balance: number }>> => {
  const out = new Map<string, { currency: string; balance: number }>()
  const accounts = await foreignAccounts(db)
  if (accounts.length === 0) return out
  const sums = await sumsTo(db, { accounts: accounts.map((a) => a.code) }, to || undefined)
  for (const a of accounts) {
    const s = sums.get(a.code)
    // An account with no line up to the day has no row, as the reports list it.
    if (!s) continue
    const balance = { currency: a.currency, balance: minorAmount(s.fxDebit - s.fxCredit, a.currency) }
    out.set(a.address ?? a.code, balance)
    out.set(a.code, balance)
  }
  return out
}

/**
 * Report rows in rupees with a foreign account's own balance beside (`currency`, `balance_fx`);
 * a rupee account's row is left exactly as it was.
 */
export const withForeign = <R extends { code: string }>(
  rows: R[],
  foreign: Map<string, { currency: string; balance: number }>,
): Array<R | (R & { currency: string; balance_fx: number })> =>
  rows.map((r) => {
    const f = foreign.get(r.code)
    return f ? { ...r, currency: f.currency, balance_fx: f.balance } : r
  })

/** A foreign party's open balance on a day in its own currency (minor units), for aging (decision 123). */
export interface ForeignOpen {
  currency: string
  /** What is left owed on the day, in the currency's minor units. */
  left: bigint
  /** Per window start: what the party's lines from that start to the day raised, in minor units. */
  raised: bigint[]
}

/**
 * The foreign accounts among `accounts`, with what each leaves owed on `asOf` in its own currency
 * and what its lines raised since each window start (owed on `side`: debit for agents and
 * customers, credit for vendors). Reversals are summed with the lines they cancel, so they net out.
 */
export const foreignOpen = async (
  db: Db,
  accounts: readonly string[],
  side: 'debit' | 'credit',
  asOf: string,
  windowStarts: readonly string[],
): Promise<Map<string, ForeignOpen>> => {
  const out = new Map<string, ForeignOpen>()
  if (accounts.length === 0) return out
  const foreign = await foreignAccounts(db, accounts)
  if (foreign.length === 0) return out
  const codes = foreign.map((a) => a.code)
  // The balance to the day from the checkpoints, what the days raised from posting_days
  // (decision 149): no line is read, and no day older than the earliest window.
  const sums = await sumsTo(db, { accounts: codes }, asOf)
  const raisedBy = new Map<string, bigint[]>()
  const starts = windowStarts.filter((w) => w <= asOf).sort()
  const owed = sql.ref<string>(side === 'debit' ? 'fx_debit' : 'fx_credit')
  for (let i = 0; starts.length > 0 && i < codes.length; i += 500) {
    const rows = await db
      .selectFrom('posting_days')
      .select([
        'account',
        ...windowStarts.map((start, w) =>
          sql<string>`sum(case when date >= ${start} then ${owed} else 0 end)`.as(`w${w}`),
        ),
      ])
      .where('account', 'in', codes.slice(i, i + 500))
      .where('date', '>=', starts[0] as string)
      .where('date', '<=', asOf)
      .groupBy('account')
      .execute()
    for (const r of rows as Record<string, unknown>[])
      raisedBy.set(
        String(r.account),
        windowStarts.map((_, w) => dbPaisa(r[`w${w}`])),
      )
  }
  for (const a of foreign) {
    const s = sums.get(a.code)
    const left = s ? (side === 'debit' ? s.fxDebit - s.fxCredit : s.fxCredit - s.fxDebit) : 0n
    out.set(a.code, {
      currency: a.currency,
      left,
      raised: raisedBy.get(a.code) ?? windowStarts.map(() => 0n),
    })
  }
  return out
}

/** What the parties kept in one currency hold together, in it and in rupees (the dashboard, decision 123). */
export interface ForeignTotal {
  currency: string
  /** The party kind: agent, vendor, customer or bank. */
  kind: string
  /** Debits − credits in the currency. */
  balance: number
  /** Debits − credits in rupees, as the lines carry them. */
  balance_pkr: number
}

/**
 * Every foreign account's balance summed by currency and kind; empty when all the books are rupees.
 * From the month checkpoints (decision 149).
 */
export const foreignTotals = async (db: Db): Promise<ForeignTotal[]> => {
  const accounts = await foreignAccounts(db)
  if (accounts.length === 0) return []
  const sums = await sumsTo(db, { accounts: accounts.map((a) => a.code) })
  const groups = new Map<string, { currency: string; kind: string; fx: bigint; n: bigint }>()
  for (const a of accounts) {
    const s = sums.get(a.code)
    // An account with no lines makes no group, as the lines' join made none.
    if (!s) continue
    const key = `${a.currency}\u0000${a.kind}`
    const g = groups.get(key) ?? { currency: a.currency, kind: a.kind, fx: 0n, n: 0n }
    g.fx += s.fxDebit - s.fxCredit
    g.n += s.debit - s.credit
    groups.set(key, g)
  }
  const byCode = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)
  return [...groups.values()]
    .sort((x, y) => byCode(x.currency, y.currency) || byCode(x.kind, y.kind))
    .map((g) => ({
      currency: g.currency,
      kind: g.kind,
      balance: minorAmount(g.fx, g.currency),
      balance_pkr: fromPaisa(Number(g.n)),
    }))
    .filter((r) => r.balance !== 0 || r.balance_pkr !== 0)
}
