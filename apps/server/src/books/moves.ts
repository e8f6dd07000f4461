import { allocatePaisa, BOOKS_CURRENCY, type Money, minorUnitsOf, moneyOfRupees } from '@booking/shared'

/**
 * One movement of money between two accounts: debit `debit`, credit `credit`, as exact Money
 * (currency + bigint minor units). Money in another currency than PKR carries its rate,
 * micro-rupees per unit (issue 34, decision 108). Rupees typed on a form become Money once, in
 * `move` (decision 127); nothing after it sees a JS number.
 */
export type Move = {
  debit: string
  credit: string
  money: Money
  rate?: bigint
  /**
   * The rupees (paisa) of Money in another currency, when they are known already: a line posted
   * again as it was (a merge, decision 144) keeps its rupees instead of being rounded afresh.
   */
  paisa?: bigint
}

/** A move of `amount` rupees as a form gives them (none for 0; a negative amount moves the other way). */
export const move = (debit: string, credit: string, amount: number): Move[] =>
  Number.isFinite(amount) ? moveMoney(debit, credit, moneyOfRupees(amount)) : []

/** A move of exact Money (none for 0; a negative amount moves the other way); `rate` for a foreign currency. */
export const moveMoney = (debit: string, credit: string, money: Money, rate?: bigint): Move[] => {
  if (money.minor === 0n) return []
  const r = rate === undefined ? {} : { rate }
  return money.minor > 0n
    ? [{ debit, credit, money, ...r }]
    : [{ debit: credit, credit: debit, money: { ...money, minor: -money.minor }, ...r }]
}

/** The record behind a set of lines: its table (or "payments") and id. */
export interface BookSource {
  type: string
  id: number
}

export interface LineMeta {
  /** The business day the money moved. */
  date: string
  entry: string
  detail: string
}

/** The most the books' total debits may reach, in paisa: every sum of them stays exact as a JS number. */
export const MAX_BOOK_PAISA = BigInt(Number.MAX_SAFE_INTEGER)
export const BOOKS_FULL =
  "This amount would take the books' total past Rs 90,071,992,547,409.91, the most they keep exactly"

/** A netted line: rupees (paisa) always; a foreign line also its amount in `currency` and the rate. */
export interface NettedLine {
  account: string
  currency: string
  debit: bigint
  credit: bigint
  fx_debit: bigint
  fx_credit: bigint
  /** Micro-rupees per unit; null on a rupee line. */
  rate: bigint | null
}

export const UNBALANCED_RATES = 'One entry uses one rate per currency'

/**
 * Where the rupee difference of a foreign balance settled in its currency goes (issue 34 item 4,
 * decision 109): the entry that settles it carries a rupee line on the party's foreign account
 * against this one, the only rupee line a foreign account takes.
 */
export const REALISED = 'expense:Exchange gain/loss (realised)'

/**
 * Where a month-end revaluation restates the open foreign balances (issue 34 item 5, decision
 * 121): its entry, and the next day's reversal, carry rupee lines on foreign accounts against this one.
 */
export const UNREALISED = 'expense:Exchange gain/loss (unrealised)'

/** Whether an entry's lines may put rupees on a foreign account: it moves an exchange difference. */
export const movesDifference = (accounts: readonly string[]) =>
  accounts.some((a) => a === REALISED || a === UNREALISED)

/**
 * Nets the moves per account and currency, and proves they balance: in each currency (its minor
 * units) and in rupees. A foreign currency's lines are converted to paisa together, rounded once
 * (decision 108: largest remainder), so they balance in rupees as they do in their currency.
 */
export const linesOf = (moves: readonly Move[]) => {
  const net = new Map<string, { account: string; currency: string; minor: bigint }>()
  const rates = new Map<string, bigint>()
  // The rupees moves carried (null once a move into the line carried none).
  const known = new Map<string, bigint | null>()
  for (const m of moves) {
    const { currency, minor } = m.money
    if (currency !== BOOKS_CURRENCY) {
      const rate = m.rate
      if (rate === undefined || rate <= 0n) throw new Error(`A move in ${currency} needs a rate`)
      minorUnitsOf(currency)
      const seen = rates.get(currency)
      if (seen !== undefined && seen !== rate) throw new Error(UNBALANCED_RATES)
      rates.set(currency, rate)
    }
    for (const [account, signed] of [
      [m.debit, minor],
      [m.credit, -minor],
    ] as const) {
      const key = `${account}\u0000${currency}`
      const n = net.get(key) ?? { account, currency, minor: 0n }
      n.minor += signed
      net.set(key, n)
      const was = known.has(key) ? known.get(key)! : 0n
      known.set(
        key,
        was === null || m.paisa === undefined ? null : was + (account === m.debit ? m.paisa : -m.paisa),
      )
    }
  }
  const kept = [...net.values()].filter((n) => n.minor !== 0n)
  const paisa = new Map<(typeof kept)[number], bigint>()
  for (const [currency, rate] of rates) {
    const group = kept.filter((n) => n.currency === currency)
    // Every line's rupees known (a line posted again as it was): kept, and proved balanced below.
    const given = group.map((n) => known.get(`${n.account}\u0000${n.currency}`))
    if (given.every((p) => p !== null && p !== undefined)) {
      if (given.reduce((s, p) => s! + p!, 0n) !== 0n)
        throw new Error(`Unbalanced posting in ${currency}'s rupees`)
      for (const [i, n] of group.entries()) paisa.set(n, given[i]!)
      continue
    }
    const d = 10n ** BigInt(minorUnitsOf(currency) + 4)
    const allocated = allocatePaisa(
      group.map((n) => n.minor * rate),
      d,
    )
    for (const [i, n] of group.entries()) paisa.set(n, allocated[i]!)
  }
  const lines: NettedLine[] = []
  let debits = 0n
  let credits = 0n
  const fx = new Map<string, bigint>()
  for (const n of kept) {
    const foreign = n.currency !== BOOKS_CURRENCY
    const p = foreign ? paisa.get(n)! : n.minor
    lines.push({
      account: n.account,
      currency: n.currency,
      debit: p > 0n ? p : 0n,
      credit: p < 0n ? -p : 0n,
      fx_debit: foreign && n.minor > 0n ? n.minor : 0n,
      fx_credit: foreign && n.minor < 0n ? -n.minor : 0n,
      rate: foreign ? rates.get(n.currency)! : null,
    })
    if (p > 0n) debits += p
    else credits -= p
    if (foreign) fx.set(n.currency, (fx.get(n.currency) ?? 0n) + n.minor)
  }
  // Balanced by construction; checked anyway before anything is written.
  if (debits !== credits) throw new Error(`Unbalanced posting: debits ${debits} != credits ${credits}`)
  for (const [currency, n] of fx) if (n !== 0n) throw new Error(`Unbalanced posting in ${currency}: ${n}`)
  return { lines, debits }
}

/**
 * Accounts nearly every write posts to (Cash in Office, income, costs, expenses, accrued costs,
 * equity) and whose balance no write reads to decide anything: a keyed PostgreSQL write does not
 * lock them, and adds their month and day checkpoints in the commit's tail (decision 070). A
 * party's or bank's balance is read by the credit check, so those accounts are locked and written at once.
 */
const SHARED_ACCOUNT = /^(cash|income|cost|expense|accrued|equity)(:|$)/
export const isSharedAccount = (account: string) => SHARED_ACCOUNT.test(account)
