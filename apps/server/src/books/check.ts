import {
  type BooksCheck,
  type BooksDivergence,
  CASH_IN_OFFICE,
  fromPaisa,
  PROFIT_FORMULAS,
  RECORD_SPECS,
  type RecordTable,
} from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import type { Db } from '../db/connect.ts'
import { dbKind } from '../db/dialect.ts'
import { dbPaisa } from '../db/money-columns.ts'
import type { Database } from '../db/schema.ts'
import { CASH } from './accounts.ts'
import { BANK_IN_SOURCES, SALE_TABLES } from './day-checkpoints.ts'
import { lockedThrough } from './lock.ts'
import { REALISED, UNREALISED } from './moves.ts'
import { PAYMENT_TABLES } from './paid-records.ts'
import { lineSplitSql } from './split.ts'

/**
 * The books check (issue 26 item 2, decision 073). Posting lines are the only derived money store
 * (decision 072) and are only ever appended, so what can still diverge is: an entry that does not
 * balance, a reversal that does not cancel its line exactly, and the stored sums of lines (the
 * month checkpoints `posting_months`, the books' total `books_totals`). The incremental check
 * proves those for the lines written since the last verified point (`books_verified`): their
 * entries and reversals, the total, and each month checkpoint they touched, recounted from its lines.
 * The full check (`npm run check-books`) proves them for every line, and also what is kept beside
 * them: the day checkpoints (posting_days, profit_days, source_days and source_months) against their lines, the
 * dashboard rows' counts, the ledgers' month counts (per name and all names), each record's stored
 * remaining and payments total, and the copies issue 32 item 7 names: a sale's profit (against its
 * income and cost lines), a customer refund's remaining and balance, a cash count's expected and
 * difference (against its cash lines). No money is copied anywhere else (decisions 072 and 078).
 */

const rupees = (paisa: bigint) => fromPaisa(Number(paisa))

/**
 * Whether a record type keeps `column` (its RecordSpec's columns): the checks below read a void mark
 * or a payable's currency only where the type has one, so a type given one later is checked the same.
 */
const keeps = (table: string, column: string) =>
  (RECORD_SPECS[table as RecordTable].columns as readonly string[]).includes(column)

type K = Kysely<Database>
type Figures = Map<string, bigint>

export type CheckAnswer = Required<Omit<BooksCheck, 'first_divergence'>> &
  Pick<BooksCheck, 'first_divergence'>

class Comparer {
  checked = 0
  first: BooksDivergence | undefined
  compare(check: string, account: string, row: string, stored: bigint, computed: bigint) {
    this.checked++
    if (!this.first && stored !== computed)
      this.first = { check, account, row, stored: rupees(stored), computed: rupees(computed) }
  }
  compareAll(check: string, row: string, stored: Figures, computed: Figures) {
    for (const k of [...new Set([...stored.keys(), ...computed.keys()])].sort())
      this.compare(check, k, row, stored.get(k) ?? 0n, computed.get(k) ?? 0n)
  }
}

const collect = async (
  rows: Promise<Record<string, unknown>[]>,
  key: (r: Record<string, unknown>) => string,
) => {
  const out: Figures = new Map()
  for (const r of await rows) out.set(key(r), (out.get(key(r)) ?? 0n) + dbPaisa(r.n))
  return out
}

/**
 * Runs `fn` on one connection inside a read snapshot, so lines, checkpoints and totals are read as
 * of one moment while writers go on (SQLite WAL: a deferred BEGIN; PostgreSQL: repeatable read).
 */
const inSnapshot = <T>(db: Db, fn: (k: K) => Promise<T>): Promise<T> =>
  db.connection().execute(async (c) => {
    const k = c as unknown as K
    const begin =
      dbKind(db) === 'postgres' ? sql`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY` : sql`BEGIN DEFERRED`
    await begin.execute(k)
    try {
      return await fn(k)
    } finally {
      await sql`COMMIT`.execute(k)
    }
  })

