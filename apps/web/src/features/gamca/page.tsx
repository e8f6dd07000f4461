import { type Gamca, RECORD_SPECS, readPassenger } from '@booking/shared'
import { BankName } from '../../components/bank-name.tsx'
import { paidLaterColumn, remainingColumn, saleCurrency } from '../../components/columns.ts'
import type { Column } from '../../components/data-table.tsx'
import { passportCell } from '../../components/passport-link.tsx'
import { PaymentsPanel, ReceivePaymentHost, receivePaymentAction } from '../../components/receive-payment.tsx'
import { RecordList } from '../../components/record-list.tsx'
import { GamcaForm } from './gamca-form.tsx'
import { ownLoadError } from './load-error.ts'

const passengerName = (row: Gamca) => {
  const p = readPassenger(row.passport_detail)
  return [p.title, p.firstName, p.lastName].filter((s) => typeof s === 'string' && s).join(' ')
}

const columns: Column<Gamca>[] = [
  { key: 'entry', header: 'Entry' },
  { key: 'employee_name', header: 'Employee Name', hidden: true },
  { key: 'customer_add', header: 'Customer' },
  { key: 'reference', header: 'Reference', hidden: true },
  { key: 'country', header: 'Country' },
  { key: 'passenger', header: 'Passenger', sortable: false, cell: passengerName },
  {
    key: 'passport_no',
    header: 'Passport No',
    sortable: false,
    cell: (r) => passportCell(readPassenger(r.passport_detail).documentNo),
  },
  {
    key: 'receivable_amount',
    header: 'Receivable Amount',
    format: 'amount',
    sortable: false,
    currencyOf: saleCurrency,
  },
  { key: 'paid_cash', header: 'Paid Cash', format: 'amount', sortable: false, currencyOf: saleCurrency },
  {
    key: 'paid_from_bank',
    header: 'Bank Title',
    hidden: true,
    cell: (r) => (r.paid_from_bank ? <BankName stored={r.paid_from_bank} /> : ''),
  },
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
  { key: 'created_at', header: 'Date', format: 'date' },
]

/** Receive Payment on rows that still owe (issue 13). */
const paymentAction = receivePaymentAction<Gamca>(
  'gamca-token',
  (r) => r.remaining_amount,
  (r) => r.customer_add,
)

export default function GamcaPage() {
  return (
    <>
      <RecordList<Gamca>
        title="GAMCA Token"
        spec={RECORD_SPECS.gamca_tokens}
        label="GAMCA token"
        deleteTexts={{
          invalidId: 'Invalid GAMCA token ID. Cannot delete.',
          failed: 'Failed to delete GAMCA token.',
        }}
        columns={columns}
        renderForm={(props) => (
          <>
            <GamcaForm {...props} />
            {props.record && <PaymentsPanel source="gamca-token" id={props.record.id} />}
          </>
        )}
        rowActions={paymentAction}
        errorText={ownLoadError}
      />
      <ReceivePaymentHost />
    </>
  )
}
