import { formatDate, passengerList, passengerName, RECORD_SPECS, type Ticket } from '@booking/shared'
import { BankName } from '../../components/bank-name.tsx'
import { paxSummary } from '../../components/booking-fields.tsx'
import { paidLaterColumn, remainingColumn, saleCurrency } from '../../components/columns.ts'
import type { Column } from '../../components/data-table.tsx'
import { PassportLink } from '../../components/passport-link.tsx'
import { PaymentsPanel, ReceivePaymentHost, receivePaymentAction } from '../../components/receive-payment.tsx'
import { RecordList } from '../../components/record-list.tsx'
import { TicketForm } from './ticket-form.tsx'
import { VoidBanner, VoidMark, VoidTicketButton } from './void-ticket.tsx'

/** One line per passenger of the ticket, for the passport columns. */
const perPassenger = (row: Ticket, pick: (p: Record<string, unknown>) => string) => {
  const lines = passengerList(row.passport_detail).map(pick)
  if (lines.every((l) => !l)) return ''
  return (
    <div className="space-y-0.5">
      {lines.map((line, i) => (
        <div key={i}>{line || '-'}</div>
      ))}
    </div>
  )
}

const text = (v: unknown) => (typeof v === 'string' ? v : '')

const columns: Column<Ticket>[] = [
  {
    key: 'entry',
    header: 'Entry',
    cell: (r) => (
      <span className="whitespace-nowrap">
        {r.entry}
        <VoidMark ticket={r} />
      </span>
    ),
  },
  { key: 'employee_name', hidden: true, header: 'Employee Name' },
  { key: 'customer_add', header: 'Customer' },
  { key: 'reference', hidden: true, header: 'Reference' },
  { key: 'depart_date', header: 'Depart Date', format: 'date' },
  { key: 'return_date', header: 'Return Date', format: 'date', sortable: false, hidden: true },
  { key: 'sector', header: 'Sector' },
  // Under Columns by default: Paid Later (decision 054) needs its width for the row to fit 1366 px.
  { key: 'airline', header: 'Airline', hidden: true },
  {
    key: 'passengers',
    header: 'Passengers',
    sortable: false,
    cell: (r) => paxSummary(r.adults, r.children, r.infants),
  },
  {
    key: 'receivable_amount',
    header: 'Receivable Amount',
    format: 'amount',
    sortable: false,
    currencyOf: saleCurrency,
  },
  { key: 'agent_name', hidden: true, header: 'Agent Name' },
  { key: 'paid_cash', header: 'Paid Cash', format: 'amount', sortable: false, currencyOf: saleCurrency },
  {
    key: 'bank_title',
    hidden: true,
    header: 'Bank Title',
    cell: (r) => (r.bank_title ? <BankName stored={r.bank_title} /> : ''),
  },
  {
    key: 'paid_in_bank',
    header: 'Paid In Bank',
    format: 'amount',
    sortable: false,
    currencyOf: saleCurrency,
  },
  paidLaterColumn(),
  { key: 'payable_to_vendor', header: 'Payable To Vendor', format: 'amount', sortable: false, hidden: true },
  { key: 'vendor_name', hidden: true, header: 'Vendor Name' },
  { key: 'profit', header: 'Profit', format: 'amount', sortable: false, hidden: true },
  remainingColumn({ sortable: false }),
]

const passportColumns: Column<Ticket>[] = [
  {
    key: 'passenger_names',
    header: 'Passenger',
    sortable: false,
    cell: (r) => perPassenger(r, passengerName),
  },
  {
    key: 'passenger_documents',
    header: 'Document',
    sortable: false,
    cell: (r) => {
      const docs = passengerList(r.passport_detail)
      if (docs.every((p) => !text(p.documentNo))) return ''
      return (
        <div className="space-y-0.5">
          {docs.map((p, i) => (
            <div key={i}>
              {text(p.documentType) && `${text(p.documentType)}: `}
              <PassportLink no={text(p.documentNo)} />
            </div>
          ))}
        </div>
      )
    },
  },
  {
    key: 'passenger_dob',
    header: 'Date of Birth',
    sortable: false,
    cell: (r) => perPassenger(r, (p) => formatDate(p.dob)),
  },
  {
    key: 'passenger_nationality',
    header: 'Nationality',
    sortable: false,
    cell: (r) => perPassenger(r, (p) => text(p.nationality)),
  },
  {
    key: 'passenger_expiry',
    header: 'Document Expiry',
    sortable: false,
    cell: (r) => perPassenger(r, (p) => formatDate(p.documentExpiry)),
  },
  {
    key: 'passenger_issue_country',
    header: 'Issue Country',
    sortable: false,
    cell: (r) => perPassenger(r, (p) => text(p.issueCountry)),
  },
]

/** Receive Payment on rows that still owe (issue 13). */
const paymentAction = receivePaymentAction<Ticket>(
  'ticket',
  (r) => r.remaining_amount,
  (r) => r.customer_add,
)

export default function TicketsPage() {
  return (
    <>
      <RecordList<Ticket>
        title="Tickets"
        spec={RECORD_SPECS.tickets}
        label="ticket"
        deleteTexts={{ invalidId: 'Invalid ticket ID. Cannot delete.', failed: 'Failed to delete ticket.' }}
        columns={columns}
        passportColumns={passportColumns}
        renderForm={(props) => (
          <>
            {props.record && <VoidBanner ticket={props.record} />}
            <TicketForm {...props} />
            {props.record && !props.record.voided_at && (
              <div className="flex justify-end">
                <VoidTicketButton ticket={props.record} onVoided={props.onDone} />
              </div>
            )}
            {props.record && <PaymentsPanel source="ticket" id={props.record.id} />}
          </>
        )}
        rowActions={paymentAction}
      />
      <ReceivePaymentHost />
    </>
  )
}