/** Each entry among the lines after `after` (up to `to`) balances; each reversal cancels its line. */
const proveLines = async (k: K, c: Comparer, after: number, to: number) => {
  const entries = await k
    .selectFrom('posting_lines')
    .select(['entry_id', sql<string>`sum(debit) - sum(credit)`.as('n')])
    .where('id', '>', after)
    .where('id', '<=', to)
    .groupBy('entry_id')
    .execute()
  for (const e of entries) c.compare('entry balanced', '', `entry ${e.entry_id}`, 0n, dbPaisa(e.n))
  // Issue 34 (decision 108): each currency's lines of an entry balance in that currency and, rounded
  // once together, in rupees; a foreign account's lines are all in its currency.
  const foreign = await k
    .selectFrom('posting_lines')
    .select([
      'entry_id',
      'currency',
      sql<string>`sum(fx_debit) - sum(fx_credit)`.as('fx'),
      sql<string>`sum(debit) - sum(credit)`.as('n'),
    ])
    .where('id', '>', after)
    .where('id', '<=', to)
    .where('currency', '<>', 'PKR')
    .groupBy(['entry_id', 'currency'])
    .execute()
  for (const e of foreign) {
    c.compare('entry balanced in its currency', e.currency, `entry ${e.entry_id}`, 0n, dbPaisa(e.fx))
    c.compare('entry balanced in rupees per currency', e.currency, `entry ${e.entry_id}`, 0n, dbPaisa(e.n))
  }
  const strays = await k
    .selectFrom('posting_lines as l')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .select(['l.id', 'a.code'])
    .where('l.id', '>', after)
    .where('l.id', '<=', to)
    .where('a.currency', '<>', 'PKR')
    .where(sql<boolean>`l.currency <> a.currency`)
    // A settlement's or a revaluation's rupee difference (decisions 109, 121): a rupee line beside
    // the realised or unrealised account's.
    .where(
      sql<boolean>`not (l.currency = 'PKR' and exists (select 1 from posting_lines x where x.entry_id = l.entry_id and x.account in (${REALISED}, ${UNREALISED})))`,
    )
    .execute()
  for (const r of strays) c.compare('line in its account’s currency', r.code, `line ${r.id}`, 0n, 1n)
  const reversals = await k
    .selectFrom('posting_lines as r')
    .innerJoin('posting_lines as l', 'l.id', 'r.reverses')
    .select('r.id')
    .where('r.id', '>', after)
    .where('r.id', '<=', to)
    .where(
      sql<boolean>`(r.account <> l.account or r.date <> l.date or r.source_id <> l.source_id or r.debit + l.debit <> 0 or r.credit + l.credit <> 0 or r.split_add + l.split_add <> 0 or r.currency <> l.currency or r.fx_debit + l.fx_debit <> 0 or r.fx_credit + l.fx_credit <> 0 or coalesce(r.rate, 0) <> coalesce(l.rate, 0))`,
    )
    .execute()
  for (const r of reversals) c.compare('reversal', '', `line ${r.id}`, 0n, 1n)
}

/**
 * The month checkpoints of `pairs` (account, month; every one when omitted) against their lines
 * up to `to`, each pair on the lines' (account, date) index.
 */
const proveMonths = async (k: K, c: Comparer, to: number, pairs?: { account: string; month: string }[]) => {
  for (const batch of pairs ? chunks(pairs, 100) : [undefined]) {
    const stored = batch
      ? sql<MonthSums>`SELECT account, month, n, debit, credit, fx_debit, fx_credit FROM posting_months WHERE ${sql.join(
          batch.map((p) => sql`(account = ${p.account} AND month = ${p.month})`),
          sql` OR `,
        )}`
      : sql<MonthSums>`SELECT account, month, n, debit, credit, fx_debit, fx_credit FROM posting_months`
    const lines = batch
      ? sql`(${sql.join(
          batch.map(
            (p) =>
              sql`(account = ${p.account} AND date >= ${`${p.month}-00`} AND date <= ${`${p.month}-99`})`,
          ),
          sql` OR `,
        )})`
      : sql`1 = 1`
    const computed = sql<MonthSums>`SELECT account, substr(date, 1, 7) AS month, count(*) AS n,
        sum(debit) AS debit, sum(credit) AS credit, sum(fx_debit) AS fx_debit, sum(fx_credit) AS fx_credit
      FROM posting_lines WHERE id <= ${to} AND ${lines} GROUP BY account, substr(date, 1, 7)`
    const s = (await stored.execute(k)).rows
    const m = (await computed.execute(k)).rows
    for (const column of COLUMNS) {
      const pick = (rows: MonthSums[]) =>
        new Map(rows.map((r) => [`${r.account} ${r.month}`, dbPaisa(r[column])] as const))
      c.compareAll(`posting checkpoint ${column}`, 'posting_months', pick(s), pick(m))
    }
  }
}

