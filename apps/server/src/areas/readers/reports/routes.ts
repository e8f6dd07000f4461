import type { AgencySettings } from '@booking/shared'
import {
  AGING_BUCKETS,
  AsOfQuery,
  DayBookQuery,
  formatAmount,
  formatDate,
  fromPaisa,
  ProfitQuery,
  ReportAnswer,
} from '@booking/shared'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { daysBefore } from '../../../books/sums.ts'
import type { Db } from '../../../db/connect.ts'
import { officeReader, scopeOf } from '../../../lib/caller-scope.ts'
import { parseBody } from '../../../lib/validate.ts'
import { requireAccess } from '../../../plugins/auth.ts'
import { sendTableDoc } from '../../platform/documents/send-table-doc.ts'
import type { DocColumn, TableDoc } from '../../platform/documents/table-doc.ts'
import { agencySettings, agencyToday, printedAt } from '../../platform/settings/routes.ts'
import { CASH_COUNT_SOURCE, countOf } from '../close/cash-counts.ts'
import { entryWithType, typeLabel } from '../dashboard/queries.ts'
import { type ForeignOpen, foreignOpen, minorAmount } from '../statements/foreign.ts'
import { answer, money } from './document-answer.ts'
import { netProfitRoute } from './net-profit.ts'
import {
  banksBefore,
  CASH_ACCOUNT,
  cashBefore,
  DAY_BOOK_PAGE,
  dayFlows,
  flowsOfMoves,
  movementsOn,
  movementsPage,
  type OpenItem,
  openItems,
  profitCells,
  profitLines,
} from './sources.ts'

type Bucket = (typeof AGING_BUCKETS)[number]
type Buckets = Record<Bucket, number>

const emptyBuckets = (): Buckets => ({ '0-30': 0, '31-60': 0, '61-90': 0, '90+': 0 })

export interface AgingRow {
  name: string
  /** The party's statement name: `/api/statements/{type}/{key}`. */
  key: string
  type: 'agent' | 'customer' | 'vendor'
  buckets: Buckets
  total: number
  /** A party kept in another currency (decision 123): its buckets and total in it, minor units. */
  fx?: { currency: string; buckets: Buckets; total: number }
}

/** The aging windows' first days on `asOf`: 30, 60 and 90 days before it (the buckets' edges). */
export const agingStarts = (asOf: string) => [
  daysBefore(asOf, 30),
  daysBefore(asOf, 60),
  daysBefore(asOf, 90),
]

/** One party's buckets: what is left, aged first in first out against what each window raised. */
const bucketsOf = (left: number, raised: readonly number[]): Buckets => {
  const [in30, in60, in90] = [0, 1, 2].map((w) => Math.min(left, raised[w] ?? 0)) as [number, number, number]
  return { '0-30': in30, '31-60': in60 - in30, '61-90': in90 - in60, '90+': left - in90 }
}

/**
 * What each party owes on as_of, aged (paisa): first in first out, what is left owed was raised
 * on the newest days, so the part of it raised within 30 days is min(left, what those days raised),
 * within 60 days min(left, what 60 days raised), and so on; the rest is 90+ (older, or owed with no
 * debit behind it, an opening credit turned round). Largest total first.
 */
export const aging = (
  items: readonly OpenItem[],
  type: AgingRow['type'],
  foreign: ReadonlyMap<string, ForeignOpen> = new Map(),
): AgingRow[] =>
  items
    .map((p) => {
      const buckets = bucketsOf(p.left, p.raised)
      const f = foreign.get(p.party)
      const fx = f && {
        currency: f.currency,
        buckets: bucketsOf(Number(f.left), f.raised.map(Number)),
        total: Number(f.left),
      }
      return { name: p.name, key: p.key, type, buckets, total: p.left, ...(fx ? { fx } : {}) }
    })
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name))

const rupeesRow = (r: AgingRow) => ({
  name: r.name,
  key: r.key,
  type: r.type,
  buckets: Object.fromEntries(AGING_BUCKETS.map((b) => [b, fromPaisa(r.buckets[b])])) as Buckets,
  total: fromPaisa(r.total),
  // A foreign party's aging in its currency beside the rupees; a rupee party's row is as it was.
  ...(r.fx
    ? {
        currency: r.fx.currency,
        buckets_fx: Object.fromEntries(
          AGING_BUCKETS.map((b) => [b, minorAmount(BigInt(r.fx!.buckets[b]), r.fx!.currency)]),
        ) as Buckets,
        total_fx: minorAmount(BigInt(r.fx.total), r.fx.currency),
      }
    : {}),
})

