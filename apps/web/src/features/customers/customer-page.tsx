import { type FileRecord, formatAmount } from '@booking/shared'
import { ArrowLeft } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { RecordLink } from '../../components/record-link.tsx'
import { navPath } from '../../config/nav.ts'
import { ApiError } from '../../lib/api.ts'
import { useIsAdmin } from '../../lib/auth.tsx'
import { type CustomerPayment, useCustomer } from './api.ts'

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
]

/**
 * The customer's statement. Placeholder until the books land (branch `books`): the lead wires it
 * to GET /api/statements/customer/{name}; nothing is shown that the server did not say.
 */
export const CustomerStatement = () => (
  <div
    data-testid="customer-statement-placeholder"
    className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-500"
  >
    The statement appears here once the books are in use.
  </div>
)

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
            rowKey={(p) => `${p.table}:${p.id}`}
            label="Customer payments"
            emptyText="No payments"
          />
          <p className="text-xs text-slate-500">
            Cash and bank paid on each record; refunds paid back show as negative.
          </p>
        </div>
        <div className="space-y-2">
          <h2 className="text-lg font-semibold text-slate-900">Statement</h2>
          <CustomerStatement />
        </div>
      </div>
    </section>
  )
}