interface MonthSums {
  account: string
  month: string
  n: unknown
  debit: unknown
  credit: unknown
  fx_debit: unknown
  fx_credit: unknown
}

/** A checkpoint's figures: its lines' count, rupee sums and sums in their own currency (decision 149). */
const COLUMNS = ['n', 'debit', 'credit', 'fx_debit', 'fx_credit'] as const

const chunks = <T>(xs: T[], n: number) => {
  const out: T[][] = []
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n))
  return out
}

/**
 * The statements' split checkpoint (decision 080) for the lines after `after` (up to `to`): each
 * one in force carries what its record's split gives now (a sale's line on its party's account;
 * every other line 0), and each day it moved holds its lines' sum. Full: every line and day.
 */
const proveSplits = async (k: K, c: Comparer, after: number, to: number, full: boolean) => {
  const rule = lineSplitSql()
  // One pass over the lines; a reversed line's record may have moved on since (its reversal is
  // proved to negate it), so only lines in force are held to their record.
  const { rows } = await sql<{ id: unknown; account: string; s: unknown; v: unknown }>`SELECT l.id,
      l.account, l.split_add AS s, ${rule} AS v FROM posting_lines l
    WHERE l.id > ${after} AND l.id <= ${to} AND l.reverses IS NULL AND l.split_add <> ${rule}
      AND NOT EXISTS (SELECT 1 FROM posting_lines r WHERE r.reverses = l.id AND r.id <= ${to})`.execute(k)
  c.checked++
  for (const r of rows) c.compare('split', r.account, `line ${r.id}`, dbPaisa(r.s), dbPaisa(r.v))
  const key = (r: Record<string, unknown>) => `${r.account} ${r.date}`
  if (full) {
    const stored = await collect(
      sql<
        Record<string, unknown>
      >`SELECT account, date, split_add AS n FROM posting_days WHERE split_add <> 0`
        .execute(k)
        .then((r) => r.rows),
      key,
    )
    const computed = await collect(
      sql<Record<string, unknown>>`SELECT account, date, sum(split_add) AS n FROM posting_lines
        WHERE id <= ${to} AND split_add <> 0 GROUP BY account, date`
        .execute(k)
        .then((r) => r.rows),
      key,
    )
    c.compareAll('split checkpoint', 'posting_days', stored, computed)
    return
  }
  const { rows: days } = await sql<{ account: string; date: string }>`SELECT DISTINCT account, date
    FROM posting_lines l WHERE l.id > ${after} AND l.id <= ${to} AND l.split_add <> 0`.execute(k)
  for (const batch of chunks(days, 100)) {
    const where = sql.join(
      batch.map((d) => sql`(account = ${d.account} AND date = ${d.date})`),
      sql` OR `,
    )
    const stored = await collect(
      sql<Record<string, unknown>>`SELECT account, date, split_add AS n FROM posting_days WHERE ${where}`
        .execute(k)
        .then((r) => r.rows),
      key,
    )
    const computed = await collect(
      sql<Record<string, unknown>>`SELECT account, date, sum(split_add) AS n FROM posting_lines
        WHERE id <= ${to} AND (${where}) GROUP BY account, date`
        .execute(k)
        .then((r) => r.rows),
      key,
    )
    c.compareAll('split checkpoint', 'posting_days', stored, computed)
  }
}

const totalDebits = async (k: K, after: number, to: number) =>
  dbPaisa(
    (
      await k
        .selectFrom('posting_lines')
        .select(sql<string>`coalesce(sum(debit), 0)`.as('n'))
        .where('id', '>', after)
        .where('id', '<=', to)
        .executeTakeFirst()
    )?.n,
  )

/**
 * What is still kept beside the lines (full check only): the dashboard's source_days and row
 * counts, the ledgers' month counts, the records' remaining amounts.
 */
