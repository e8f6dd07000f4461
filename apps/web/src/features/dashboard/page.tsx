import {
  type CashCount,
  DASHBOARD_CARDS,
  type DashboardCardKey,
  formatAmount,
  formatCompactAmount,
  formatRs,
  LOAD_ERRORS,
  todayIso,
} from '@booking/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { BankTitlesStep } from '../../components/bank-titles-step.tsx'
import { BooksMark } from '../../components/books-mark.tsx'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { DateRangeFilter } from '../../components/date-range-filter.tsx'
import { Pager } from '../../components/pager.tsx'
import { TopFiveToCollect } from '../../components/top-five.tsx'
import { api } from '../../lib/api.ts'
import { useIsAdmin } from '../../lib/auth.tsx'
import { useIsMobile } from '../../lib/use-is-mobile.ts'
import { AtAGlance } from './at-a-glance.tsx'
import { MonthlyBars, TypeBars } from './charts.tsx'
import { ExpiryAlerts } from './expiry-alerts.tsx'
import { MyReceiptsToday, WaitingForYou } from './morning.tsx'

/**
 * The spec's failure texts, one line per failed source. The summary endpoint replaces the ten
 * source calls for the cards and charts; the All Bookings feed is one more source, named by the
 * journal types it reads: one failed request shows one line (decision 009).
 */
const FAILURE_TEXTS = {
  summary: 'Failed to load dashboard summary',
  /** The spec's per-source texts, by the feed's type labels (dashboard/queries.ts TYPE_LABELS). */
  sources: LOAD_ERRORS,
  feed: 'Failed to load data. Please try again later.',
}

/** Spec §9: dashboard requests are cached for 15 seconds. */
const STALE = 15_000
const PAGE_SIZE = 25

type Summary = Record<DashboardCardKey, number> & {
  totalBookings: number
  bookingsByType: Array<{ type: string; count: number }>
  totalRevenue: number
  totalEntries: number
  totalReceivable: number
  totalPaidCash: number
  totalPaidInBank: number
  totalRemainingAmount: number
  withdraw: number
  cashInOffice: number
  /** Parties kept in another currency (issue 34): their balances in it beside the rupees. */
  foreign_balances?: Array<{ currency: string; kind: string; balance: number; balance_pkr: number }>
}

interface Booking {
  id: number
  date: string
  employee_name: string
  entry: string
  type: string
  name: string
  receivable_amount: number
  paid_cash: number
  paid_in_bank: number
  remaining_amount: number
  withdraw: number
  cash_in_office: number
}

interface Charts {
  bookingsByType: Array<{ type: string; count: number }>
  monthly: Array<{ month: string; receivable: number; received: number }>
}

/** Cards are narrow: figures above ten lakh show as Lac/Cr, the full figure in the title. */
const FULL_FIGURE_UP_TO = 999_999

const cardFigure = (value: number, money?: boolean) => {
  if (!money) return { text: value.toLocaleString('en-US'), full: value.toLocaleString('en-US') }
  const full = formatRs(value)
  return { text: Math.abs(value) > FULL_FIGURE_UP_TO ? `Rs ${formatCompactAmount(value)}` : full, full }
}

/** The record types' cards take these edges in order. */
const TYPE_TONES = [
  'border-l-blue-500',
  'border-l-emerald-500',
  'border-l-violet-500',
  'border-l-cyan-500',
  'border-l-pink-500',
]

const CARDS: Array<{ label: string; key: keyof Summary; money?: boolean; tone: string }> = [
  { label: 'Total Entries', key: 'totalEntries', tone: 'border-l-slate-400' },
  ...DASHBOARD_CARDS.map(({ label, key }, i) => ({
    label,
    key,
    tone: TYPE_TONES[i % TYPE_TONES.length] ?? '',
  })),
  { label: 'Total Receivable', key: 'totalReceivable', money: true, tone: 'border-l-amber-500' },
  { label: 'Total Paid Cash', key: 'totalPaidCash', money: true, tone: 'border-l-green-600' },
  { label: 'Total Paid In Bank', key: 'totalPaidInBank', money: true, tone: 'border-l-teal-600' },
  { label: 'Total Remaining Amount', key: 'totalRemainingAmount', money: true, tone: 'border-l-orange-500' },
  { label: 'Withdraw', key: 'withdraw', money: true, tone: 'border-l-red-500' },
  { label: 'Cash in Office', key: 'cashInOffice', money: true, tone: 'border-l-indigo-600' },
]

