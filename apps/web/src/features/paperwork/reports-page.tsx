import { AGING_BUCKETS, formatAmount, type NetProfit, todayIso } from '@booking/shared'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { DateInput, FromToDates } from '../../components/date-input.tsx'
import { ExportButtons } from '../../components/export-buttons.tsx'
import { LineCards } from '../../components/line-cards.tsx'
import { LoadMore } from '../../components/pager.tsx'
import { ScrollX } from '../../components/scroll-x.tsx'
import { TabStrip } from '../../components/tab-strip.tsx'
import { useMoney } from '../../lib/agency.ts'
import { ApiError, api } from '../../lib/api.ts'
import { dmy, Letterhead } from './agency.tsx'
import { NetProfitReport } from './net-profit-report.tsx'

type ReportKey = 'receivables' | 'payables' | 'profit' | 'net-profit' | 'day-book'
const REPORTS: Array<{ key: ReportKey; label: string }> = [
  { key: 'receivables', label: 'Receivables' },
  { key: 'payables', label: 'Payables' },
  { key: 'profit', label: 'Profit' },
  { key: 'net-profit', label: 'Net Profit' },
  { key: 'day-book', label: 'Day Book' },
]

type Buckets = Record<(typeof AGING_BUCKETS)[number], number>
interface AgingRow {
  name: string
  /** The party's statement name (a customer's id: namesakes are two rows). */
  key: string
  type: string
  buckets: Buckets
  total: number
  /** A party kept in another currency (issue 34): its aging in it, beside the rupees. */
  currency?: string
  buckets_fx?: Buckets
  total_fx?: number
}
interface AgingAnswer {
  agents?: AgingRow[]
  customers?: AgingRow[]
  vendors?: AgingRow[]
  totals: { buckets: Buckets; total: number }
}
interface ProfitAnswer {
  rows: Array<{ key: string; count: number; receivable: number; profit: number }>
  totals: { count: number; receivable: number; profit: number }
}
interface DayBookAnswer {
  /** Cash in Office's day: in and out without the count's own over/short line (decision 065). */
  cash: {
    opening: number
    in: number
    out: number
    counted: number | null
    over_short: number
    note: string
    closing: number
  }
  accounts: Array<{ account: string; opening: number; in: number; out: number; closing: number }>
  rows: Array<{ account: string; entry: string; detail: string; in: number; out: number }>
}
/** A day book page (decision 077): the day's figures whole, `limit` of its lines from `offset`. */
type DayBookPage = DayBookAnswer & { rows_total: number; limit: number; offset: number }

/** Lines asked per day book page: a busy day arrives a page at a time. */
const DAY_BOOK_PAGE = 200

const th = 'py-2 pr-2 text-left text-xs uppercase text-slate-500'
const thr = `${th} text-right`
const td = 'py-1 pr-2'
const tdr = `${td} whitespace-nowrap text-right tabular-nums`

/**
 * The day's cash count: what the books expected before the count, what was counted and the
 * over/short it posted (issue 24 item 3). Opening, In, Out and Closing are the balances table's
 * alone, the count's over/short line included, so each figure has one meaning on the page (issue 37).
 */
const CashCounted = ({ cash, money }: { cash: DayBookAnswer['cash']; money: (v: number) => string }) => {
  // What the books held when the drawer was counted (the count may be saved before the day's last
  // movement); with no count, what they hold at the day's end without one.
  const expected = cash.counted === null ? cash.opening + cash.in - cash.out : cash.counted - cash.over_short
  const diff = cash.over_short
  const verdict =
    cash.counted === null
      ? ''
      : diff === 0
        ? 'Matched'
        : diff > 0
          ? `Over by ${money(diff)}`
          : `Short by ${money(-diff)}`
  return (
    <dl
      className="mb-4 grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg border border-slate-200 p-3 text-sm sm:grid-cols-4"
      aria-label="Cash count"
      data-testid="day-book-cash-count"
    >
      <p className="col-span-2 text-xs font-semibold uppercase text-slate-700 sm:col-span-4">
        Cash in office: counted
      </p>
      {(
        [
          ['Expected when counted', money(expected)],
          ['Counted', cash.counted === null ? 'Not counted' : money(cash.counted)],
          ['Over/short', verdict],
          ['Closing', money(cash.closing)],
        ] as const
      ).map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs uppercase text-slate-500">{label}</dt>
          <dd className="tabular-nums text-slate-900">{value || '\u00a0'}</dd>
        </div>
      ))}
      {cash.note && <p className="col-span-2 text-slate-600 sm:col-span-4">Reason: {cash.note}</p>}
    </dl>
  )
}

