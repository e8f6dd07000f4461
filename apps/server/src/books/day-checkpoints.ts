import { PAYMENT_TABLES } from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'
import { deferToTail } from '../lib/write-locks.ts'
import { type BookSource, isSharedAccount } from './moves.ts'

type Trx = Kysely<Database>

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** A line as the write appended it: paisa, negative on a reversal. */
interface Appended {
  account: string
  date: string
  debit: bigint
  credit: bigint
  /** What a statement's split of the line adds to each side (decision 080). */
  split: bigint
  /** Its amounts in its own currency (minor units; 0 on a rupee line). */
  fx_debit: bigint
  fx_credit: bigint
}

const isIncome = (account: string) => account.startsWith('income:')
const isCost = (account: string) => account.startsWith('cost:')

/** The record types that sell: a receivable, and a remaining amount the party still owes. */
export const SALE_TABLES: ReadonlySet<string> = new Set(Object.values(PAYMENT_TABLES))
/**
 * Sources whose bank debits the dashboard counts as Paid In Bank (decision 078): sales, agent
 * entries and payments. An Office Accounts entry's bank money is the bank's own business.
 */
export const BANK_IN_SOURCES: ReadonlySet<string> = new Set([...SALE_TABLES, 'agent_entries', 'payments'])
const isParty = (account: string) => account.startsWith('agent:') || account.startsWith('customer:')

/** One source_days delta (paisa). */
interface SourceDay {
  date: string
  type: string
  bankIn: bigint
  owed: bigint
}

/** What the lines add to source_days: bank debits of the counted sources, a sale's party lines. */
const sourceDays = (source: BookSource, lines: readonly Appended[]): SourceDay[] => {
  const bankIn = BANK_IN_SOURCES.has(source.type)
  const sale = SALE_TABLES.has(source.type)
  if (!bankIn && !sale) return []
  const byDay = new Map<string, SourceDay>()
  for (const l of lines) {
    const bank = bankIn && l.account.startsWith('bank:')
    const owed = sale && isParty(l.account)
    if (!bank && !owed) continue
    const d = byDay.get(l.date) ?? { date: l.date, type: source.type, bankIn: 0n, owed: 0n }
    if (bank) d.bankIn += l.debit
    if (owed) d.owed += l.debit - l.credit
    byDay.set(l.date, d)
  }
  return [...byDay.values()]
}

/** Adds to source_days and their months (a few rows, in key order). */
const upsertSourceDays = async (trx: Trx, rows: readonly SourceDay[]) => {
  const moved = rows.filter((r) => r.bankIn !== 0n || r.owed !== 0n).sort((a, b) => cmp(a.date, b.date))
  if (moved.length === 0) return
  await sql`insert into source_days (date, source_type, bank_in, owed) values ${sql.join(
    moved.map((d) => sql`(${d.date}, ${d.type}, ${d.bankIn.toString()}, ${d.owed.toString()})`),
  )} on conflict (date, source_type) do update set bank_in = source_days.bank_in + excluded.bank_in,
      owed = source_days.owed + excluded.owed`.execute(trx)
  const months = new Map<string, SourceDay>()
  for (const d of moved) {
    const key = `${d.date.slice(0, 7)}\u0000${d.type}`
    const m = months.get(key) ?? { date: d.date.slice(0, 7), type: d.type, bankIn: 0n, owed: 0n }
    m.bankIn += d.bankIn
    m.owed += d.owed
    months.set(key, m)
  }
  await sql`insert into source_months (month, source_type, bank_in, owed) values ${sql.join(
    [...months.values()].map(
      (m) => sql`(${m.date}, ${m.type}, ${m.bankIn.toString()}, ${m.owed.toString()})`,
    ),
  )} on conflict (month, source_type) do update set bank_in = source_months.bank_in + excluded.bank_in,
      owed = source_months.owed + excluded.owed`.execute(trx)
}