const TYPE_CARDS = DASHBOARD_CARDS.map((c) => c.key)

/**
 * Total Entries counts every entry of the period (the All Bookings rows); the type cards only the
 * five booking types. The note says how the two meet, so the cards add up on the screen (issue 37).
 */
const EntriesNote = ({ summary }: { summary: Summary }) => {
  const bookings = TYPE_CARDS.reduce((n, k) => n + summary[k], 0)
  const other = summary.totalEntries - bookings
  return (
    <p
      className="mt-0.5 text-xs text-slate-500"
      data-testid="entries-note"
      title="Other entries: payments, protector, expenses, refunds, vendor and office account entries, cash counts"
    >
      {bookings.toLocaleString('en-US')} in the type cards
      {other > 0 ? ` + ${other.toLocaleString('en-US')} other ${other === 1 ? 'entry' : 'entries'}` : ''}
    </p>
  )
}

const COLUMNS: Column<Booking>[] = [
  { key: 'date', header: 'Date', format: 'date' },
  { key: 'employee_name', header: 'Employee Name' },
  { key: 'entry', header: 'Entry' },
  { key: 'type', header: 'Type' },
  { key: 'name', header: 'Name' },
  { key: 'receivable_amount', header: 'Receivable Amount', format: 'amount' },
  { key: 'paid_cash', header: 'Paid Cash', format: 'amount' },
  { key: 'paid_in_bank', header: 'Paid In Bank', format: 'amount' },
  { key: 'remaining_amount', header: 'Remaining Amount', format: 'amount' },
  { key: 'withdraw', header: 'Withdraw', format: 'amount' },
  { key: 'cash_in_office', header: 'Cash In Office', format: 'amount' },
].map((c) => ({ ...c, sortable: false }) as Column<Booking>)

const Failure = ({ lines }: { lines: readonly string[] }) => (
  <div role="alert" className="space-y-0.5 text-sm text-red-600">
    {lines.map((l) => (
      <p key={l}>{l}</p>
    ))}
  </div>
)

/** The feed's failing source when the server names it (`errors.source`), else one general line. */
const feedFailure = (error: unknown) => {
  const source = (error as { errors?: Record<string, string> } | null)?.errors?.source
  return (source && FAILURE_TEXTS.sources[source]) || FAILURE_TEXTS.feed
}

