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
}

const isIncome = (account: string) => account.startsWith('income:')
const isCost = (account: string) => account.startsWith('cost:')

/**
 * Moves the day checkpoints (migration 0029, decision 068) by exactly the lines an entry write
 * appended, in the write's transaction: posting_days per (account, day), in (account, day) order
 * so two writers take the rows alike, and profit_days per (day, source type). A source counts once
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
    const d = days.get(key) ?? { account: l.account, date: l.date, n: 0, debit: 0n, credit: 0n, split: 0n }
    d.n += 1
    d.debit += l.debit
    d.credit += l.credit
    d.split += l.split
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
  const tail = async () => {
    await upsertDays(trx, shared)
    await addToProfitDays(trx, source, profit, entryIds)
  }
  if (deferToTail(trx, tail))
    await upsertDays(
      trx,
      rows.filter((d) => !isSharedAccount(d.account)),
    )
  else {
    await upsertDays(trx, rows)
    await addToProfitDays(trx, source, profit, entryIds)
  }
}

interface DayDelta {
  account: string
  date: string
  n: number
  debit: bigint
  credit: bigint
  split: bigint
}

const upsertDays = async (trx: Trx, rows: readonly DayDelta[]) => {
  if (rows.length === 0) return
  await sql`insert into posting_days (account, date, n, debit, credit, split_add) values ${sql.join(
    rows.map(
      (d) =>
        sql`(${d.account}, ${d.date}, ${d.n}, ${d.debit.toString()}, ${d.credit.toString()}, ${d.split.toString()})`,
    ),
  )} on conflict (account, date) do update set n = posting_days.n + excluded.n,
      debit = posting_days.debit + excluded.debit, credit = posting_days.credit + excluded.credit,
      split_add = posting_days.split_add + excluded.split_add`.execute(trx)
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
  await sql`INSERT INTO posting_days (account, date, n, debit, credit, split_add)
    SELECT account, date, count(*), sum(debit), sum(credit), sum(split_add)
    FROM posting_lines WHERE account IN (${sql.join([...accounts])}) GROUP BY account, date`.execute(trx)
}
