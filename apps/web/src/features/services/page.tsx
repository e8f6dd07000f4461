import { RECORD_SPECS, type Service } from '@booking/shared'
import { paidLaterColumn, remainingColumn, saleCurrency } from '../../components/columns.ts'
import type { Column } from '../../components/data-table.tsx'
import { PaymentsPanel, ReceivePaymentHost, receivePaymentAction } from '../../components/receive-payment.tsx'
import { RecordList } from '../../components/record-list.tsx'
import { ServiceWizard } from './service-wizard.tsx'

const columns: Column<Service>[] = [
  { key: 'entry', header: 'Entry' },
  { key: 'user_name', header: 'User Name', hidden: true },
  { key: 'customer_add', header: 'Customer Address' },
  { key: 'booking_date', header: 'Booking Date', format: 'date' },
  { key: 'specific_detail', header: 'Specific Detail' },
  { key: 'visa_type', header: 'Visa Type' },
  { key: 'receivable_amount', header: 'Receivable Amount', format: 'amount', currencyOf: saleCurrency },
  { key: 'paid_cash', header: 'Paid Cash', format: 'amount', currencyOf: saleCurrency },
  { key: 'paid_in_bank', header: 'Paid In Bank', format: 'amount', currencyOf: saleCurrency },
  paidLaterColumn(),
  { key: 'profit', header: 'Profit', format: 'amount', hidden: true },
  remainingColumn(),
]

/** Receive Payment on rows that still owe (issue 13). */
const paymentAction = receivePaymentAction<Service>(
  'services',
  (r) => r.remaining_amount,
  (r) => r.customer_add,
)

export default function ServicesPage() {
  return (
    <>
      <RecordList<Service>
        title="Services"
        spec={RECORD_SPECS.services}
        label="service"
        deleteTexts={{
          invalidId: 'Invalid service ID. Cannot delete.',
          failed: 'Failed to delete service',
        }}
        columns={columns}
        renderForm={(props) => (
          <>
            <ServiceWizard {...props} />
            {props.record && <PaymentsPanel source="services" id={props.record.id} />}
          </>
        )}
        rowActions={paymentAction}
      />
      <ReceivePaymentHost />
    </>
  )
}
