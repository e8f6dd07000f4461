import { RECORD_SPECS, readPassenger, type Visa } from '@booking/shared'
import { paidLaterColumn, remainingColumn, saleCurrency } from '../../components/columns.ts'
import type { Column } from '../../components/data-table.tsx'
import { passportCell } from '../../components/passport-link.tsx'
import { PaymentsPanel, ReceivePaymentHost, receivePaymentAction } from '../../components/receive-payment.tsx'
import { RecordList } from '../../components/record-list.tsx'
import { VisaForm } from './visa-form.tsx'

const passenger = (row: Visa, key: string) => {
  const value = readPassenger(row.passport_detail)[key]
  return typeof value === 'string' ? value : ''
}

const columns: Column<Visa>[] = [
  { key: 'entry', header: 'Entry' },
  { key: 'employee_name', header: 'Employee Name', hidden: true },
  { key: 'customer_add', header: 'Customer' },
  { key: 'file_number', header: 'File Number', hidden: true },
  { key: 'reference', header: 'Reference', hidden: true },
  { key: 'sponsor_name', header: 'Sponsor Name' },
  { key: 'visa_number', header: 'Visa Number', hidden: true },
  { key: 'embassy', header: 'Embassy', hidden: true },
  { key: 'embassy_send_date', header: 'Embassy Send Date', format: 'date' },
  { key: 'embassy_return_date', header: 'Embassy Return Date', format: 'date', hidden: true },
  { key: 'protector_date', header: 'Protector Date', format: 'date' },
  { key: 'passport_deliver_date', header: 'Passport Deliver Date', format: 'date', hidden: true },
  {
    key: 'receivable_amount',
    header: 'Receivable Amount',
    format: 'amount',
    sortable: false,
    currencyOf: saleCurrency,
  },
  { key: 'paid_cash', header: 'Paid Cash', format: 'amount', sortable: false, currencyOf: saleCurrency },
  {
    key: 'paid_in_bank',
    header: 'Paid In Bank',
    format: 'amount',
    sortable: false,
    currencyOf: saleCurrency,
  },
  paidLaterColumn(),
  { key: 'profit', header: 'Profit', format: 'amount', sortable: false, hidden: true },
  remainingColumn({ sortable: false }),
]

const passportColumns: Column<Visa>[] = [
  {
    key: 'passenger_name',
    header: 'Passenger',
    sortable: false,
    cell: (r) =>
      [passenger(r, 'title'), passenger(r, 'firstName'), passenger(r, 'lastName')].filter(Boolean).join(' '),
  },
  {
    key: 'passenger_document',
    header: 'Document No',
    sortable: false,
    cell: (r) => passportCell(passenger(r, 'documentNo')),
  },
  {
    key: 'passenger_nationality',
    header: 'Nationality',
    sortable: false,
    cell: (r) => passenger(r, 'nationality'),
  },
  { key: 'id_number', header: 'ID Number' },
  { key: 'e_number', header: 'E Number' },
  { key: 'ptn_permission', header: 'PTN Permission' },
  { key: 'expiry_medical_date', header: 'Expiry Medical Date', format: 'date' },
  { key: 'visa_expiry_date', header: 'Visa Expiry Date', format: 'date', hidden: true },
]

/** Receive Payment on rows that still owe (issue 13). */
const paymentAction = receivePaymentAction<Visa>(
  'visa-processing',
  (r) => r.remaining_amount,
  (r) => r.customer_add,
)

export default function VisaPage() {
  return (
    <>
      <RecordList<Visa>
        title="Visa Processing"
        spec={RECORD_SPECS.visa_processing}
        label="visa processing"
        deleteTexts={{
          invalidId: 'Invalid visa processing ID. Cannot delete.',
          failed: 'Failed to delete visa processing.',
        }}
        columns={columns}
        passportColumns={passportColumns}
        renderForm={(props) => (
          <>
            <VisaForm {...props} />
            {props.record && <PaymentsPanel source="visa-processing" id={props.record.id} />}
          </>
        )}
        rowActions={paymentAction}
      />
      <ReceivePaymentHost />
    </>
  )
}