/**
 * A payment's part of what its record leaves owed, counted on the record's day (decision 078):
 * `paisa` received (negative when a payment is taken back) lowers the record type's owed that day.
 * A record moved to another day takes its payments' part along (`moveOwed`).
 */
export const addPaidToOwed = async (trx: Trx, record: { type: string; date: string }, paisa: bigint) => {
  const rows = [{ date: record.date, type: record.type, bankIn: 0n, owed: -paisa }]
  if (!deferToTail(trx, () => upsertSourceDays(trx, rows))) await upsertSourceDays(trx, rows)
}

/** Moves a record's payments' part of owed (`paid`, paisa received) from its old day to its new one. */
export const moveOwed = async (trx: Trx, type: string, from: string, to: string, paid: bigint) => {
  if (from === to || paid === 0n) return
  const rows = [
    { date: from, type, bankIn: 0n, owed: paid },
    { date: to, type, bankIn: 0n, owed: -paid },
  ]
  if (!deferToTail(trx, () => upsertSourceDays(trx, rows))) await upsertSourceDays(trx, rows)
}

/**
 * Moves the day checkpoints (migration 0029, decision 068) by exactly the lines an entry write
 * appended, in the write's transaction: posting_days per (account, day), in (account, day) order
 * so two writers take the rows alike, profit_days and source_days per (day, source type). A source counts once
 * per day in profit_days.sources (the profit report's "Bookings"): when it had no income or cost
 * line that day before these entries (`entryIds`).
 */
export const addToDays = async (
  trx: Trx,
  source: BookSource,
  lines: readonly Appended[],
  entryIds: readonly number[],
) => {
  if (lines.length === 0) return
  const days = new Map<string, DayDelta>()
  const profit = new Map<string, { income: bigint; cost: bigint }>()
  for (const l of lines) {
    const key = `${l.account}\u0000${l.date}`
    const d = days.get(key) ?? {
      account: l.account,
      date: l.date,
      n: 0,
      debit: 0n,
      credit: 0n,
      split: 0n,
      fx_debit: 0n,
      fx_credit: 0n,
    }
    d.n += 1
    d.debit += l.debit
    d.credit += l.credit
    d.split += l.split
    d.fx_debit += l.fx_debit
    d.fx_credit += l.fx_credit
    days.set(key, d)
    if (isIncome(l.account) || isCost(l.account)) {
      const p = profit.get(l.date) ?? { income: 0n, cost: 0n }
      if (isIncome(l.account)) p.income += l.credit - l.debit
      else p.cost += l.debit - l.credit
      profit.set(l.date, p)
    }
  }
  const rows = [...days.values()].sort((a, b) =>
    a.account === b.account ? cmp(a.date, b.date) : cmp(a.account, b.account),
  )
  // A keyed PostgreSQL write moves the shared accounts' days and the profit days in the commit's
  // tail, as their months (decision 070): rows nearly every write touches stay locked for a moment.
  const shared = rows.filter((d) => isSharedAccount(d.account))
  const bySource = sourceDays(source, lines)
  const tail = async () => {
    await upsertDays(trx, shared)
    await addToProfitDays(trx, source, profit, entryIds)
    await upsertSourceDays(trx, bySource)
  }
  if (deferToTail(trx, tail))
    await upsertDays(
      trx,
      rows.filter((d) => !isSharedAccount(d.account)),
    )
  else {
    await upsertDays(trx, rows)
    await addToProfitDays(trx, source, profit, entryIds)
    await upsertSourceDays(trx, bySource)
  }
}

interface DayDelta {
  account: string
  date: string
  n: number
  debit: bigint
  credit: bigint
  split: bigint
  fx_debit: bigint
  fx_credit: bigint
}

