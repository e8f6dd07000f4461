import { formatDate, passengerList, passengerName, RECORD_SPECS, type UmrahBooking } from '@booking/shared'
import { BankName } from '../../components/bank-name.tsx'
import { paxSummary } from '../../components/booking-fields.tsx'
import { paidLaterColumn, saleCurrency } from '../../components/columns.ts'
import type { Column } from '../../components/data-table.tsx'
import { passportCell } from '../../components/passport-link.tsx'
import { PaymentsPanel, ReceivePaymentHost, receivePaymentAction } from '../../components/receive-payment.tsx'
import { RecordList } from '../../components/record-list.tsx'
import { UmrahForm } from './umrah-form.tsx'

/** Every pilgrim (decision 048); older answers carry only the lead in passportDetail. */
const pilgrims = (row: UmrahBooking) => passengerList(row.passengers ?? row.passportDetail)
const passenger = (row: UmrahBooking) => pilgrims(row)[0] ?? {}
const text = (v: unknown) => (typeof v === 'string' ? v : '')

// camelCase keys are not server sort columns; only the spec's snake_case ones sort.
const columns: Column<UmrahBooking>[] = [
  { key: 'entry', header: 'Entry' },
  { key: 'userName', header: 'Employee Name', sortable: false, hidden: true },
  { key: 'customerAdd', header: 'Customer', sortable: false },
  { key: 'reference', header: 'Reference', hidden: true },
  { key: 'packageDetail', header: 'Package Detail', sortable: false, hidden: true },
  { key: 'depart_date', header: 'Depart Date', format: 'date' },
  { key: 'return_date', header: 'Return Date', format: 'date', sortable: false, hidden: true },
  { key: 'sector', header: 'Sector' },
  { key: 'airline', header: 'Airline' },
  {
    key: 'passengers',
    header: 'Passengers',
    sortable: false,
    cell: (r) => paxSummary(r.adults, r.children, r.infants),
  },
  {
    key: 'receivableAmount',
    header: 'Receivable Amount',
    format: 'amount',
    sortable: false,
    currencyOf: saleCurrency,
  },
  { key: 'paidCash', header: 'Paid Cash', format: 'amount', sortable: false, currencyOf: saleCurrency },
  {
    key: 'bank_title',
    header: 'Bank Title',
    hidden: true,
    cell: (r) => (r.bank_title ? <BankName stored={r.bank_title} /> : ''),
  },
  { key: 'paidInBank', header: 'Paid In Bank', format: 'amount', sortable: false, currencyOf: saleCurrency },
  paidLaterColumn({ key: 'paymentsTotal' }),
  { key: 'payableToVendor', header: 'Payable To Vendor', format: 'amount', sortable: false, hidden: true },
  { key: 'vendorName', header: 'Vendor Name', sortable: false, hidden: true },
  { key: 'profit', header: 'Profit', format: 'amount', sortable: false, hidden: true },
  {
    key: 'remainingAmount',
    header: 'Remaining Amount',
    format: 'amount',
    sortable: false,
    pin: 'end',
    width: 120,
    currencyOf: saleCurrency,
  },
]

const passportColumns: Column<UmrahBooking>[] = [
  {
    key: 'passenger_name',
    header: 'Passenger',
    sortable: false,
    cell: (r) => pilgrims(r).map(passengerName).filter(Boolean).join(', '),
  },
  {
    key: 'passenger_document',
    header: 'Passport No',
    sortable: false,
    cell: (r) => (
      <span className="flex flex-wrap gap-x-2">
        {pilgrims(r).map((p, i) => (
          <span key={i}>{passportCell(text(p.documentNo))}</span>
        ))}
      </span>
    ),
  },
  {
    key: 'passenger_dob',
    header: 'Date of Birth',
    sortable: false,
    cell: (r) => formatDate(passenger(r).dob),
  },
  {
    key: 'passenger_nationality',
    header: 'Nationality',
    sortable: false,
    cell: (r) => text(passenger(r).nationality),
  },
  {
    key: 'passenger_expiry',
    header: 'Expiry Date',
    sortable: false,
    cell: (r) => formatDate(passenger(r).documentExpiry),
  },
  {
    key: 'passenger_issue_country',
    header: 'Issue Country',
    sortable: false,
    cell: (r) => text(passenger(r).issueCountry),
  },
]

/** Receive Payment on rows that still owe (issue 13). */
const paymentAction = receivePaymentAction<UmrahBooking>(
  'umrah',
  (r) => r.remainingAmount,
  (r) => r.customerAdd,
)

export default function UmrahPage() {
  return (
    <>
      <RecordList<UmrahBooking>
        title="Umrah"
        spec={RECORD_SPECS.umrah}
        label="umrah booking"
        deleteTexts={{
          invalidId: 'Invalid Umrah booking ID. Cannot delete.',
          failed: 'Failed to delete Umrah booking.',
        }}
        columns={columns}
        passportColumns={passportColumns}
        renderForm={(props) => (
          <>
            <UmrahForm {...props} />
            {props.record && <PaymentsPanel source="umrah" id={props.record.id} />}
          </>
        )}
        rowActions={paymentAction}
      />
      <ReceivePaymentHost />
    </>
  )
}