const sumRows = (rows: AgingRow[]) => {
  const buckets = emptyBuckets()
  for (const r of rows) for (const b of AGING_BUCKETS) buckets[b] += r.buckets[b]
  return { buckets, total: rows.reduce((s, r) => s + r.total, 0) }
}

const rupeesTotals = (t: { buckets: Buckets; total: number }) => ({
  buckets: Object.fromEntries(AGING_BUCKETS.map((b) => [b, fromPaisa(t.buckets[b])])) as Buckets,
  total: fromPaisa(t.total),
})

const agingDoc = (title: string, asOf: string, rows: AgingRow[], file: string): TableDoc => {
  const flat = (r: { buckets: Buckets; total: number }) =>
    Object.fromEntries([
      ...AGING_BUCKETS.map((b) => [b, fromPaisa(r.buckets[b])]),
      ['total', fromPaisa(r.total)],
    ])
  const totals = sumRows(rows)
  return {
    title,
    refs: [`As of ${formatDate(asOf)}`],
    summary: [],
    columns: [
      { key: 'name', label: 'Name', kind: 'text', pdfWidth: 24, width: 28 },
      { key: 'type', label: 'Type', kind: 'text', pdfWidth: 10 },
      ...AGING_BUCKETS.map((b) => money(b, `${b} days`, 13, true)),
      money('total', 'Total', 14),
      // Only when a party is kept in another currency (decision 123): its total in it, beside.
      ...(rows.some((r) => r.fx)
        ? [{ key: 'fx', label: 'In its currency', kind: 'text', pdfWidth: 14 } as DocColumn]
        : []),
    ],
    rows: rows.map((r) => ({
      name: r.name,
      type: r.type === 'agent' ? 'Agent' : r.type === 'vendor' ? 'Vendor' : 'Customer',
      ...flat(r),
      ...(r.fx
        ? { fx: `${r.fx.currency} ${formatAmount(minorAmount(BigInt(r.fx.total), r.fx.currency))}` }
        : {}),
    })),
    footer: [{ name: 'Total', ...flat(totals) }],
    file: `${file}-${asOf}`,
  }
}

/** The four reports (admin). */
/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const GET_REPORTS_RECEIVABLES = { schema: { querystring: AsOfQuery, response: { 200: ReportAnswer } } }

const GET_REPORTS_PAYABLES = { schema: { querystring: AsOfQuery, response: { 200: ReportAnswer } } }

const GET_REPORTS_PROFIT = { schema: { querystring: ProfitQuery, response: { 200: ReportAnswer } } }

const GET_REPORTS_DAY_BOOK = { schema: { querystring: DayBookQuery, response: { 200: ReportAnswer } } }