const proveCopies = async (k: K, c: Comparer) => {
  // Cash in Office's running column walks All Bookings: every cash line's source has its row there.
  const unlisted = await sql<{
    n: unknown
  }>`SELECT coalesce(sum(l.debit - l.credit), 0) AS n FROM posting_lines l
    WHERE l.account = ${CASH} AND NOT EXISTS (SELECT 1 FROM journal_rows j
      WHERE j.source_type = l.source_type AND j.source_id = l.source_id)`.execute(k)
  c.compare('cash in office', CASH_IN_OFFICE, 'journal', 0n, dbPaisa(unlisted.rows[0]?.n))

  // The day checkpoints against their lines (decision 068).
  for (const col of COLUMNS) {
    const stored = await collect(
      k
        .selectFrom('posting_days')
        .select(['account', 'date', sql.ref(col).as('n')])
        .execute(),
      (r) => `${r.account} ${r.date}`,
    )
    const computed = await collect(
      k
        .selectFrom('posting_lines')
        .select([
          'account',
          'date',
          (col === 'n' ? sql<string>`count(*)` : sql<string>`sum(${sql.ref(col)})`).as('n'),
        ])
        .groupBy(['account', 'date'])
        .execute(),
      (r) => `${r.account} ${r.date}`,
    )
    c.compareAll(`day checkpoint ${col}`, 'posting_days', stored, computed)
  }
  for (const [col, expr] of [
    ['income', sql<string>`sum(CASE WHEN account LIKE 'income:%' THEN credit - debit ELSE 0 END)`],
    ['cost', sql<string>`sum(CASE WHEN account LIKE 'cost:%' THEN debit - credit ELSE 0 END)`],
  ] as const) {
    const stored = await collect(
      k
        .selectFrom('profit_days')
        .select(['source_type', 'date', sql.ref(col).as('n')])
        .execute(),
      (r) => `${r.source_type} ${r.date}`,
    )
    const computed = await collect(
      k
        .selectFrom('posting_lines')
        .select(['source_type', 'date', expr.as('n')])
        .where((eb) => eb.or([eb('account', 'like', 'income:%'), eb('account', 'like', 'cost:%')]))
        .groupBy(['source_type', 'date'])
        .execute(),
      (r) => `${r.source_type} ${r.date}`,
    )
    c.compareAll(`profit checkpoint ${col}`, 'profit_days', stored, computed)
  }

  // source_days against the lines it sums (decision 078), per day and type.
  for (const col of ['bank_in', 'owed'] as const) {
    const stored = await collect(
      k
        .selectFrom('source_days')
        .select(['date', 'source_type', sql.ref(col).as('n')])
        .execute(),
      (r) => `${r.source_type} ${r.date}`,
    )
    const computed = await collect(sourceDaysFromLines(k, col), (r) => `${r.source_type} ${r.date}`)
    c.compareAll(`source days ${col}`, 'source_days', stored, computed)
    const months = await collect(
      k
        .selectFrom('source_months')
        .select(['month', 'source_type', sql.ref(col).as('n')])
        .execute(),
      (r) => `${r.source_type} ${r.month}`,
    )
    const summed = new Map<string, bigint>()
    for (const [key, n] of computed) {
      const [type, date] = key.split(' ') as [string, string]
      const m = `${type} ${date.slice(0, 7)}`
      summed.set(m, (summed.get(m) ?? 0n) + n)
    }
    c.compareAll(`source months ${col}`, 'source_months', months, summed)
  }

  // The journal's trigger-kept row counts per month and type.
  const stored = await collect(
    k.selectFrom('journal_months').select(['month', 'source_type', 'n']).execute(),
    (r) => `${r.source_type} ${r.month}`,
  )
  const computed = await collect(
    k
      .selectFrom('journal_rows')
      .select([sql<string>`substr(date, 1, 7)`.as('month'), 'source_type', sql<string>`count(*)`.as('n')])
      .groupBy([sql`substr(date, 1, 7)`, 'source_type'])
      .execute(),
    (r) => `${r.source_type} ${r.month}`,
  )
  c.compareAll('journal checkpoint n', 'journal_months', stored, computed)

  // Records: remaining = receivable (+ tax added) − paid cash − paid in bank − payments; payments_total
  // = their sum. A void ticket owes nothing: its remaining is 0 (decision 092).
  for (const [type, table] of Object.entries(PAYMENT_TABLES)) {
    const voided = keeps(table, 'voided_at') ? sql`t.voided_at` : sql`''`
    // A sales tax added on top of the price is owed too (issue 36, decision 089).
    const { rows } = await sql<Record<string, unknown>>`SELECT t.id, t.receivable_amount, t.paid_cash,
        t.paid_in_bank, t.payments_total, t.remaining_amount, ${voided} AS voided_at,
        (SELECT coalesce(sum(x.tax_amount), 0) FROM sale_taxes x WHERE x.source_type = ${table}
          AND x.source_id = t.id AND x.inclusive = 0) AS tax_added,
        (SELECT coalesce(sum(p.amount), 0) FROM payments p WHERE p.source_type = ${type} AND p.source_id = t.id) AS paid_later
      FROM ${sql.table(table)} t`.execute(k)
    for (const r of rows) {
      c.compare('payments', table, String(r.id), dbPaisa(r.payments_total), dbPaisa(r.paid_later))
      const remaining = r.voided_at
        ? 0n
        : dbPaisa(r.receivable_amount) +
          dbPaisa(r.tax_added) -
          dbPaisa(r.paid_cash) -
          dbPaisa(r.paid_in_bank) -
          dbPaisa(r.paid_later)
      c.compare('remaining', table, String(r.id), dbPaisa(r.remaining_amount), remaining)
    }
  }

  // Stored copies of figures (issue 32 item 7): each proved against the books or the typed figures
  // it is made of, so none can drift unseen.
  // A sale's profit: its typed figures' formula (shared calc.ts), and what its lines put in income
  // less cost of sales wherever they carry a cost or the formula says there is one (a payable with
  // no vendor posts its cost to the type's costs to pay, decision 146). A record saved before that
  // whose day was already closed kept its lines (the upgrade cannot post there): only its formula.
  const through = await lockedThrough(k)
  const PROFIT = Object.fromEntries(
    PROFIT_FORMULAS.map(({ table, from, less, whenLessPositive }) => {
      const typed = sql.join(
        [from, ...less].map((c) => sql.ref(`t.${c}`)),
        sql` - `,
      )
      const first = sql.ref(`t.${less[0]}`)
      return [
        table,
        {
          formula: whenLessPositive ? sql`CASE WHEN ${first} > 0 THEN ${typed} END` : typed,
          receivable: sql.ref(`t.${from}`),
        },
      ]
    }),
  )
  for (const [table, { formula, receivable }] of Object.entries(PROFIT)) {
    // A void ticket's entry is reversed (decision 092): its books profit is 0, its typed one stays.
    const voided = keeps(table, 'voided_at') ? sql`t.voided_at` : sql`NULL`
    // A sale payable in another currency (an Umrah's, issue 34, decision 109): its profit is the receivable
    // less the payable's rupees as its lines rounded them, so the books' figure is the formula.
    // A sale in another currency (decision 137) likewise: its receivable's rupees as its lines rounded them.
    const payableIn = sql`CASE WHEN ${keeps(table, 'vendor_currency') ? sql`t.vendor_currency` : sql`'PKR'`} <> 'PKR'
      OR ${keeps(table, 'currency') ? sql`t.currency` : sql`'PKR'`} <> 'PKR' THEN 'X' ELSE 'PKR' END`
    // A void foreign-currency Ticket (decision 136): its profit is what its last entry, the one the void
    // reversed, put in income less cost of sales.
    const lastEntry = keeps(table, 'voided_at')
      ? sql`CASE WHEN t.voided_at <> '' THEN (SELECT coalesce(sum(l.credit - l.debit), 0) FROM posting_lines l
            WHERE l.source_type = ${table} AND l.source_id = t.id AND l.reverses IS NULL
              AND (l.account LIKE 'income:%' OR l.account LIKE 'cost:%')
              AND l.entry_id = (SELECT max(m.entry_id) FROM posting_lines m WHERE m.source_type = ${table}
                AND m.source_id = t.id AND m.reverses IS NULL)) END`
      : sql`NULL`
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT t.id, t.profit, ${formula} AS typed, ${payableIn} AS payable_in, ${voided} AS voided_at,
        ${lastEntry} AS last_entry, ${receivable} AS receivable,
        ${
          through === null
            ? sql`NULL`
            : sql`(SELECT max(l.date) FROM current_lines l WHERE l.source_type = ${table}
                AND l.source_id = t.id)`
        } AS day,
        (SELECT coalesce(sum(l.credit - l.debit), 0) FROM posting_lines l WHERE l.source_type = ${table}
          AND l.source_id = t.id AND (l.account LIKE 'income:%' OR l.account LIKE 'cost:%')) AS books,
        (SELECT coalesce(sum(CASE WHEN l.reverses IS NULL THEN 1 ELSE -1 END), 0) FROM posting_lines l
          WHERE l.source_type = ${table} AND l.source_id = t.id AND l.account LIKE 'cost:%') AS costs
      FROM ${sql.table(table)} t`.execute(k)
    // costs: the cost lines in force (each reversal cancels one line).
    for (const r of rows) {
      const books = r.voided_at ? r.last_entry : r.books
      const typed = r.typed === null ? -1n : r.payable_in !== 'PKR' ? dbPaisa(books) : dbPaisa(r.typed)
      c.compare('profit', table, String(r.id), r.profit === null ? -1n : dbPaisa(r.profit), typed)
      const costed = Number(r.costs) > 0 || dbPaisa(r.typed) !== dbPaisa(r.receivable)
      const closedBefore =
        Number(r.costs) === 0 && through !== null && r.day !== null && String(r.day) <= through
      if (r.typed !== null && !r.voided_at && costed && !closedBefore)
        c.compare('profit in the books', table, String(r.id), typed, dbPaisa(r.books))
    }
  }
  // A customer refund's remaining and balance, from its typed figures (refundFigures).
  const refunds = await sql<Record<string, unknown>>`SELECT id, total_amount, return_from_vendor,
      office_service_charges, remaining_amount, paid_cash, paid_in_bank, balance FROM refund_customers`.execute(
    k,
  )
  for (const r of refunds.rows) {
    const remaining =
      dbPaisa(r.total_amount) - dbPaisa(r.return_from_vendor) - dbPaisa(r.office_service_charges)
    c.compare('refund remaining', 'refund_customers', String(r.id), dbPaisa(r.remaining_amount), remaining)
    c.compare(
      'refund balance',
      'refund_customers',
      String(r.id),
      dbPaisa(r.balance),
      remaining - dbPaisa(r.paid_cash) - dbPaisa(r.paid_in_bank),
    )
  }
  // A cash count in force: expected + difference = counted, and its cash lines move the difference.
  const counts = await sql<Record<string, unknown>>`SELECT c.id, c.counted, c.expected, c.difference,
      (SELECT coalesce(sum(l.debit - l.credit), 0) FROM posting_lines l WHERE l.source_type = 'cash_counts'
        AND l.source_id = c.id AND l.account = ${CASH}) AS moved
    FROM cash_counts c WHERE c.replaced_by IS NULL`.execute(k)
  for (const r of counts.rows) {
    c.compare('count difference', 'cash_counts', String(r.id), dbPaisa(r.difference), dbPaisa(r.moved))
    c.compare(
      'count expected',
      'cash_counts',
      String(r.id),
      dbPaisa(r.expected),
      dbPaisa(r.counted) - dbPaisa(r.difference),
    )
  }

  // The ledgers' month counts (deep pages skip whole months by them) and their typed rows' sums.
  for (const [ledger, name] of [
    ['agent_entries', 'agent_name'],
    ['account_entries', 'bank_name'],
    ['vender_entries', 'vender_name'],
  ] as const) {
    for (const [col, expr] of [
      ['n', sql<string>`count(*)`],
      ['net', sql<string>`sum(credit) - sum(debit)`],
    ] as const) {
      const stored = await collect(
        k
          .selectFrom('ledger_months')
          .select(['name', 'month', sql.ref(col).as('n')])
          .where('ledger', '=', ledger)
          .execute(),
        (r) => `${r.name} ${r.month}`,
      )
      const computed = await collect(
        k
          .selectFrom(ledger)
          .select([sql.ref(name).as('name'), sql<string>`substr(date, 1, 7)`.as('month'), expr.as('n')])
          .groupBy([sql.ref(name), sql`substr(date, 1, 7)`])
          .execute(),
        (r) => `${r.name} ${r.month}`,
      )
      c.compareAll(`ledger checkpoint ${col}`, ledger, stored, computed)
      // Every name's months together (the All pages' counts).
      const all = await collect(
        k
          .selectFrom('ledger_months_all')
          .select(['month', sql.ref(col).as('n')])
          .where('ledger', '=', ledger)
          .execute(),
        (r) => String(r.month),
      )
      const summed = await collect(
        k
          .selectFrom(ledger)
          .select([sql<string>`substr(date, 1, 7)`.as('month'), expr.as('n')])
          .groupBy(sql`substr(date, 1, 7)`)
          .execute(),
        (r) => String(r.month),
      )
      c.compareAll(`ledger checkpoint all ${col}`, ledger, all, summed)
    }
  }
}

/** A month checkpoint's figures: n, debits, credits, and the same in the lines' own currency. */
interface Sums {
  n: bigint
  debit: bigint
  credit: bigint
  fx_debit: bigint
  fx_credit: bigint
}
type SumsRow = { n: unknown; debit: unknown; credit: unknown; fx_debit: unknown; fx_credit: unknown }
const sumsOf = (r: SumsRow): Sums => ({
  n: dbPaisa(r.n),
  debit: dbPaisa(r.debit),
  credit: dbPaisa(r.credit),
  fx_debit: dbPaisa(r.fx_debit),
  fx_credit: dbPaisa(r.fx_credit),
})
const NO_SUMS: Sums = { n: 0n, debit: 0n, credit: 0n, fx_debit: 0n, fx_credit: 0n }
type Pair = { account: string; month: string }
const pairKey = (p: Pair) => `${p.account} ${p.month}`

/**
 * The month checkpoints the new lines touched. One the check proved before in this generation is
 * proved by difference: stored now = as proved then + the new lines' sums (lines are only appended,
 * so nothing else can have moved it). Any other is recounted from its month's lines. Answers the
 * stored figures read, to be remembered as proved.
 */
const proveTouched = async (k: K, c: Comparer, after: number, to: number, generation: number) => {
  const { rows: added } = await sql<Pair & SumsRow>`SELECT account,
      substr(date, 1, 7) AS month, count(*) AS n, sum(debit) AS debit, sum(credit) AS credit,
      sum(fx_debit) AS fx_debit, sum(fx_credit) AS fx_credit
    FROM posting_lines WHERE id > ${after} AND id <= ${to} GROUP BY account, substr(date, 1, 7)`.execute(k)
  const stored = new Map<string, Sums>()
  const proved = new Map<string, Sums>()
  for (const batch of chunks(added, 100)) {
    const where = sql.join(
      batch.map((p) => sql`(account = ${p.account} AND month = ${p.month})`),
      sql` OR `,
    )
    const read = async (table: string, extra: ReturnType<typeof sql>) =>
      (
        await sql<Pair & SumsRow>`SELECT account, month, n, debit, credit, fx_debit, fx_credit
          FROM ${sql.table(table)} WHERE (${where}) ${extra}`.execute(k)
      ).rows
    for (const r of await read('posting_months', sql``)) stored.set(pairKey(r), sumsOf(r))
    for (const r of await read('books_verified_months', sql`AND generation = ${generation}`))
      proved.set(pairKey(r), sumsOf(r))
  }
  const recount: Pair[] = []
  for (const a of added) {
    const before = proved.get(pairKey(a))
    if (!before) {
      recount.push({ account: a.account, month: a.month })
      continue
    }
    const now = stored.get(pairKey(a)) ?? NO_SUMS
    for (const column of COLUMNS)
      c.compare(
        `posting checkpoint ${column}`,
        pairKey(a),
        'posting_months',
        now[column],
        before[column] + dbPaisa(a[column]),
      )
  }
  await proveMonths(k, c, to, recount)
  return added.map((a) => ({ ...a, sums: stored.get(pairKey(a)) ?? NO_SUMS }))
}

/**
 * GET /api/reports/books-check (incremental) and `npm run check-books` (`full`). Reads in one
 * snapshot; when everything it proved agrees, moves the verified point to the last line it read.
 * An incremental run whose total does not add up (lines committed out of id order by parallel
 * PostgreSQL writers, or a damaged total) runs the full check instead, which says which.
 */
export const booksCheck = async (db: Db, { full = false }: { full?: boolean } = {}): Promise<CheckAnswer> => {
  const started = performance.now()
  const result = await inSnapshot(db, async (k) => {
    const c = new Comparer()
    const to = Number(
      (
        await k
          .selectFrom('posting_lines')
          .select(sql<string>`coalesce(max(id), 0)`.as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    )
    const kept = dbPaisa(
      (await k.selectFrom('books_totals').select('debit').where('id', '=', 1).executeTakeFirst())?.debit,
    )
    const point = await k.selectFrom('books_verified').selectAll().where('id', '=', 1).executeTakeFirst()
    if (!full && point && Number(point.line_id) >= 0) {
      const after = Number(point.line_id)
      const added = await totalDebits(k, after, to)
      if (dbPaisa(point.debit) + added === kept) {
        await proveLines(k, c, after, to)
        c.compare('total debits', '', 'books_totals', kept, dbPaisa(point.debit) + added)
        const months = await proveTouched(k, c, after, to, Number(point.generation))
        await proveSplits(k, c, after, to, false)
        const next = { line_id: to, debit: kept, generation: Number(point.generation) }
        return { c, point, next, months, lines: to - after, scope: 'incremental' as const }
      }
    }
    await proveLines(k, c, 0, to)
    const total = await totalDebits(k, 0, to)
    c.compare('total debits', '', 'books_totals', kept, total)
    await proveMonths(k, c, to)
    await proveSplits(k, c, 0, to, true)
    await proveCopies(k, c)
    // A new generation: month sums remembered before this run are recounted when next touched.
    const next = { line_id: to, debit: total, generation: Number(point?.generation ?? 0) + 1 }
    return { c, point, next, months: [], lines: to, scope: 'full' as const }
  })
  const { c, point, next, months, lines, scope } = result
  if (!c.first && (lines > 0 || scope === 'full')) await markVerified(db, point, next, months)
  const ms = Math.round((performance.now() - started) * 10) / 10
  const answer = { ok: !c.first, checked: c.checked, scope, lines, through_line: next.line_id, ms }
  return c.first ? { ...answer, first_divergence: c.first } : answer
}

/**
 * Moves the verified point to what this run proved and remembers the month sums it proved, in one
 * transaction, only if the point is still the one this run started from (another run that moved
 * it meanwhile proved at least as much; its month sums must not be mixed with these).
 */
const markVerified = async (
  db: Db,
  from: { line_id: number; generation: number } | undefined,
  next: { line_id: number; debit: bigint; generation: number },
  months: (Pair & { sums: Sums })[],
) => {
  const at = new Date().toISOString()
  const row = {
    line_id: next.line_id,
    debit: next.debit.toString(),
    generation: next.generation,
    checked_at: at,
  }
  await db.transaction().execute(async (trx) => {
    const moved = from
      ? Number(
          (
            await trx
              .updateTable('books_verified')
              .set(row)
              .where('id', '=', 1)
              .where('line_id', '=', from.line_id)
              .where('generation', '=', from.generation)
              .executeTakeFirst()
          ).numUpdatedRows,
        )
      : Number(
          (
            await trx
              .insertInto('books_verified')
              .values({ id: 1, ...row })
              .onConflict((oc) => oc.column('id').doNothing())
              .executeTakeFirst()
          ).numInsertedOrUpdatedRows ?? 0n,
        )
    if (moved !== 1) return
    for (const m of months) {
      const sums = {
        generation: next.generation,
        n: m.sums.n.toString(),
        debit: m.sums.debit.toString(),
        credit: m.sums.credit.toString(),
        fx_debit: m.sums.fx_debit.toString(),
        fx_credit: m.sums.fx_credit.toString(),
      }
      await trx
        .insertInto('books_verified_months')
        .values({ account: m.account, month: m.month, ...sums })
        .onConflict((oc) => oc.columns(['account', 'month']).doUpdateSet(sums))
        .execute()
    }
  })
}

const party = sql`(l.account LIKE 'agent:%' OR l.account LIKE 'customer:%')`
const list = (xs: ReadonlySet<string>) => sql.join([...xs].map((x) => sql`${x}`))

/**
 * source_days recomputed from the lines: bank debits of the counted sources; a sale's party lines
 * on their day; a payment's party lines on its record's day (its journal row's).
 */
const sourceDaysFromLines = (k: K, col: 'bank_in' | 'owed') =>
  col === 'bank_in'
    ? sql<{ date: string; source_type: string; n: unknown }>`SELECT l.date, l.source_type, sum(l.debit) AS n
        FROM posting_lines l WHERE l.account LIKE 'bank:%' AND l.source_type IN (${list(BANK_IN_SOURCES)})
        GROUP BY l.date, l.source_type`
        .execute(k)
        .then((r) => r.rows)
    : sql<{ date: string; source_type: string; n: unknown }>`SELECT date, source_type, sum(n) AS n FROM (
        SELECT l.date, l.source_type, sum(l.debit - l.credit) AS n FROM posting_lines l
        WHERE ${party} AND l.source_type IN (${list(SALE_TABLES)}) GROUP BY l.date, l.source_type
        UNION ALL
        SELECT j.date, j.source_type, sum(l.debit - l.credit) FROM posting_lines l
        JOIN payments p ON p.id = l.source_id
        JOIN journal_rows j ON j.source_id = p.source_id AND j.source_type = CASE p.source_type ${sql.join(
          Object.entries(PAYMENT_TABLES).map(([path, table]) => sql`WHEN ${path} THEN ${table}`),
          sql` `,
        )} END
        WHERE l.source_type = 'payments' AND ${party} GROUP BY j.date, j.source_type
      ) s GROUP BY date, source_type`
        .execute(k)
        .then((r) => r.rows)
