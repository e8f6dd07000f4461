import { type Money, toPaisa } from '@booking/shared'

/**
 * One movement of money between two accounts: debit `debit`, credit `credit`; in rupees as the
 * record forms give them (converted to paisa once, in linesOf), or as exact Money.
 */
export type Move =
  | { debit: string; credit: string; amount: number }
  | { debit: string; credit: string; money: Money }

/** A move of `amount` rupees (none for 0; a negative amount moves the other way). */
export const move = (debit: string, credit: string, amount: number): Move[] => {
  if (!Number.isFinite(amount) || amount === 0) return []
  return amount > 0 ? [{ debit, credit, amount }] : [{ debit: credit, credit: debit, amount: -amount }]
}

/** A move of exact Money (none for 0; a negative amount moves the other way). */
export const moveMoney = (debit: string, credit: string, money: Money): Move[] => {
  if (money.minor === 0n) return []
  return money.minor > 0n
    ? [{ debit, credit, money }]
    : [{ debit: credit, credit: debit, money: { ...money, minor: -money.minor } }]
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

/** Nets the moves per account (paisa, debit positive) and proves they balance. */
export const linesOf = (moves: readonly Move[]) => {
  const net = new Map<string, bigint>()
  for (const m of moves) {
    if ('money' in m && m.money.currency !== 'PKR')
      throw new Error(`A move in ${m.money.currency}: every account is PKR (decision 081)`)
    const paisa = 'money' in m ? m.money.minor : BigInt(toPaisa(m.amount))
    net.set(m.debit, (net.get(m.debit) ?? 0n) + paisa)
    net.set(m.credit, (net.get(m.credit) ?? 0n) - paisa)
  }
  const lines: { account: string; debit: bigint; credit: bigint }[] = []
  let debits = 0n
  let credits = 0n
  for (const [account, n] of net) {
    if (n === 0n) continue
    lines.push({ account, debit: n > 0n ? n : 0n, credit: n < 0n ? -n : 0n })
    if (n > 0n) debits += n
    else credits -= n
  }
  // Balanced by construction; checked anyway before anything is written.
  if (debits !== credits) throw new Error(`Unbalanced posting: debits ${debits} != credits ${credits}`)
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
