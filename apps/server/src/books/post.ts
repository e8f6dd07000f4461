import { BOOKS_CURRENCY } from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import { dbPaisa } from '../db/money-columns.ts'
import type { Database } from '../db/schema.ts'
import { HttpError } from '../lib/http-error.ts'
import { insertRows, runText } from '../lib/prepared.ts'
import { deferToTail, lockNames } from '../lib/write-locks.ts'
import { accountsFor } from './account-rows.ts'
import { addToDays } from './day-checkpoints.ts'
import { refuseClosed } from './lock.ts'
import {
  BOOKS_FULL,
  type BookSource,
  isSharedAccount,
  type LineMeta,
  linesOf,
  MAX_BOOK_PAISA,
  type Move,
  movesDifference,
  type NettedLine,
} from './moves.ts'
import { type BookingFigures, SALE_TABLES, saleFiguresOf, splitAddOf, splitsSales } from './split.ts'

type Trx = Kysely<Database>

/**
 * The books' one write (issue 21, decision 050). Lines are only ever appended: a record's money
 * changes by a reversal of its current entry (the same lines with their amounts negated, on the
 * same sides, dated on the day of the lines they cancel) followed by a new entry. Each entry has a
 * header in book_entries; posting_months, the day checkpoints and books_totals move by exactly the
 * lines appended.
 */

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

const foreignAccountMessage = (address: string, kept: string, given: string) =>
  `${address.slice(address.indexOf(':') + 1)} keeps its account in ${kept}: an amount in ${given} cannot post to it`

/** A line as appended: paisa, possibly negative on a reversal. */
interface NewLine {
  account: string
  account_id: number
  date: string
  debit: bigint
  credit: bigint
  entry: string
  detail: string
  reverses: number | null
  place: number
  /** What a statement's split of the line adds to each side (decision 080), negated on a reversal. */
  split: bigint
  /** The transaction currency, its amounts (minor units) and rate (issue 34, decision 108). */
  currency: string
  fx_debit: bigint
  fx_credit: bigint
  rate: bigint | null
}

interface CurrentLine {
  id: number
  entry_id: number | null
  account: string
  account_id: number
  date: string
  debit: bigint
  credit: bigint
  entry: string
  detail: string
  place: number
  split: bigint
  currency: string
  fx_debit: bigint
  fx_credit: bigint
  rate: bigint | null
}

/** By account, then currency: the order lines are written and compared in. */
const byLine = (a: { account: string; currency: string }, b: { account: string; currency: string }) =>
  a.account === b.account ? cmp(a.currency, b.currency) : cmp(a.account, b.account)

/** The source's lines in force (its current entry), in account order. */
const currentOf = async (trx: Trx, source: BookSource): Promise<CurrentLine[]> =>
  (
    await runText<Record<Exclude<keyof CurrentLine, 'split'> | 'split_add', unknown>>(
      trx,
      // current_lines' condition, on the table itself: the view predates split_add.
      `select id, entry_id, account, account_id, date, debit, credit, entry, detail, place, split_add,
         currency, fx_debit, fx_credit, rate from posting_lines l
       where source_type = ? and source_id = ? and reverses is null
         and not exists (select 1 from posting_lines r where r.reverses = l.id)`,
      [source.type, source.id],
    )
  )
    .map((l) => ({
      id: Number(l.id),
      entry_id: l.entry_id === null ? null : Number(l.entry_id),
      account: String(l.account),
      account_id: Number(l.account_id),
      date: String(l.date),
      debit: dbPaisa(l.debit),
      credit: dbPaisa(l.credit),
      entry: String(l.entry),
      detail: String(l.detail),
      place: Number(l.place ?? l.id),
      split: dbPaisa(l.split_add),
      currency: String(l.currency),
      fx_debit: dbPaisa(l.fx_debit),
      fx_credit: dbPaisa(l.fx_credit),
      rate: l.rate === null ? null : dbPaisa(l.rate),
    }))
    .sort(byLine)

/**
 * Moves books_totals (the running total of debits) by `delta` and refuses (400) a write that takes
 * it past MAX_BOOK_PAISA. Its one row is locked by every write, last (only the audit follows). A
 * write and a new lock date cannot pass each other: closing the books takes the write lock
 * exclusively, record writes share it (decisions 066, 070).
 */
const bumpTotal = async (trx: Trx, delta: bigint) => {
  if (delta === 0n) return
  // A keyed PostgreSQL write adds it in the commit's tail, the one row every write shares (decision 070).
  if (deferToTail(trx, () => addToTotal(trx, delta))) return
  await addToTotal(trx, delta)
}