export default function DashboardPage() {
  const admin = useIsAdmin()
  const mobile = useIsMobile()
  const [{ from, to }, setDates] = useState({ from: '', to: '' })
  const [page, setPage] = useState(0)
  const range = { from: from || undefined, to: to || undefined }

  const summary = useQuery({
    queryKey: ['dashboard', 'summary', range],
    queryFn: () => api.get<Summary>('/dashboard', range),
    staleTime: STALE,
    placeholderData: keepPreviousData,
  })
  const feed = useQuery({
    queryKey: ['dashboard', 'bookings', range, page],
    queryFn: () =>
      api.get<{ bookings: Booking[]; total: number }>('/dashboard/bookings', {
        ...range,
        limit: PAGE_SIZE,
        offset: page * PAGE_SIZE,
      }),
    staleTime: STALE,
    placeholderData: keepPreviousData,
  })
  // The blind count (decision 095): until today's drawer is counted, an employee's dashboard does
  // not show the figure the count is compared with (the card and the running column).
  const today = todayIso()
  const counted = useQuery({
    queryKey: ['cash-counts', 'today', today],
    queryFn: () => api.get<{ cash_counts: CashCount[] }>('/cash-counts', { from: today, to: today }),
    enabled: !admin,
    staleTime: STALE,
  })
  const blind = !admin && (counted.data?.cash_counts.length ?? 0) === 0
  const columns = blind ? COLUMNS.filter((c) => c.key !== 'cash_in_office') : COLUMNS
  const charts = useQuery({
    queryKey: ['dashboard', 'charts', range],
    queryFn: () => api.get<Charts>('/dashboard/charts', range),
    staleTime: STALE,
    placeholderData: keepPreviousData,
  })

  const setRange = (f: string, t: string) => {
    setDates({ from: f, to: t })
    setPage(0)
  }
  const total = feed.data?.total ?? 0

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-xl font-semibold text-slate-900">Dashboard</h1>
          <BooksMark />
        </div>
        <DateRangeFilter value={{ from, to }} onChange={(r) => setRange(r.from, r.to)} />
      </div>

      {admin && mobile && <AtAGlance />}
      {admin && <BankTitlesStep />}
      {admin && <WaitingForYou />}
      <MyReceiptsToday />

      {summary.isError && <Failure lines={[FAILURE_TEXTS.summary]} />}
      {summary.isPending && <p className="sr-only">Loading data...</p>}
      {/* The cards are drawn while loading too (with a dash), so nothing below them jumps. */}
      {
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
          {CARDS.map((card) => {
            const figure = summary.isPending
              ? { text: '–', full: 'Loading data...' }
              : blind && card.key === 'cashInOffice'
                ? { text: 'After the count', full: "Shown once today's cash count is saved (a blind count)" }
                : cardFigure(Number(summary.data?.[card.key] ?? 0), card.money)
            return (
              <div
                key={card.key}
                data-card={card.label}
                className={`rounded-lg border border-slate-200 border-l-4 bg-white p-3 shadow-sm ${card.tone}`}
              >
                <p className="text-xs font-medium text-slate-500">{card.label}</p>
                <p
                  className="mt-1 whitespace-nowrap text-lg font-semibold tabular-nums text-slate-900"
                  title={figure.full}
                >
                  {figure.text}
                </p>
                {card.key === 'totalEntries' && summary.data && <EntriesNote summary={summary.data} />}
              </div>
            )
          })}
        </div>
      }

      {summary.data?.foreign_balances && summary.data.foreign_balances.length > 0 && (
        <section
          aria-label="Balances in other currencies"
          className="rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm"
        >
          <h2 className="text-xs font-medium text-slate-500">Balances in other currencies (all dates)</h2>
          <ul className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
            {summary.data.foreign_balances.map((f) => (
              <li key={`${f.currency}:${f.kind}`} className="tabular-nums">
                <span className="capitalize text-slate-600">{f.kind}s</span>{' '}
                <strong>
                  {f.currency} {formatAmount(f.balance)}
                </strong>{' '}
                <span className="text-slate-500">(Rs {formatAmount(f.balance_pkr)})</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {/* One request feeds both charts: its failure is one line, not one per chart. */}
      {charts.isError ? (
        <Failure lines={[FAILURE_TEXTS.summary]} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          <div className="min-h-[19rem] rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="mb-3 text-sm font-semibold text-slate-700">Bookings per type</h2>
            {charts.isPending ? (
              <p className="text-sm text-slate-500">Loading data...</p>
            ) : (
              <TypeBars data={charts.data?.bookingsByType ?? []} />
            )}
          </div>
          <div className="min-h-[19rem] rounded-lg border border-slate-200 bg-white p-4 lg:col-span-2">
            <h2 className="mb-3 text-sm font-semibold text-slate-700">Receivable vs received per month</h2>
            {charts.isPending ? (
              <p className="text-sm text-slate-500">Loading data...</p>
            ) : (
              <MonthlyBars data={charts.data?.monthly ?? []} />
            )}
          </div>
        </div>
      )}

      <div className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">All Bookings</h2>
        {feed.isError && <Failure lines={[feedFailure(feed.error)]} />}
        {feed.isPending ? (
          <p className="min-h-[24rem] py-10 text-center text-slate-500">Loading data...</p>
        ) : (
          <>
            <DataTable
              columns={columns}
              rows={feed.data?.bookings ?? []}
              rowKey={(r) => r.id}
              emptyText="No recent bookings found"
              label="All Bookings table"
            />
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              rows={feed.data?.bookings.length ?? 0}
              total={total}
              fetching={feed.isFetching}
              onPage={setPage}
            />
          </>
        )}
      </div>

      <TopFiveToCollect />
      <ExpiryAlerts />
    </section>
  )
}
