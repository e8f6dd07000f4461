import { formatDate, type Navtcc, passengerName, RECORD_SPECS, readPassenger } from '@booking/shared'
import { BankName } from '../../components/bank-name.tsx'
import { paidLaterColumn, remainingColumn, saleCurrency } from '../../components/columns.ts'
import type { Column } from '../../components/data-table.tsx'
import { passportCell } from '../../components/passport-link.tsx'
import { PaymentsPanel, ReceivePaymentHost, receivePaymentAction } from '../../components/receive-payment.tsx'
import { RecordList } from '../../components/record-list.tsx'
import { NavtccForm } from './navtcc-form.tsx'

const passenger = (row: Navtcc) => readPassenger(row.passport_detail) as Record<string, string | undefined>

const columns: Column<Navtcc>[] = [
  { key: 'entry', header: 'Entry' },
  { key: 'employee_name', header: 'Employee Name', hidden: true },
  { key: 'customer_add', header: 'Customer Address' },
  { key: 'reference', header: 'Reference', hidden: true },
  { key: 'profession_key', header: 'Airline' },
  {
    key: 'passenger',
    header: 'Passenger',
    sortable: false,
    cell: (row) => passengerName(passenger(row)),
  },
  {
    key: 'document_no',
    header: 'Passport No',
    sortable: false,
    cell: (row) => passportCell(passenger(row).documentNo),
  },
  {
    key: 'document_expiry',
    header: 'Expiry Date',
    sortable: false,
    cell: (row) => formatDate(passenger(row).documentExpiry),
  },
  { key: 'receivable_amount', header: 'Receivable Amount', format: 'amount', currencyOf: saleCurrency },
  { key: 'paid_cash', header: 'Paid Cash', format: 'amount', currencyOf: saleCurrency },
  {
    key: 'paid_from_bank',
    header: 'Paid From Bank',
    hidden: true,
    cell: (r) => (r.paid_from_bank ? <BankName stored={r.paid_from_bank} /> : ''),
  },
  { key: 'paid_in_bank', header: 'Paid In Bank', format: 'amount', currencyOf: saleCurrency },
  paidLaterColumn(),
  { key: 'payed_to_bank', header: 'Paid To Bank', format: 'amount', hidden: true },
  { key: 'vendor_name', header: 'Vendor Name', hidden: true },
  { key: 'profit', header: 'Profit', format: 'amount', hidden: true },
  remainingColumn(),
  { key: 'created_at', header: 'Date', format: 'date' },
]

/** Receive Payment on rows that still owe (issue 13). */
const paymentAction = receivePaymentAction<Navtcc>(
  'navtcc',
  (r) => r.remaining_amount,
  (r) => r.customer_add,
)

export default function NavtccPage() {
  return (
    <>
      <RecordList<Navtcc>
        title="Navtcc"
        spec={RECORD_SPECS.navtcc}
        label="navtcc"
        deleteTexts={{
          invalidId: 'Invalid navtcc ID. Cannot delete.',
          failed: 'Failed to delete navtcc',
        }}
        columns={columns}
        renderForm={(props) => (
          <>
            <NavtccForm {...props} />
            {props.record && <PaymentsPanel source="navtcc" id={props.record.id} />}
          </>
        )}
        rowActions={paymentAction}
      />
      <ReceivePaymentHost />
    </>
  )
}