const addToTotal = async (trx: Trx, delta: bigint) => {
  const rows = await runText<{ debit: unknown }>(
    trx,
    'update books_totals set debit = debit + ? where id = 1 returning debit',
    [delta.toString()],
  )
  if (dbPaisa(rows[0]?.debit) > MAX_BOOK_PAISA) throw new HttpError(400, BOOKS_FULL, { amount: BOOKS_FULL })
}

interface MonthDelta {
  account: string
  month: string
  n: number
  debit: bigint
  credit: bigint
  fx_debit: bigint
  fx_credit: bigint
}

/** Adds appended lines to their (account, month) checkpoints, in (account, month) order so writers lock alike. */
const addToMonths = async (trx: Trx, lines: readonly NewLine[]) => {
  const delta = new Map<string, MonthDelta>()
  for (const l of lines) {
    const month = l.date.slice(0, 7)
    const key = `${l.account}\u0000${month}`
    const d = delta.get(key) ?? {
      account: l.account,
      month,
      n: 0,
      debit: 0n,
      credit: 0n,
      fx_debit: 0n,
      fx_credit: 0n,
    }
    d.n += 1
    d.debit += l.debit
    d.credit += l.credit
    d.fx_debit += l.fx_debit
    d.fx_credit += l.fx_credit
    delta.set(key, d)
  }
  const moved = [...delta.values()].sort((a, b) =>
    a.account === b.account ? cmp(a.month, b.month) : cmp(a.account, b.account),
  )
  const shared = moved.filter((d) => isSharedAccount(d.account))
  // A keyed PostgreSQL write adds the shared accounts' months in the commit's tail (decision 070).
  if (shared.length > 0 && deferToTail(trx, () => upsertMonths(trx, shared)))
    await upsertMonths(
      trx,
      moved.filter((d) => !isSharedAccount(d.account)),
    )
  else await upsertMonths(trx, moved)
}

/** One statement for all of them; its rows are written in the order listed. */
const upsertMonths = async (trx: Trx, moved: readonly MonthDelta[]) => {
  await insertRows(
    trx,
    'posting_months',
    moved.map((d) => ({
      account: d.account,
      month: d.month,
      n: d.n,
      debit: d.debit.toString(),
      credit: d.credit.toString(),
      fx_debit: d.fx_debit.toString(),
      fx_credit: d.fx_credit.toString(),
    })),
    {
      conflict: `on conflict (account, month) do update set n = posting_months.n + excluded.n,
        debit = posting_months.debit + excluded.debit, credit = posting_months.credit + excluded.credit,
        fx_debit = posting_months.fx_debit + excluded.fx_debit, fx_credit = posting_months.fx_credit + excluded.fx_credit`,
    },
  )
}

const insertHeader = async (
  trx: Trx,
  source: BookSource,
  h: { day: string; entry: string; memo: string; reverses: number | null },
  created_at: string,
) =>
  Number(
    (
      await insertRows<{ id: unknown }>(
        trx,
        'book_entries',
        [
          {
            source_type: source.type,
            source_id: source.id,
            day: h.day,
            entry: h.entry.slice(0, 100),
            memo: h.memo,
            reverses: h.reverses,
            user_id: null,
            audit_id: null,
            created_at,
          },
        ],
        { returning: ['id'] },
      )
    )[0]!.id,
  )

const insertLines = async (
  trx: Trx,
  source: BookSource,
  entryId: number,
  lines: readonly NewLine[],
  created_at: string,
) => {
  if (lines.length === 0) return
  await insertRows(
    trx,
    'posting_lines',
    lines.map((l) => ({
      source_type: source.type,
      source_id: source.id,
      date: l.date,
      account: l.account,
      account_id: l.account_id,
      // Paisa as text: exact past 2^53 on the way in; the columns are integers.
      debit: l.debit.toString() as unknown as number,
      credit: l.credit.toString() as unknown as number,
      entry: l.entry.slice(0, 100),
      detail: l.detail,
      created_at,
      entry_id: entryId,
      reverses: l.reverses,
      place: l.place,
      split_add: l.split.toString() as unknown as number,
      currency: l.currency,
      fx_debit: l.fx_debit.toString() as unknown as number,
      fx_credit: l.fx_credit.toString() as unknown as number,
      rate: l.rate === null ? null : (l.rate.toString() as unknown as number),
    })),
  )
}

