import { RECORD_SPECS, type RefundCustomer } from '@booking/shared'
import { BankName } from '../../components/bank-name.tsx'
import type { Column } from '../../components/data-table.tsx'
import { passportCell } from '../../components/passport-link.tsx'
import { RecordList } from '../../components/record-list.tsx'
import { RefundCustomerForm } from './refund-customer-form.tsx'

const columns: Column<RefundCustomer>[] = [
  { key: 'entry', header: 'Entry' },
  { key: 'employee', header: 'Employee', hidden: true },
  { key: 'name', header: 'Customer Name' },
  { key: 'date', header: 'Date', format: 'date' },
  { key: 'passport', header: 'Passport', hidden: true, cell: (r) => passportCell(r.passport) },
  { key: 'reference', header: 'Reference', hidden: true },
  { key: 'detail_sector', header: 'Detail / Sector', hidden: true },
  { key: 'total_amount', header: 'Total Amount', format: 'amount' },
  { key: 'vender_name', header: 'Vendor Name' },
  { key: 'return_from_vendor', header: 'Return From Vendor', format: 'amount', hidden: true },
  { key: 'office_service_charges', header: 'Office Service Charges', format: 'amount', hidden: true },
  { key: 'remaining_amount', header: 'Remaining Amount', format: 'amount' },
  { key: 'paid_cash', header: 'Paid Cash', format: 'amount' },
  { key: 'paid_in_bank', header: 'Paid In Bank', format: 'amount' },
  {
    key: 'bank_title',
    header: 'Bank Title',
    hidden: true,
    cell: (r) => (r.bank_title ? <BankName stored={r.bank_title} /> : ''),
  },
  { key: 'balance', header: 'Balance', format: 'amount', pin: 'end', width: 120 },
]

export default function RefundCustomerPage() {
  return (
    <RecordList<RefundCustomer>
      title="Refund Customer"
      spec={RECORD_SPECS.refund_customers}
      label="refund customer entry"
      deleteTexts={{
        invalidId: 'Invalid refund customer ID. Cannot delete.',
        failed: 'Failed to delete refund customer entry',
      }}
      columns={columns}
      renderForm={(props) => <RefundCustomerForm {...props} />}
    />
  )
}