const upsertDays = async (trx: Trx, rows: readonly DayDelta[]) => {
  if (rows.length === 0) return
  await sql`insert into posting_days (account, date, n, debit, credit, split_add, fx_debit, fx_credit) values ${sql.join(
    rows.map(
      (d) =>
        sql`(${d.account}, ${d.date}, ${d.n}, ${d.debit.toString()}, ${d.credit.toString()}, ${d.split.toString()}, ${d.fx_debit.toString()}, ${d.fx_credit.toString()})`,
    ),
  )} on conflict (account, date) do update set n = posting_days.n + excluded.n,
      debit = posting_days.debit + excluded.debit, credit = posting_days.credit + excluded.credit,
      split_add = posting_days.split_add + excluded.split_add,
      fx_debit = posting_days.fx_debit + excluded.fx_debit, fx_credit = posting_days.fx_credit + excluded.fx_credit`.execute(
    trx,
  )
}

const addToProfitDays = async (
  trx: Trx,
  source: BookSource,
  profit: ReadonlyMap<string, { income: bigint; cost: bigint }>,
  entryIds: readonly number[],
) => {
  if (profit.size === 0) return
  const dates = [...profit.keys()].sort(cmp)
  // Days the source already had an income or cost line on, before these entries.
  const seen = new Set(
    (
      await trx
        .selectFrom('posting_lines')
        .select('date')
        .distinct()
        .where('source_type', '=', source.type)
        .where('source_id', '=', source.id)
        .where('date', 'in', dates)
        .where((eb) => eb.or([eb('entry_id', 'is', null), eb('entry_id', 'not in', [...entryIds])]))
        .where((eb) => eb.or([eb('account', 'like', 'income:%'), eb('account', 'like', 'cost:%')]))
        .execute()
    ).map((r) => r.date),
  )
  await sql`insert into profit_days (date, source_type, sources, income, cost) values ${sql.join(
    dates.map((date) => {
      const p = profit.get(date)!
      return sql`(${date}, ${source.type}, ${seen.has(date) ? 0 : 1}, ${p.income.toString()}, ${p.cost.toString()})`
    }),
  )} on conflict (date, source_type) do update set sources = profit_days.sources + excluded.sources,
      income = profit_days.income + excluded.income, cost = profit_days.cost + excluded.cost`.execute(trx)
}

/** Recounts an account's day checkpoints from its lines (a bank renamed, a customer merged). */
export const recountDays = async (trx: Trx, accounts: readonly string[]) => {
  await trx
    .deleteFrom('posting_days')
    .where('account', 'in', [...accounts])
    .execute()
  await sql`INSERT INTO posting_days (account, date, n, debit, credit, split_add, fx_debit, fx_credit)
    SELECT account, date, count(*), sum(debit), sum(credit), sum(split_add), sum(fx_debit), sum(fx_credit)
    FROM posting_lines WHERE account IN (${sql.join([...accounts])}) GROUP BY account, date`.execute(trx)
}

/**
 * A void (decision 092): the source no longer counts among the profit report's "Bookings" on the
 * days it had income or cost lines. Its lines were reversed (income and cost net to 0 there); the
 * count is the one figure a reversal leaves as it was, since it counts sources, not money.
 */
export const uncountSource = async (trx: Trx, source: BookSource) => {
  const days = (
    await trx
      .selectFrom('posting_lines')
      .select('date')
      .distinct()
      .where('source_type', '=', source.type)
      .where('source_id', '=', source.id)
      .where((eb) => eb.or([eb('account', 'like', 'income:%'), eb('account', 'like', 'cost:%')]))
      .execute()
  )
    .map((r) => r.date)
    .sort(cmp)
  if (days.length === 0) return
  const work = async () => {
    await trx
      .updateTable('profit_days')
      .set((eb) => ({ sources: eb('sources', '-', 1) }))
      .where('source_type', '=', source.type)
      .where('date', 'in', days)
      .where('sources', '>', 0)
      .execute()
  }
  if (!deferToTail(trx, work)) await work()
}
