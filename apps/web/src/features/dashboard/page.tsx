import { formatAmount, isIsoDate } from '@booking/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { DateInput } from '../../components/date-input.tsx'
import { Pager } from '../../components/pager.tsx'
import { api } from '../../lib/api.ts'
import { MonthlyBars, TypeBars } from './charts.tsx'

/** The spec's failure texts. One summary endpoint replaces the ten source calls, so a failed
 * feed shows every source's text and a failed summary or chart call shows the summary's. */
const FAILURE_TEXTS = {
  summary: 'Failed to load dashboard summary',
  sources: [
    'Failed to load Umrah data',
    'Failed to load Tickets data',
    'Failed to load Visa data',
    'Failed to load Gamca Token data',
    'Failed to load Services data',
    'Failed to load Protector data',
    'Failed to load Expenses data',
    'Failed to load Refunded data',
    'Failed to load Vender data',
  ],
} as const

/** Spec §9: dashboard requests are cached for 15 seconds. */
const STALE = 15_000
const PAGE_SIZE = 25

interface Summary {
  totalBookings: number
  bookingsByType: Array<{ type: string; count: number }>
  totalRevenue: number
  totalEntries: number
  ticket: number
  umrah: number
  visa: number
  gamcaToken: number
  service: number
  totalReceivable: number
  totalPaidCash: number
  totalPaidInBank: number
  totalRemainingAmount: number
  withdraw: number
  cashInOffice: number
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

const CARDS: Array<{ label: string; key: keyof Summary; money?: boolean; tone: string }> = [
  { label: 'Total Entries', key: 'totalEntries', tone: 'border-l-slate-400' },
  { label: 'Ticket', key: 'ticket', tone: 'border-l-blue-500' },
  { label: 'Umrah', key: 'umrah', tone: 'border-l-emerald-500' },
  { label: 'Visa', key: 'visa', tone: 'border-l-violet-500' },
  { label: 'GAMCA Token', key: 'gamcaToken', tone: 'border-l-cyan-500' },
  { label: 'Service', key: 'service', tone: 'border-l-pink-500' },
  { label: 'Total Receivable', key: 'totalReceivable', money: true, tone: 'border-l-amber-500' },
  { label: 'Total Paid Cash', key: 'totalPaidCash', money: true, tone: 'border-l-green-600' },
  { label: 'Total Paid In Bank', key: 'totalPaidInBank', money: true, tone: 'border-l-teal-600' },
  { label: 'Total Remaining Amount', key: 'totalRemainingAmount', money: true, tone: 'border-l-orange-500' },
  { label: 'Withdraw', key: 'withdraw', money: true, tone: 'border-l-red-500' },
  { label: 'Cash in Office', key: 'cashInOffice', money: true, tone: 'border-l-indigo-600' },
]

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

export default function DashboardPage() {
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
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
  const charts = useQuery({
    queryKey: ['dashboard', 'charts', range],
    queryFn: () => api.get<Charts>('/dashboard/charts', range),
    staleTime: STALE,
    placeholderData: keepPreviousData,
  })

  const setRange = (f: string, t: string) => {
    setFrom(f)
    setTo(t)
    setPage(0)
  }
  const total = feed.data?.total ?? 0

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">Dashboard</h1>
        <div className="flex flex-wrap items-end gap-2">
          <label className="w-40 text-sm text-slate-600">
            <span className="mb-1 block">From</span>
            <DateInput
              aria-label="From date"
              value={from}
              onChange={(v) => (v === '' || isIsoDate(v)) && setRange(v, to)}
            />
          </label>
          <label className="w-40 text-sm text-slate-600">
            <span className="mb-1 block">To</span>
            <DateInput
              aria-label="To date"
              value={to}
              onChange={(v) => (v === '' || isIsoDate(v)) && setRange(from, v)}
            />
          </label>
          {(from || to) && (
            <button type="button" className="btn-secondary" onClick={() => setRange('', '')}>
              Clear
            </button>
          )}
        </div>
      </div>

      {summary.isError && <Failure lines={[FAILURE_TEXTS.summary]} />}
      {summary.isPending ? (
        <p className="text-slate-500">Loading data...</p>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
          {CARDS.map((card) => {
            const value = Number(summary.data?.[card.key] ?? 0)
            return (
              <div
                key={card.key}
                data-card={card.label}
                className={`rounded-lg border border-slate-200 border-l-4 bg-white p-3 shadow-sm ${card.tone}`}
              >
                <p className="text-xs font-medium text-slate-500">{card.label}</p>
                <p
                  className="mt-1 truncate text-lg font-semibold tabular-nums text-slate-900"
                  title={String(value)}
                >
                  {card.money ? formatAmount(value) : value.toLocaleString('en-US')}
                </p>
              </div>
            )
          })}
        </div>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="mb-3 text-sm font-semibold text-slate-700">Bookings per type</h2>
          {charts.isError ? (
            <Failure lines={[FAILURE_TEXTS.summary]} />
          ) : charts.isPending ? (
            <p className="text-sm text-slate-500">Loading data...</p>
          ) : (
            <TypeBars data={charts.data?.bookingsByType ?? []} />
          )}
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="mb-3 text-sm font-semibold text-slate-700">Receivable vs received per month</h2>
          {charts.isError ? (
            <Failure lines={[FAILURE_TEXTS.summary]} />
          ) : charts.isPending ? (
            <p className="text-sm text-slate-500">Loading data...</p>
          ) : (
            <MonthlyBars data={charts.data?.monthly ?? []} />
          )}
        </div>
      </div>

      <div className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">All Bookings</h2>
        {feed.isError && <Failure lines={FAILURE_TEXTS.sources} />}
        {feed.isPending ? (
          <p className="py-10 text-center text-slate-500">Loading data...</p>
        ) : (
          <>
            <DataTable
              columns={COLUMNS}
              rows={feed.data?.bookings ?? []}
              rowKey={(r) => r.id}
              emptyText="No recent bookings found"
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
    </section>
  )
}