/** The next line id or above: a new account line's place sorts after every line written before it. */
const nextPlace = async (trx: Trx) =>
  Number(
    (
      await trx
        .selectFrom('posting_lines')
        .select(sql<string>`coalesce(max(id), 0)`.as('m'))
        .executeTakeFirst()
    )?.m ?? 0,
  ) + 1

export interface PostEntry {
  source: BookSource
  /** The business day the money moved. */
  day: string
  meta: Omit<LineMeta, 'date'>
  moves: readonly Move[]
  /** A sale's booking figures when the caller holds its record (else they are read from it). */
  sale?: BookingFigures
}

/** Whether the source's current lines already say exactly this (same day, texts and amounts). */
const unchanged = (current: readonly CurrentLine[], next: readonly NettedLine[], e: PostEntry) =>
  current.length === next.length &&
  current.every((c, i) => {
    const n = next[i]!
    return (
      c.account === n.account &&
      c.debit === n.debit &&
      c.credit === n.credit &&
      c.currency === n.currency &&
      c.fx_debit === n.fx_debit &&
      c.fx_credit === n.fx_credit &&
      c.rate === n.rate &&
      c.date === e.day &&
      c.entry === e.meta.entry.slice(0, 100) &&
      c.detail === e.meta.detail
    )
  })

/**
 * Makes `moves` the source's money, in the caller's transaction: nothing when they are what it
 * already says; otherwise a reversal of its current entry (if any) and a new entry (if the moves
 * net to anything). Balanced (checked) and netted per account before anything is written.
 * Returns the ids of the entries appended.
 */
export const postEntry = async (trx: Trx, e: PostEntry): Promise<number[]> => {
  const ids = await append(trx, e)
  if (ids.length > 0) {
    const open = unlinked.get(trx) ?? []
    open.push(...ids.map((id) => ({ id, source: e.source })))
    unlinked.set(trx, open)
  }
  return ids
}

/**
 * Entries appended in a transaction and not yet linked to their audit row. A batch of writes can
 * share one transaction (lib/write-batch.ts), so linkAudit also matches the source.
 */
const unlinked = new WeakMap<object, { id: number; source: BookSource }[]>()

const append = async (trx: Trx, e: PostEntry): Promise<number[]> => {
  // Callers name accounts by address; the lines carry each account's code and id (decision 081).
  const netted = linesOf(e.moves).lines
  const settles = movesDifference(netted.map((l) => l.account))
  const refs = await accountsFor(trx, [...new Set(netted.map((l) => l.account))])
  const lines = netted.map((l) => {
    const ref = refs.get(l.account)!
    // A foreign account keeps every line in its currency (decision 108); a rupee account takes any.
    if (
      ref.currency !== BOOKS_CURRENCY &&
      l.currency !== ref.currency &&
      !(l.currency === BOOKS_CURRENCY && settles)
    )
      throw new HttpError(400, foreignAccountMessage(l.account, ref.currency, l.currency))
    return { ...l, account: ref.code, account_id: ref.id }
  })
  lines.sort(byLine)
  const current = await currentOf(trx, e.source)
  // The lock date (decision 066): before anything is written, and before "nothing changed", so an
  // edit of a closed day's record is refused even when its money stays the same.
  const days = [e.day, ...current.map((c) => c.date)]
  await refuseClosed(trx, days)
  // A sale's booking figures decide its party line's split (decision 080). Lines that say the same
  // money but carry a split its record no longer gives (a figure the lines do not show changed)
  // are written again, so the kept split is always the record's.
  const sale: BookingFigures | undefined =
    SALE_TABLES.has(e.source.type) && [...current, ...lines].some((l) => splitsSales(l.account))
      ? (e.sale ?? (await saleFiguresOf(trx, e.source)))
      : undefined
  if (unchanged(current, lines, e) && current.every((c) => c.split === splitAddOf(c, sale))) return []
  // Its parties' and banks' checkpoints, balances and credit checks are this write's alone until it commits.
  await lockNames(
    trx,
    [...current, ...lines].filter((l) => !isSharedAccount(l.account)).map((l) => `account:${l.account}`),
  )
  const created_at = new Date().toISOString()
  const appended: NewLine[] = []
  const ids: number[] = []
  if (current.length > 0) {
    const reversed = current[0]!.entry_id
    const id = await insertHeader(
      trx,
      e.source,
      {
        day: current[0]!.date,
        entry: current[0]!.entry,
        memo: `Reversal: ${current[0]!.detail}`,
        reverses: reversed,
      },
      created_at,
    )
    // Dated on the day of the lines it cancels (that day is open: no month is closed yet), so the
    // pair nets to nothing in every range and every running balance keeps its figures.
    const reversal = current.map((c) => ({
      account: c.account,
      account_id: c.account_id,
      date: c.date,
      debit: -c.debit,
      credit: -c.credit,
      entry: c.entry,
      detail: c.detail,
      reverses: c.id,
      place: c.place,
      split: -c.split,
      currency: c.currency,
      fx_debit: -c.fx_debit,
      fx_credit: -c.fx_credit,
      rate: c.rate,
    }))
    await insertLines(trx, e.source, id, reversal, created_at)
    appended.push(...reversal)
    ids.push(id)
  }
  if (lines.length > 0) {
    const placeOf = new Map(current.map((c) => [c.account, c.place]))
    const fresh = lines.some((l) => !placeOf.has(l.account)) ? await nextPlace(trx) : 0
    const id = await insertHeader(
      trx,
      e.source,
      { day: e.day, entry: e.meta.entry, memo: e.meta.detail, reverses: null },
      created_at,
    )
    const entry = lines.map((l) => ({
      account: l.account,
      account_id: l.account_id,
      date: e.day,
      debit: l.debit,
      credit: l.credit,
      entry: e.meta.entry,
      detail: e.meta.detail,
      reverses: null,
      // An account the record already had keeps its place in the day's order (as an in-place edit did).
      place: placeOf.get(l.account) ?? fresh,
      split: splitAddOf(l, sale),
      currency: l.currency,
      fx_debit: l.fx_debit,
      fx_credit: l.fx_credit,
      rate: l.rate,
    }))
    await insertLines(trx, e.source, id, entry, created_at)
    appended.push(...entry)
    ids.push(id)
  }
  await addToMonths(trx, appended)
  await addToDays(trx, e.source, appended, ids)
  await bumpTotal(
    trx,
    appended.reduce((s, l) => s + l.debit, 0n),
  )
  const foreignDays = appended.filter((l) => l.currency !== BOOKS_CURRENCY).map((l) => l.date)
  if (foreignDays.length > 0) await runForeignHooks(trx, e.source, foreignDays.sort(cmp)[0]!)
  return ids
}

