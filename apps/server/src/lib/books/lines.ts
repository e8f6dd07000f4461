import { toPaisa } from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { HttpError } from '../http-error.ts'

type Trx = Kysely<Database>

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

const big = (v: unknown) => BigInt(String(v ?? 0))

/**
 * Moves the books' running total of debits; refuses (400) a write that takes it past MAX_BOOK_PAISA.
 * Its one row is locked by every write, so every write takes it last (after its record, journal and
 * ledger rows; only the audit insert follows): a transaction holding it waits for nothing more, and
 * concurrent writes on PostgreSQL queue on it instead of deadlocking.
 */
const bumpTotal = async (trx: Trx, delta: bigint) => {
  if (delta === 0n) return
  const row = await sql<{
    debit: unknown
  }>`update books_totals set debit = debit + ${delta.toString()} where id = 1 returning debit`.execute(trx)
  const total = big(row.rows[0]?.debit)
  if (total > MAX_BOOK_PAISA) throw new HttpError(400, BOOKS_FULL, { amount: BOOKS_FULL })
}

interface StoredLine {
  account: string
  date: string
  debit: bigint
  credit: bigint
}

const sourceLines = async (trx: Trx, source: BookSource): Promise<StoredLine[]> =>
  (
    await trx
      .selectFrom('posting_lines')
      .select(['account', 'date', 'debit', 'credit'])
      .where('source_type', '=', source.type)
      .where('source_id', '=', source.id)
      .execute()
  ).map((l) => ({ account: l.account, date: l.date, debit: big(l.debit), credit: big(l.credit) }))

const debitsOf = (lines: readonly StoredLine[]) => lines.reduce((s, l) => s + l.debit, 0n)

/**
 * Moves the per-account month checkpoints (posting_months, decision 034) from the source's old
 * lines to its new ones. Rows are taken in (account, month) order, so two writers that share
 * accounts lock them in the same order and never wait on each other in a cycle.
 */
const moveMonths = async (trx: Trx, before: readonly StoredLine[], after: readonly StoredLine[]) => {
  const delta = new Map<
    string,
    { account: string; month: string; n: number; debit: bigint; credit: bigint }
  >()
  const add = (l: StoredLine, sign: 1 | -1) => {
    const month = l.date.slice(0, 7)
    const key = `${l.account}\u0000${month}`
    const d = delta.get(key) ?? { account: l.account, month, n: 0, debit: 0n, credit: 0n }
    d.n += sign
    d.debit += sign > 0 ? l.debit : -l.debit
    d.credit += sign > 0 ? l.credit : -l.credit
    delta.set(key, d)
  }
  for (const l of before) add(l, -1)
  for (const l of after) add(l, 1)
  const moved = [...delta.values()]
    .filter((d) => d.n !== 0 || d.debit !== 0n || d.credit !== 0n)
    .sort((a, b) => (a.account === b.account ? cmp(a.month, b.month) : cmp(a.account, b.account)))
  for (const d of moved) {
    await sql`insert into posting_months (account, month, n, debit, credit)
      values (${d.account}, ${d.month}, ${d.n}, ${d.debit.toString()}, ${d.credit.toString()})
      on conflict (account, month) do update set n = posting_months.n + excluded.n,
        debit = posting_months.debit + excluded.debit, credit = posting_months.credit + excluded.credit`.execute(
      trx,
    )
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Replaces the source's posting lines with `moves`, in the caller's transaction: balanced (checked),
 * netted per account, dated `meta.date`. Called on create, edit and restore; removeLines on delete.
 */
export const syncLines = async (trx: Trx, source: BookSource, meta: LineMeta, moves: readonly Move[]) => {
  const { lines, debits } = linesOf(moves)
  // Account order: the month checkpoints are locked in it too (moveMonths).
  lines.sort((a, b) => cmp(a.account, b.account))
  const old = await sourceLines(trx, source)
  // A line whose account stays is changed in place, keeping its id: its place among the account's
  // lines on one day stays where the record's ledger row stays (decision 034).
  const kept = new Set(old.map((l) => l.account))
  const next = new Set(lines.map((l) => l.account))
  const gone = old.filter((l) => !next.has(l.account)).map((l) => l.account)
  if (gone.length > 0)
    await trx
      .deleteFrom('posting_lines')
      .where('source_type', '=', source.type)
      .where('source_id', '=', source.id)
      .where('account', 'in', gone)
      .execute()
  for (const l of lines.filter((l) => kept.has(l.account)))
    await trx
      .updateTable('posting_lines')
      .set({
        date: meta.date,
        debit: l.debit.toString() as unknown as number,
        credit: l.credit.toString() as unknown as number,
        entry: meta.entry.slice(0, 100),
        detail: meta.detail,
      })
      .where('source_type', '=', source.type)
      .where('source_id', '=', source.id)
      .where('account', '=', l.account)
      .execute()
  const added = lines.filter((l) => !kept.has(l.account))
  if (added.length > 0) {
    const created_at = new Date().toISOString()
    await (trx as unknown as Kysely<any>)
      .insertInto('posting_lines')
      .values(
        added.map((l) => ({
          source_type: source.type,
          source_id: source.id,
          date: meta.date,
          account: l.account,
          debit: l.debit.toString(),
          credit: l.credit.toString(),
          entry: meta.entry.slice(0, 100),
          detail: meta.detail,
          created_at,
        })),
      )
      .execute()
  }
  await moveMonths(
    trx,
    old,
    lines.map((l) => ({ ...l, date: meta.date })),
  )
  await bumpTotal(trx, debits - debitsOf(old))
}

/** Removes every line a source posted. */
export const removeLines = async (trx: Trx, source: BookSource) => {
  const old = await sourceLines(trx, source)
  await trx
    .deleteFrom('posting_lines')
    .where('source_type', '=', source.type)
    .where('source_id', '=', source.id)
    .execute()
  await moveMonths(trx, old, [])
  await bumpTotal(trx, -debitsOf(old))
}

/**
 * Moves every line of one account to another (a bank renamed, a customer merged into another) and
 * recounts both accounts' month checkpoints from the lines (posting_months, decision 034). Debits and
 * credits are unchanged, so the books' total and every source's balance stay as they were.
 */
export const moveAccountLines = async (trx: Trx, from: string, to: string) => {
  await trx.updateTable('posting_lines').set({ account: to }).where('account', '=', from).execute()
  await trx.deleteFrom('posting_months').where('account', 'in', [from, to]).execute()
  await sql`INSERT INTO posting_months (account, month, n, debit, credit)
    SELECT account, substr(date, 1, 7), count(*), sum(debit), sum(credit)
    FROM posting_lines WHERE account = ${to} GROUP BY account, substr(date, 1, 7)`.execute(trx)
}
