import { toPaisa } from '@booking/shared'

/** One movement of money between two accounts, in rupees: debit `debit`, credit `credit`. */
export interface Move {
  debit: string
  credit: string
  amount: number
}

/** A move of `amount` rupees (none for 0; a negative amount moves the other way). */
export const move = (debit: string, credit: string, amount: number): Move[] => {
  if (!Number.isFinite(amount) || amount === 0) return []
  return amount > 0 ? [{ debit, credit, amount }] : [{ debit: credit, credit: debit, amount: -amount }]
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
    const paisa = BigInt(toPaisa(m.amount))
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
