import { type FileRecord, formatAmount, type LinesPage, type Statement, todayIso } from '@booking/shared'
import { useInfiniteQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { ExportButtons } from '../../components/export-buttons.tsx'
import { LoadMore } from '../../components/pager.tsx'
import { PartyProfilePanel } from '../../components/party-profile.tsx'
import { PaymentReceiptButton } from '../../components/receive-payment.tsx'
import { RecordLink } from '../../components/record-link.tsx'
import { ApiError, api } from '../../lib/api.ts'
import { useIsAdmin } from '../../lib/auth.tsx'
import { navPath } from '../../lib/nav.ts'
import { type CustomerPayment, useCustomer } from './api.ts'
import { CustomerTaxDetails } from './tax-details.tsx'

const recordColumns: Column<FileRecord>[] = [
  { key: 'date', header: 'Date', format: 'date' },
  { key: 'type', header: 'Type' },
  {
    key: 'entry',
    header: 'Entry',
    sortable: false,
    cell: (r) => <RecordLink table={r.table} entry={r.entry} type={r.type} />,
  },
  { key: 'name', header: 'Passenger' },
  { key: 'detail', header: 'Detail', sortable: false },
  { key: 'receivable', header: 'Receivable', format: 'amount' },
  { key: 'paid', header: 'Paid', format: 'amount' },
  { key: 'remaining', header: 'Remaining', format: 'amount' },
]

const paymentColumns: Column<CustomerPayment>[] = [
  { key: 'date', header: 'Date', format: 'date' },
  { key: 'type', header: 'Type' },
  {
    key: 'entry',
    header: 'Entry',
    sortable: false,
    cell: (p) => <RecordLink table={p.table} entry={p.entry} type={p.type} />,
  },
  { key: 'amount', header: 'Amount', format: 'amount' },
  {
    key: 'receipt_no',
    header: 'Receipt',
    sortable: false,
    cell: (p) =>
      p.payment_id === null ? (
        <span className="text-xs text-slate-500">At booking</span>
      ) : (
        <span className="inline-flex items-center gap-1">
          {p.receipt_no}
          <PaymentReceiptButton id={p.payment_id} receiptNo={p.receipt_no} />
        </span>
      ),
  },
]

type StatementRow = Statement['rows'][number] & { n: number }

const statementColumns: Column<StatementRow>[] = (
  [
    { key: 'date', header: 'Date', format: 'date' },
    { key: 'entry', header: 'Entry' },
    { key: 'detail', header: 'Detail' },
    // A zero side is left blank, as on a printed ledger.
    { key: 'debit', header: 'Debit', format: 'amount', cell: (r) => (r.debit ? formatAmount(r.debit) : '') },
    {
      key: 'credit',
      header: 'Credit',
      format: 'amount',
      cell: (r) => (r.credit ? formatAmount(r.credit) : ''),
    },
    { key: 'balance', header: 'Balance', format: 'amount' },
  ] satisfies Column<StatementRow>[]
).map((c): Column<StatementRow> => ({ ...c, sortable: false }))

/** Lines of the customer's statement asked for at a time, as on the Statements screen. */
export const CUSTOMER_STATEMENT_PAGE = 200

/**
 * The customer's statement: their account in the books (GET /api/statements/customer/{id}, the
 * customer's id names their account, decision 033), a page of lines at a time with Load more, as
 * the Statements screen pages it (issue 37): the figures above are the whole account's.
 */
export const CustomerStatement = ({ customerId }: { customerId: number }) => {
  const path = `/statements/customer/${customerId}`
  const pages = useInfiniteQuery({
    queryKey: ['statement', path, 'pages'],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api.get<Statement & { page: LinesPage }>(path, { limit: CUSTOMER_STATEMENT_PAGE, offset: pageParam }),
    getNextPageParam: (last) =>
      last.page.offset + last.page.limit < last.page.lines_total
        ? last.page.offset + last.page.limit
        : undefined,
  })
  if (pages.isPending) return <p className="text-sm text-slate-500">Loading data...</p>
  if (pages.isError)
    return (
      <p role="alert" className="text-sm text-red-600">
        {pages.error instanceof ApiError ? pages.error.message : 'Failed to load the statement'}
      </p>
    )
  const s = pages.data.pages[0] as Statement & { page: LinesPage }
  const rows = pages.data.pages.flatMap((p) => p.rows)
  const last = pages.data.pages.at(-1)?.page
  const shown = last ? Math.min(last.offset + last.limit, last.lines_total) : rows.length
  return (
    <div className="space-y-2" data-testid="customer-statement">
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {(
          [
            ['Opening', s.opening],
            ['Total debit', s.totals.debit],
            ['Total credit', s.totals.credit],
            ['Closing', s.closing],
          ] as const
        ).map(([k, v]) => (
          <div key={k} className="rounded-md bg-slate-50 p-2">
            <dt className="text-xs text-slate-500">{k}</dt>
            <dd
              className="font-semibold tabular-nums"
              data-testid={`statement-${k.toLowerCase().replace(' ', '-')}`}
            >
              Rs {formatAmount(v)}
            </dd>
          </div>
        ))}
      </dl>
      <DataTable
        columns={statementColumns}
        rows={rows.map((r, n) => ({ ...r, n }))}
        rowKey={(r) => r.n}
        label="Customer statement"
        emptyText="No entries in the books"
      />
      {pages.hasNextPage && <LoadMore shown={shown} total={s.page.lines_total} noun="lines" pages={pages} />}
      <ExportButtons
        path={path}
        query={{}}
        formats={['pdf', 'xlsx', 'csv']}
        name={`statement-customer-${customerId}`}
      />
    </div>
  )
}

/** One customer: contact, what they owe, every record naming them, their payments and statement. */
export default function CustomerFilePage() {
  const admin = useIsAdmin()
  const id = Number(useParams().id)
  const customer = useCustomer(id)
  const back = (
    <Link
      to={navPath('customers', admin)}
      className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden /> Customers
    </Link>
  )
  if (customer.isPending) return <p className="py-10 text-center text-slate-500">Loading data...</p>
  if (customer.isError || !customer.data) {
    const missing =
      customer.error instanceof ApiError && (customer.error.status === 404 || customer.error.status === 400)
    return (
      <section className="space-y-4">
        {back}
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
          {missing ? 'Customer not found' : 'Failed to load data. Please try again later.'}
        </div>
      </section>
    )
  }
  const c = customer.data
  const owes = c.balance
  return (
    <section className="space-y-6">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">{c.name}</h1>
          <p className="text-sm text-slate-600">
            {[
              c.mobile_number && `Mobile ${c.mobile_number}`,
              c.passport_number && `Passport ${c.passport_number}`,
              c.address,
            ]
              .filter(Boolean)
              .join(' · ') || 'No contact details'}
          </p>
        </div>
        <div
          className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-right"
          data-testid="customer-balance"
        >
          <p className="text-xs uppercase tracking-wide text-slate-500">
            {owes < 0 ? 'Office owes them' : 'Balance owed'}
          </p>
          <p
            className={`text-2xl font-semibold tabular-nums ${owes > 0 ? 'text-red-700' : 'text-slate-900'}`}
          >
            Rs {formatAmount(Math.abs(owes))}
          </p>
        </div>
      </div>

      <CustomerTaxDetails
        key={c.id}
        {...(c as { id: number; ntn?: string; cnic?: string; province?: string })}
      />
      {/* WhatsApp, share link, credit limit and reminder language for every customer (issue 37). */}
      <PartyProfilePanel kind="customer" name={String(c.id)} from="" to={todayIso()} showName={false} />

      <div className="space-y-2">
        <h2 className="text-lg font-semibold text-slate-900">
          Records{' '}
          <span className="text-sm font-normal text-slate-500">
            ({c.records_total.toLocaleString('en-US')}
            {c.records_total > c.records.length ? `, newest ${c.records.length} shown` : ''})
          </span>
        </h2>
        <DataTable
          columns={recordColumns}
          rows={c.records}
          rowKey={(r) => `${r.table}:${r.id}`}
          label="Customer records"
          emptyText="No records name this customer"
        />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-2">
          <h2 className="text-lg font-semibold text-slate-900">Payments</h2>
          <DataTable
            columns={paymentColumns}
            rows={c.payments}
            rowKey={(p) => (p.payment_id === null ? `${p.table}:${p.id}` : `payment:${p.payment_id}`)}
            label="Customer payments"
            emptyText="No payments"
          />
          <p className="text-xs text-slate-500">
            Cash and bank paid on each record when entered, and later payments with their receipts; refunds
            paid back show as negative.
          </p>
        </div>
        <div className="space-y-2">
          <h2 className="text-lg font-semibold text-slate-900">Statement</h2>
          <CustomerStatement customerId={c.id} />
        </div>
      </div>
    </section>
  )
}
