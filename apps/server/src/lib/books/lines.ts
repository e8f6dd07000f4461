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

const sourceDebits = async (trx: Trx, source: BookSource) => {
  const row = await trx
    .selectFrom('posting_lines')
    .select(sql<string>`coalesce(sum(debit), 0)`.as('d'))
    .where('source_type', '=', source.type)
    .where('source_id', '=', source.id)
    .executeTakeFirst()
  return big(row?.d)
}

/**
 * Replaces the source's posting lines with `moves`, in the caller's transaction: balanced (checked),
 * netted per account, dated `meta.date`. Called on create, edit and restore; removeLines on delete.
 */
export const syncLines = async (trx: Trx, source: BookSource, meta: LineMeta, moves: readonly Move[]) => {
  const { lines, debits } = linesOf(moves)
  const before = await sourceDebits(trx, source)
  await trx
    .deleteFrom('posting_lines')
    .where('source_type', '=', source.type)
    .where('source_id', '=', source.id)
    .execute()
  if (lines.length > 0) {
    const created_at = new Date().toISOString()
    await (trx as unknown as Kysely<any>)
      .insertInto('posting_lines')
      .values(
        lines.map((l) => ({
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
  await bumpTotal(trx, debits - before)
}

/** Removes every line a source posted. */
export const removeLines = async (trx: Trx, source: BookSource) => {
  const before = await sourceDebits(trx, source)
  await trx
    .deleteFrom('posting_lines')
    .where('source_type', '=', source.type)
    .where('source_id', '=', source.id)
    .execute()
  await bumpTotal(trx, -before)
}
