import {
  type BooksCheck,
  type BooksDivergence,
  CASH_IN_OFFICE,
  customerLabel,
  fromPaisa,
  type TrialBalance,
  type TrialBalanceAccount,
} from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import type { Db } from '../db/connect.ts'
import { accountName, bankAccount, CASH, customerIdOfAccount, kindOf } from '../lib/books/accounts.ts'
import { PAYMENT_TABLES } from '../lib/books/paid-records.ts'
import { balanceTo } from './read.ts'
import { sumsTo } from './sums.ts'

const big = (v: unknown): bigint => BigInt(String(v ?? 0).split('.')[0] || '0')
/** Paisa (exact, BigInt) -> rupees on the wire; the books never pass 2^53 − 1 paisa (decision 007 amended). */
const rupees = (paisa: bigint) => fromPaisa(Number(paisa))

/**
 * Every account's debits and credits up to `to` (inclusive): the month checkpoints before its
 * month and the day checkpoints of its month (decision 068), never the lines.
 */
export const trialBalance = async (database: Db, to?: string): Promise<TrialBalance> => {
  const db = database as unknown as Kysely<any>
  const sums = new Map<string, { d: bigint; c: bigint }>()
  for (const [account, s] of await sumsTo(database, 'all', to || undefined))
    sums.set(account, { d: s.debit, c: s.credit })
  // Cash and every bank are shown even before they move, so the owner sees all of them.
  if (!sums.has(CASH)) sums.set(CASH, { d: 0n, c: 0n })
  for (const b of await db.selectFrom('banks').select('name').execute()) {
    const code = bankAccount(String(b.name))
    if (!sums.has(code)) sums.set(code, { d: 0n, c: 0n })
  }
  // A customer's account is keyed by id (decision 033); the owner reads the customer's name.
  const names = new Map<string, string>()
  const ids = [...sums.keys()].map(customerIdOfAccount).filter((x): x is number => x !== null)
  for (let i = 0; i < ids.length; i += 500) {
    const found = await db
      .selectFrom('customers')
      .select(['id', 'name', 'mobile_number', 'passport_number'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute()
    for (const c of found) names.set(`customer:#${c.id}`, customerLabel(c))
  }
  let debit = 0n
  let credit = 0n
  const accounts: TrialBalanceAccount[] = [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([code, s]) => {
      debit += s.d
      credit += s.c
      return {
        code,
        name: names.get(code) ?? accountName(code),
        kind: kindOf(code),
        debit: rupees(s.d),
        credit: rupees(s.c),
        balance: rupees(s.d - s.c),
      }
    })
  return { to: to ?? '', accounts, totals: { debit: rupees(debit), credit: rupees(credit) } }
}

/** Cash in Office: the cash account's balance (debits − credits) over the lines, optionally up to a day. */
export const cashInOffice = async (database: Db, to?: string): Promise<number> =>
  rupees(await balanceTo(database, CASH, to || undefined))

type Figures = Map<string, bigint>

const collect = async (
  rows: Promise<Record<string, unknown>[]>,
  key: (r: Record<string, unknown>) => string,
) => {
  const out: Figures = new Map()
  for (const r of await rows) out.set(key(r), (out.get(key(r)) ?? 0n) + big(r.n))
  return out
}

/**
 * GET /api/reports/books-check: recomputes from the posting lines every figure the screens keep
 * elsewhere and names the first that differs: each source balanced, the books' total debits, each
 * bank's Office Accounts ledger, each agent's and vendor's ledger, Cash in Office on the dashboard,
 * each record's remaining amount and payments, and the journal, ledger and posting month checkpoints.
 */
export const booksCheck = async (database: Db): Promise<BooksCheck> => {
  const db = database as unknown as Kysely<any>
  let checked = 0
  let first: BooksDivergence | undefined
  const compare = (check: string, account: string, row: string, stored: bigint, computed: bigint) => {
    checked++
    if (!first && stored !== computed)
      first = { check, account, row, stored: rupees(stored), computed: rupees(computed) }
  }
  const compareAll = (check: string, row: string, stored: Figures, computed: Figures) => {
    for (const k of [...new Set([...stored.keys(), ...computed.keys()])].sort())
      compare(check, k, row, stored.get(k) ?? 0n, computed.get(k) ?? 0n)
  }

  // Every source's lines balance.
  const sources = await db
    .selectFrom('posting_lines')
    .select(['source_type', 'source_id', sql<string>`sum(debit) - sum(credit)`.as('n')])
    .groupBy(['source_type', 'source_id'])
    .execute()
  for (const s of sources) compare('balanced', '', `${s.source_type} ${s.source_id}`, 0n, big(s.n))
  // Every entry balances on its own, and a reversal cancels exactly the line it names.
  const entries = await db
    .selectFrom('posting_lines')
    .select(['entry_id', sql<string>`sum(debit) - sum(credit)`.as('n')])
    .groupBy('entry_id')
    .execute()
  for (const e of entries) compare('entry balanced', '', `entry ${e.entry_id}`, 0n, big(e.n))
  const reversals = await db
    .selectFrom('posting_lines as r')
    .innerJoin('posting_lines as l', 'l.id', 'r.reverses')
    .select([
      'r.id',
      sql<string>`(r.debit + l.debit) * (r.debit + l.debit) + (r.credit + l.credit) * (r.credit + l.credit)`.as(
        'n',
      ),
    ])
    .where(
      sql<boolean>`(r.account <> l.account or r.date <> l.date or r.source_id <> l.source_id or r.debit + l.debit <> 0 or r.credit + l.credit <> 0)`,
    )
    .execute()
  for (const r of reversals) compare('reversal', '', `line ${r.id}`, 0n, 1n)
  const total = await db
    .selectFrom('posting_lines')
    .select(sql<string>`coalesce(sum(debit), 0)`.as('n'))
    .executeTakeFirst()
  const kept = await db.selectFrom('books_totals').select('debit').where('id', '=', 1).executeTakeFirst()
  compare('total debits', '', 'books_totals', big(kept?.debit), big(total?.n))

  const byAccount = (prefix: string, sign: 'dc' | 'cd') =>
    collect(
      db
        .selectFrom('posting_lines')
        .select([
          'account',
          (sign === 'dc' ? sql<string>`sum(debit) - sum(credit)` : sql<string>`sum(credit) - sum(debit)`).as(
            'n',
          ),
        ])
        .where('account', 'like', `${prefix}:%`)
        .groupBy('account')
        .execute(),
      (r) => String(r.account).slice(prefix.length + 1),
    )

  // Banks: the Office Accounts ledger (credit − debit) against the bank accounts (debit − credit).
  compareAll(
    'bank ledger',
    'account_entries',
    await collect(
      db
        .selectFrom('account_entries')
        .select(['bank_name', sql<string>`sum(credit) - sum(debit)`.as('n')])
        .where('bank_name', '<>', CASH_IN_OFFICE)
        .groupBy('bank_name')
        .execute(),
      (r) => String(r.bank_name),
    ),
    await byAccount('bank', 'dc'),
  )
  // Agents: the Agent ledger (debit − credit).
  compareAll(
    'agent ledger',
    'agent_entries',
    await collect(
      db
        .selectFrom('agent_entries')
        .select(['agent_name', sql<string>`sum(debit) - sum(credit)`.as('n')])
        .groupBy('agent_name')
        .execute(),
      (r) => String(r.agent_name).trim(),
    ),
    await byAccount('agent', 'dc'),
  )
  // Vendors: the Vender ledger (payable − payed − withdrawn).
  compareAll(
    'vendor ledger',
    'vender_entries',
    await collect(
      db
        .selectFrom('vender_entries')
        .select(['vender_name', sql<string>`sum(credit) - sum(debit) - sum(withdraw)`.as('n')])
        .groupBy('vender_name')
        .execute(),
      (r) => String(r.vender_name).trim(),
    ),
    await byAccount('vendor', 'cd'),
  )
  // Cash in Office on the dashboard (paid cash − withdraw over the journal) against the cash account.
  const journalCash = await db
    .selectFrom('journal')
    .select(sql<string>`coalesce(sum(paid_cash) - sum(withdraw), 0)`.as('n'))
    .executeTakeFirst()
  const cashLines = await db
    .selectFrom('posting_lines')
    .select(sql<string>`coalesce(sum(debit) - sum(credit), 0)`.as('n'))
    .where('account', '=', CASH)
    .executeTakeFirst()
  compare('cash in office', CASH_IN_OFFICE, 'journal', big(journalCash?.n), big(cashLines?.n))

  // Records: remaining = receivable − paid cash − paid in bank − payments; payments_total = their sum.
  for (const [type, table] of Object.entries(PAYMENT_TABLES)) {
    const rows = await db
      .selectFrom(table)
      .select([
        'id',
        'receivable_amount',
        'paid_cash',
        'paid_in_bank',
        'payments_total',
        'remaining_amount',
        sql<string>`(select coalesce(sum(p.amount), 0) from payments p where p.source_type = ${type} and p.source_id = ${sql.ref(`${table}.id`)})`.as(
          'paid_later',
        ),
      ])
      .execute()
    for (const r of rows) {
      compare('payments', table, String(r.id), big(r.payments_total), big(r.paid_later))
      const remaining = big(r.receivable_amount) - big(r.paid_cash) - big(r.paid_in_bank) - big(r.paid_later)
      compare('remaining', table, String(r.id), big(r.remaining_amount), remaining)
    }
  }

  // Checkpoints: the trigger-kept month sums against the rows they sum.
  for (const c of ['receivable', 'paid_cash', 'paid_in_bank', 'remaining', 'withdraw']) {
    const stored = await collect(
      db
        .selectFrom('journal_months')
        .select(['month', 'source_type', sql.ref(c).as('n')])
        .execute(),
      (r) => `${r.source_type} ${r.month}`,
    )
    const computed = await collect(
      db
        .selectFrom('journal')
        .select([
          sql<string>`substr(date, 1, 7)`.as('month'),
          'source_type',
          sql<string>`sum(${sql.ref(c)})`.as('n'),
        ])
        .groupBy([sql`substr(date, 1, 7)`, 'source_type'])
        .execute(),
      (r) => `${r.source_type} ${r.month}`,
    )
    compareAll(`journal checkpoint ${c}`, 'journal_months', stored, computed)
  }
  for (const [ledger, name] of [
    ['agent_entries', 'agent_name'],
    ['account_entries', 'bank_name'],
    ['vender_entries', 'vender_name'],
  ] as const) {
    const stored = await collect(
      db
        .selectFrom('ledger_months')
        .select(['name', 'month', 'net as n'])
        .where('ledger', '=', ledger)
        .execute(),
      (r) => `${r.name} ${r.month}`,
    )
    const computed = await collect(
      db
        .selectFrom(ledger)
        .select([
          sql.ref(name).as('name'),
          sql<string>`substr(date, 1, 7)`.as('month'),
          sql<string>`sum(credit) - sum(debit)`.as('n'),
        ])
        .groupBy([sql.ref(name), sql`substr(date, 1, 7)`])
        .execute(),
      (r) => `${r.name} ${r.month}`,
    )
    compareAll('ledger checkpoint', ledger, stored, computed)
  }
  // The per-account month checkpoints the ledger screens' balances start from (decision 034).
  for (const c of ['debit', 'credit', 'n'] as const) {
    const stored = await collect(
      db
        .selectFrom('posting_months')
        .select(['account', 'month', sql.ref(c).as('n')])
        .execute(),
      (r) => `${r.account} ${r.month}`,
    )
    const computed = await collect(
      db
        .selectFrom('posting_lines')
        .select([
          'account',
          sql<string>`substr(date, 1, 7)`.as('month'),
          (c === 'n' ? sql<string>`count(*)` : sql<string>`sum(${sql.ref(c)})`).as('n'),
        ])
        .groupBy(['account', sql`substr(date, 1, 7)`])
        .execute(),
      (r) => `${r.account} ${r.month}`,
    )
    compareAll(`posting checkpoint ${c}`, 'posting_months', stored, computed)
  }
  return first ? { ok: false, checked, first_divergence: first } : { ok: true, checked }
}