export const reportRoutes = async (app: FastifyInstance, db: Db) => {
  const admin = { preHandler: requireAccess('admin') }
  netProfitRoute(app, db)

  app.get('/reports/receivables', { ...admin, ...GET_REPORTS_RECEIVABLES }, async (req, reply) => {
    const scope = await scopeOf(db, officeReader(req.caller, 'office-figures'))
    const { as_of, format } = parseBody(AsOfQuery, req.query)
    const settings = await agencySettings(db)
    const asOf = as_of ?? agencyToday(settings)
    const starts = agingStarts(asOf)
    const [agents, customers] = await Promise.all([
      openItems(db, scope, 'agent', asOf, starts),
      openItems(db, scope, 'customer', asOf, starts),
    ])
    const [fxAgents, fxCustomers] = await Promise.all([
      foreignOpen(
        db,
        agents.map((p) => p.party),
        'debit',
        asOf,
        starts,
      ),
      foreignOpen(
        db,
        customers.map((p) => p.party),
        'debit',
        asOf,
        starts,
      ),
    ])
    const rows = [...aging(agents, 'agent', fxAgents), ...aging(customers, 'customer', fxCustomers)]
    return answer(
      reply,
      settings,
      format,
      () => ({
        as_of: asOf,
        agents: rows.filter((r) => r.type === 'agent').map(rupeesRow),
        customers: rows.filter((r) => r.type === 'customer').map(rupeesRow),
        totals: rupeesTotals(sumRows(rows)),
      }),
      () => agingDoc('Receivables', asOf, rows, 'receivables'),
    )
  })

  app.get('/reports/payables', { ...admin, ...GET_REPORTS_PAYABLES }, async (req, reply) => {
    const scope = await scopeOf(db, officeReader(req.caller, 'office-figures'))
    const { as_of, format } = parseBody(AsOfQuery, req.query)
    const settings = await agencySettings(db)
    const asOf = as_of ?? agencyToday(settings)
    const starts = agingStarts(asOf)
    const vendors = await openItems(db, scope, 'vendor', asOf, starts)
    const fxVendors = await foreignOpen(
      db,
      vendors.map((p) => p.party),
      'credit',
      asOf,
      starts,
    )
    const rows = aging(vendors, 'vendor', fxVendors)
    return answer(
      reply,
      settings,
      format,
      () => ({ as_of: asOf, vendors: rows.map(rupeesRow), totals: rupeesTotals(sumRows(rows)) }),
      () => agingDoc('Payables', asOf, rows, 'payables'),
    )
  })

  app.get('/reports/profit', { ...admin, ...GET_REPORTS_PROFIT }, async (req, reply) => {
    officeReader(req.caller, 'office-figures')
    const { from, to, by, format } = parseBody(ProfitQuery, req.query)
    const settings = await agencySettings(db)
    const groups = new Map<string, { key: string; count: number; receivable: number; profit: number }>()
    const addTo = (key: string, count: number, receivable: number, profit: number) => {
      const g = groups.get(key) ?? { key, count: 0, receivable: 0, profit: 0 }
      g.count += count
      g.receivable += receivable
      g.profit += profit
      groups.set(key, g)
    }
    // By month or type from the day checkpoints; by employee from the lines of the period (an
    // employee is the one on the source's dashboard line today, which no checkpoint can follow).
    if (by === 'employee')
      for (const l of await profitLines(db, { from, to })) addTo(l.employee || '-', 1, l.receivable, l.profit)
    else
      for (const c of await profitCells(db, { from, to }))
        addTo(by === 'month' ? c.month : typeLabel(c.type), c.sources, c.income, c.income - c.cost)
    const rows = [...groups.values()].sort((a, b) =>
      by === 'month' ? a.key.localeCompare(b.key) : b.profit - a.profit,
    )
    const total = rows.reduce(
      (t, r) => ({
        count: t.count + r.count,
        receivable: t.receivable + r.receivable,
        profit: t.profit + r.profit,
      }),
      { count: 0, receivable: 0, profit: 0 },
    )
    const out = (r: { count: number; receivable: number; profit: number }) => ({
      count: r.count,
      receivable: fromPaisa(r.receivable),
      profit: fromPaisa(r.profit),
    })
    const label = { month: 'Month', type: 'Record type', employee: 'Employee' }[by]
    return answer(
      reply,
      settings,
      format,
      () => ({
        from: from ?? null,
        to: to ?? null,
        by,
        rows: rows.map((r) => ({ key: r.key, ...out(r) })),
        totals: out(total),
      }),
      () => ({
        title: 'Profit',
        refs: [
          `By ${label.toLowerCase()}`,
          from || to ? `${from ? formatDate(from) : '…'} to ${to ? formatDate(to) : '…'}` : 'All dates',
        ],
        summary: [['Total profit', `${settings.currency} ${formatAmount(fromPaisa(total.profit))}`]],
        columns: [
          { key: 'key', label, kind: 'text', pdfWidth: 30, width: 24 },
          { key: 'count', label: 'Bookings', kind: 'number', pdfWidth: 12 },
          money('receivable', 'Receivable', 20),
          money('profit', 'Profit', 20),
        ],
        rows: rows.map((r) => ({ key: r.key, ...out(r) })),
        footer: [{ key: 'Total', ...out(total) }],
        file: `profit-by-${by}-${from ?? 'start'}-${to ?? 'now'}`,
      }),
    )
  })

  app.get('/reports/day-book', { ...admin, ...GET_REPORTS_DAY_BOOK }, async (req, reply) => {
    officeReader(req.caller, 'office-figures')
    const { date: asked, format, limit, offset } = parseBody(DayBookQuery, req.query)
    const settings = await agencySettings(db)
    const date = asked ?? agencyToday(settings)
    // A page of the day's lines for the screen (decision 077): the accounts' figures from the day
    // checkpoints, the page's lines only; documents and the unpaged answer list the whole day.
    const paged = format === 'json' && (limit !== undefined || offset !== undefined)
    const [cashOpen, banksOpen, moves, count] = await Promise.all([
      cashBefore(db, date),
      banksBefore(db, date),
      paged
        ? movementsPage(db, date, { limit: limit ?? DAY_BOOK_PAGE, offset: offset ?? 0 })
        : movementsOn(db, date).then((rows) => ({ rows, total: rows.length })),
      countOf(db, date),
    ])
    const { flows, count: counted } = paged
      ? await dayFlows(db, date, CASH_COUNT_SOURCE)
      : flowsOfMoves(moves.rows, CASH_COUNT_SOURCE)
    const accounts = new Map<string, { opening: number; in: number; out: number }>([
      [CASH_ACCOUNT, { opening: cashOpen, in: 0, out: 0 }],
    ])
    for (const [bank, opening] of banksOpen) accounts.set(bank, { opening, in: 0, out: 0 })
    for (const [name, f] of flows) {
      const a = accounts.get(name) ?? { opening: 0, in: 0, out: 0 }
      a.in += f.in
      a.out += f.out
      accounts.set(name, a)
    }
    const balances = [...accounts].map(([account, a]) => ({
      account,
      opening: fromPaisa(a.opening),
      in: fromPaisa(a.in),
      out: fromPaisa(a.out),
      closing: fromPaisa(a.opening + a.in - a.out),
    }))
    const cash = balances.find((b) => b.account === CASH_ACCOUNT)!
    // The drawer counted at the day's end (decision 065): its over/short lines are cash lines of
    // the day, shown apart from the day's in and out, so opening + in − out + over/short = closing.
    const overShort = counted.in - counted.out
    const cashCount = {
      opening: cash.opening,
      in: fromPaisa(accounts.get(CASH_ACCOUNT)!.in - counted.in),
      out: fromPaisa(accounts.get(CASH_ACCOUNT)!.out - counted.out),
      counted: count ? fromPaisa(count.counted) : null,
      over_short: fromPaisa(overShort),
      note: count?.note ?? '',
      closing: cash.closing,
    }
    const bankOnly = [...accounts].filter(([n]) => n !== CASH_ACCOUNT).map(([, a]) => a)
    const bankTotals = {
      opening: fromPaisa(bankOnly.reduce((s, a) => s + a.opening, 0)),
      closing: fromPaisa(bankOnly.reduce((s, a) => s + a.opening + a.in - a.out, 0)),
    }
    const rows = moves.rows.map(({ source_type, ...m }) => ({
      ...m,
      entry: entryWithType(source_type, m.entry),
      detail: readable(m.detail),
      in: fromPaisa(m.in),
      out: fromPaisa(m.out),
    }))
    return answer(
      reply,
      settings,
      format,
      () => ({
        date,
        cash: cashCount,
        bank: bankTotals,
        accounts: balances,
        rows,
        ...(paged ? { rows_total: moves.total, limit: limit ?? DAY_BOOK_PAGE, offset: offset ?? 0 } : {}),
      }),
      () => ({
        title: 'Day Book',
        refs: [formatDate(date)],
        summary: [
          ...balances.map(
            (b) =>
              [
                b.account,
                `${settings.currency} ${formatAmount(b.opening)} opening  ·  ${formatAmount(b.closing)} closing`,
              ] as [string, string],
          ),
          [
            'Cash counted',
            cashCount.counted === null
              ? 'Not counted'
              : `${settings.currency} ${formatAmount(cashCount.counted)}  ·  over/short ${formatAmount(cashCount.over_short)}`,
          ] as [string, string],
        ],
        columns: [
          { key: 'account', label: 'Account', kind: 'text', pdfWidth: 20, width: 20 },
          { key: 'entry', label: 'Entry', kind: 'text', pdfWidth: 12 },
          { key: 'detail', label: 'Detail', kind: 'text', pdfWidth: 36, width: 36 },
          money('in', 'In', 16, true),
          money('out', 'Out', 16, true),
        ],
        rows,
        footer: [
          {
            account: 'Total',
            in: fromPaisa(moves.rows.reduce((s, m) => s + m.in, 0)),
            out: fromPaisa(moves.rows.reduce((s, m) => s + m.out, 0)),
          },
        ],
        file: `day-book-${date}`,
      }),
    )
  })
}

/** "tickets: Ali" -> "Ticket: Ali". */
const readable = (detail: string) => {
  const i = detail.indexOf(': ')
  return i < 0 ? detail : `${typeLabel(detail.slice(0, i))}${detail.slice(i)}`
}