/**
 * Called after an entry appended lines in a foreign currency, with the earliest of their days (the
 * reversed lines' days included): a revaluation of a later day re-reads the balances it restated
 * (decision 142). Registered by revaluation.ts, which posts through this module.
 */
type ForeignLinesHook = (trx: Trx, source: BookSource, from: string) => Promise<void>
const foreignLinesHooks: ForeignLinesHook[] = []
export const onForeignLines = (hook: ForeignLinesHook) => {
  foreignLinesHooks.push(hook)
}
/** Transactions whose hooks wait (the earliest day seen so far, or null): see holdingForeignHooks. */
const held = new WeakMap<object, { from: string | null }>()
const runForeignHooks = async (trx: Trx, source: BookSource, from: string) => {
  const waiting = held.get(trx)
  if (waiting) {
    if (waiting.from === null || from < waiting.from) waiting.from = from
    return
  }
  for (const hook of foreignLinesHooks) await hook(trx, source, from)
}
/**
 * Runs `work` (many entries posted again: a merge) with the hooks held, then once from the
 * earliest day its foreign lines had, so a later revaluation is redone once, on the finished books.
 */
export const holdingForeignHooks = async <T>(trx: Trx, source: BookSource, work: () => Promise<T>) => {
  const waiting = { from: null as string | null }
  held.set(trx, waiting)
  let out: T
  try {
    out = await work()
  } finally {
    held.delete(trx)
  }
  if (waiting.from !== null) await runForeignHooks(trx, source, waiting.from)
  return out
}

/** Reverses the source's current entry (a delete): its money nets to nothing from then on. */
export const reverseEntry = (trx: Trx, source: BookSource) =>
  postEntry(trx, { source, day: '', meta: { entry: '', detail: '' }, moves: [] })

/**
 * Links the entries a change appended in this transaction to its audit row and user (the audit row
 * is written last, after the lines; the header is completed before the transaction commits).
 */
export const linkAudit = async (trx: Trx, source: BookSource, auditId: number, userId: number | null) => {
  const open = unlinked.get(trx) ?? []
  const mine = (e: { source: BookSource }) => e.source.type === source.type && e.source.id === source.id
  const ids = open.filter(mine).map((e) => e.id)
  if (ids.length === 0) return
  unlinked.set(
    trx,
    open.filter((e) => !mine(e)),
  )
  await runText(
    trx,
    `update book_entries set audit_id = ?, user_id = ? where id in (${ids.map(() => '?').join(', ')})`,
    [auditId, userId, ...ids],
  )
}
