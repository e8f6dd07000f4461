import { RECORD_SPECS, type Refunded } from '@booking/shared'
import type { Column } from '../../components/data-table.tsx'
import { passportCell } from '../../components/passport-link.tsx'
import { RecordList } from '../../components/record-list.tsx'
import { RefundedForm } from './refunded-form.tsx'

const columns: Column<Refunded>[] = [
  { key: 'entry', header: 'Entry' },
  { key: 'employee', header: 'Employee' },
  { key: 'date', header: 'Date', format: 'date' },
  { key: 'name', header: 'Name' },
  { key: 'passport', header: 'Passport', cell: (r) => passportCell(r.passport) },
  { key: 'reference', header: 'Reference' },
  { key: 'paid_fee_date', header: 'Paid Fee Date', format: 'date' },
  { key: 'paid_refund_date', header: 'Paid Refund Date', format: 'date' },
  { key: 'total_balance', header: 'Total Balance', format: 'amount' },
  { key: 'withdraw', header: 'Withdraw', format: 'amount' },
]

export default function RefundedPage() {
  return (
    <RecordList<Refunded>
      title="Refunded MCB"
      spec={RECORD_SPECS.refunded}
      label="refunded entry"
      deleteTexts={{
        invalidId: 'Invalid refunded ID. Cannot delete.',
        failed: 'Failed to delete refunded entry',
      }}
      columns={columns}
      renderForm={(props) => <RefundedForm {...props} />}
    />
  )
}