const Aging = ({ data, money }: { data: AgingAnswer; money: (v: number) => string }) => {
  const rows = [...(data.agents ?? []), ...(data.customers ?? []), ...(data.vendors ?? [])]
  return (
    <table className="w-full min-w-[40rem] text-sm" aria-label="Aging">
      <thead>
        <tr className="border-b border-slate-200">
          <th className={th}>Name</th>
          <th className={th}>Type</th>
          {AGING_BUCKETS.map((b) => (
            <th key={b} className={thr}>
              {b} days
            </th>
          ))}
          <th className={thr}>Total</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.type}:${r.key}`} className="border-b border-slate-100">
            <td className={td}>{r.name}</td>
            <td className={`${td} capitalize`}>{r.type}</td>
            {AGING_BUCKETS.map((b) => (
              <td key={b} className={tdr}>
                {r.buckets[b] ? money(r.buckets[b]) : ''}
                {r.currency && r.buckets_fx?.[b] ? (
                  <span className="block text-xs text-slate-500">
                    {r.currency} {formatAmount(r.buckets_fx[b])}
                  </span>
                ) : null}
              </td>
            ))}
            <td className={`${tdr} font-semibold`}>
              {money(r.total)}
              {r.currency && (
                <span className="block text-xs font-normal text-slate-500">
                  {r.currency} {formatAmount(r.total_fx ?? 0)}
                </span>
              )}
            </td>
          </tr>
        ))}
        <tr className="font-semibold">
          <td className={td}>Total</td>
          <td />
          {AGING_BUCKETS.map((b) => (
            <td key={b} className={tdr}>
              {money(data.totals.buckets[b])}
            </td>
          ))}
          <td className={tdr} data-testid="report-total">
            {money(data.totals.total)}
          </td>
        </tr>
      </tbody>
    </table>
  )
}

/** Admin reports: receivables and payables aged, profit, the day book; on screen, PDF, Excel, print. */
const ReportsPage = () => {
  const money = useMoney()
  const [report, setReport] = useState<ReportKey>('receivables')
  const [asOf, setAsOf] = useState(todayIso())
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [by, setBy] = useState<'month' | 'type' | 'employee'>('month')
  const ranged = report === 'profit' || report === 'net-profit'
  const query: Record<string, string | undefined> =
    report === 'profit'
      ? { from: from || undefined, to: to || undefined, by }
      : report === 'net-profit'
        ? { from: from || undefined, to: to || undefined }
        : report === 'day-book'
          ? { date: asOf || undefined }
          : { as_of: asOf || undefined }
  const dayBook = report === 'day-book'
  const plain = useQuery({
    queryKey: ['report', report, query],
    enabled: !dayBook,
    queryFn: () => api.get<Record<string, unknown>>(`/reports/${report}`, query),
  })
  const dayPages = useInfiniteQuery({
    queryKey: ['report', 'day-book-pages', query],
    enabled: dayBook,
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api.get<DayBookPage>('/reports/day-book', { ...query, limit: DAY_BOOK_PAGE, offset: pageParam }),
    getNextPageParam: (last) =>
      last.offset + last.limit < last.rows_total ? last.offset + last.limit : undefined,
  })
  // The day book's pages end to end; its balances and cash count are the whole day's on every page.
  const firstDay = dayPages.data?.pages[0]
  const answer = dayBook
    ? {
        isPending: dayPages.isPending,
        isError: dayPages.isError,
        error: dayPages.error,
        data:
          firstDay &&
          ({ ...firstDay, rows: dayPages.data!.pages.flatMap((p) => p.rows) } as unknown as Record<
            string,
            unknown
          >),
      }
    : plain
  const lastDay = dayPages.data?.pages.at(-1)
  const moreLines = dayBook && dayPages.hasNextPage && lastDay && (
    <LoadMore
      shown={Math.min(lastDay.offset + lastDay.limit, lastDay.rows_total)}
      total={lastDay.rows_total}
      noun="movements"
      pages={dayPages}
    />
  )
  const label = REPORTS.find((r) => r.key === report)!.label
  const period = from || to ? `${dmy(from) || '…'} to ${dmy(to) || '…'}` : 'All dates'
  const refs =
    report === 'profit'
      ? [`By ${by}`, period]
      : report === 'net-profit'
        ? [period]
        : report === 'day-book'
          ? [dmy(asOf)]
          : [`As of ${dmy(asOf)}`]
  return (
    <section className="space-y-4">
      <h1 className="no-print text-xl font-semibold text-slate-900">Reports</h1>
      <TabStrip label="Reports" tabs={REPORTS} current={report} onChange={setReport} />
      <div className="no-print card flex flex-wrap items-end gap-3 p-4">
        {ranged ? (
          <>
            <FromToDates from={from} to={to} onFrom={setFrom} onTo={setTo} />
            {report === 'profit' && (
              <label className="w-full sm:w-40">
                <span className="label">By</span>
                <select className="input" value={by} onChange={(e) => setBy(e.target.value as typeof by)}>
                  <option value="month">Month</option>
                  <option value="type">Record type</option>
                  <option value="employee">Employee</option>
                </select>
              </label>
            )}
          </>
        ) : (
          <label className="w-full sm:w-44">
            <span className="label">{report === 'day-book' ? 'Date' : 'As of'}</span>
            <DateInput value={asOf} onChange={setAsOf} />
          </label>
        )}
        <ExportButtons
          path={`/reports/${report}`}
          query={query}
          formats={['pdf', 'xlsx']}
          name={report}
          print
        />
      </div>
      {answer.isPending && <p className="py-10 text-center text-slate-500">Loading data...</p>}
      {answer.isError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
          {answer.error instanceof ApiError ? answer.error.message : 'Failed to load the report'}
        </p>
      )}
      {answer.data && (
        <article className="card print-sheet space-y-3 p-4 sm:p-6" aria-label={label}>
          <Letterhead title={label} refs={refs} />
          <ScrollX>
            {(report === 'receivables' || report === 'payables') && (
              <Aging data={answer.data as unknown as AgingAnswer} money={money} />
            )}
            {report === 'profit' && (
              <table className="w-full min-w-[40rem] text-sm" aria-label="Profit">
                <thead>
                  <tr className="border-b border-slate-200">
                    <th className={th}>
                      {by === 'month' ? 'Month' : by === 'type' ? 'Record type' : 'Employee'}
                    </th>
                    <th className={thr}>Bookings</th>
                    <th className={thr}>Receivable</th>
                    <th className={thr}>Profit</th>
                  </tr>
                </thead>
                <tbody>
                  {(answer.data as unknown as ProfitAnswer).rows.map((r) => (
                    <tr key={r.key} className="border-b border-slate-100">
                      <td className={td}>{r.key}</td>
                      <td className={tdr}>{r.count}</td>
                      <td className={tdr}>{money(r.receivable)}</td>
                      <td className={tdr}>{money(r.profit)}</td>
                    </tr>
                  ))}
                  <tr className="font-semibold">
                    <td className={td}>Total</td>
                    <td className={tdr}>{(answer.data as unknown as ProfitAnswer).totals.count}</td>
                    <td className={tdr}>
                      {money((answer.data as unknown as ProfitAnswer).totals.receivable)}
                    </td>
                    <td className={tdr} data-testid="report-total">
                      {money((answer.data as unknown as ProfitAnswer).totals.profit)}
                    </td>
                  </tr>
                </tbody>
              </table>
            )}
            {report === 'net-profit' && (
              <NetProfitReport data={answer.data as unknown as NetProfit} money={money} />
            )}
            {report === 'day-book' && (
              <>
                <LineCards
                  label="Balances"
                  items={(answer.data as unknown as DayBookAnswer).accounts.map((a) => ({
                    key: a.account,
                    title: a.account,
                    fields: [
                      { label: 'Opening', value: money(a.opening) },
                      { label: 'In', value: money(a.in) },
                      { label: 'Out', value: money(a.out) },
                      { label: 'Closing', value: money(a.closing), strong: true },
                    ],
                  }))}
                />
                <CashCounted cash={(answer.data as unknown as DayBookAnswer).cash} money={money} />
                <h3 className="mb-2 mt-4 text-sm font-semibold text-slate-700 sm:hidden">Movements</h3>
                <LineCards
                  label="Movements"
                  items={(answer.data as unknown as DayBookAnswer).rows.map((m, i) => ({
                    key: i,
                    title: `${m.account} · ${m.entry}`,
                    note: m.detail,
                    fields: [
                      { label: 'In', value: m.in ? money(m.in) : '' },
                      { label: 'Out', value: m.out ? money(m.out) : '' },
                    ],
                  }))}
                />
                <table className="mb-4 hidden w-full min-w-[40rem] text-sm sm:table" aria-label="Balances">
                  <thead>
                    <tr className="border-b border-slate-200">
                      <th className={th}>Account</th>
                      <th className={thr}>Opening</th>
                      <th className={thr}>In</th>
                      <th className={thr}>Out</th>
                      <th className={thr}>Closing</th>
                    </tr>
                  </thead>
                  <tbody>
                    {(answer.data as unknown as DayBookAnswer).accounts.map((a) => (
                      <tr key={a.account} className="border-b border-slate-100">
                        <td className={td}>{a.account}</td>
                        <td className={tdr}>{money(a.opening)}</td>
                        <td className={tdr}>{money(a.in)}</td>
                        <td className={tdr}>{money(a.out)}</td>
                        <td className={`${tdr} font-semibold`}>{money(a.closing)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <table className="hidden w-full min-w-[40rem] text-sm sm:table" aria-label="Movements">
                  <thead>
                    <tr className="border-b border-slate-200">
                      <th className={th}>Account</th>
                      <th className={th}>Entry</th>
                      <th className={th}>Detail</th>
                      <th className={thr}>In</th>
                      <th className={thr}>Out</th>
                    </tr>
                  </thead>
                  <tbody>
                    {(answer.data as unknown as DayBookAnswer).rows.map((m, i) => (
                      <tr key={i} className="border-b border-slate-100">
                        <td className={td}>{m.account}</td>
                        <td className={td}>{m.entry}</td>
                        <td className={td}>{m.detail}</td>
                        <td className={tdr}>{m.in ? money(m.in) : ''}</td>
                        <td className={tdr}>{m.out ? money(m.out) : ''}</td>
                      </tr>
                    ))}
                    {(answer.data as unknown as DayBookAnswer).rows.length === 0 && (
                      <tr>
                        <td colSpan={5} className="py-6 text-center text-slate-500">
                          No cash or bank movement on this day
                        </td>
                      </tr>
                    )}
                  </tbody>
                </table>
                {moreLines}
              </>
            )}
          </ScrollX>
        </article>
      )}
    </section>
  )
}

export default ReportsPage
