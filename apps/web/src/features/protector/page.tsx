import { type Protector, RECORD_SPECS } from '@booking/shared'
import type { Column } from '../../components/data-table.tsx'
import { passportCell } from '../../components/passport-link.tsx'
import { RecordList } from '../../components/record-list.tsx'
import { ProtectorForm } from './protector-form.tsx'

const columns: Column<Protector>[] = [
  { key: 'entry', header: 'Entry' },
  { key: 'employee', header: 'Employee', hidden: true },
  { key: 'name', header: 'Name' },
  { key: 'passport', header: 'Passport', cell: (r) => passportCell(r.passport) },
  { key: 'reference', header: 'Reference' },
  { key: 'file_no', header: 'File No', hidden: true },
  { key: 'mcb_fee_6000_date', header: 'MCB fee 6000', format: 'date' },
  { key: 'ncb_fee_6700_date', header: 'NCB fee 6700', format: 'date' },
  { key: 'ncb_fee_500_date', header: 'NCB fee 500', format: 'date', hidden: true },
  { key: 'protector_date', header: 'Protector Date', format: 'date' },
  { key: 'additional_charges', header: 'Additional Charges', format: 'amount' },
  { key: 'withdraw', header: 'Withdraw', format: 'amount', pin: 'end', width: 120 },
]

export default function ProtectorPage() {
  return (
    <RecordList<Protector>
      title="Protector"
      spec={RECORD_SPECS.protectors}
      label="protector"
      deleteTexts={{
        invalidId: 'Invalid protector ID. Cannot delete.',
        failed: 'Failed to delete protector.',
      }}
      columns={columns}
      renderForm={(props) => <ProtectorForm {...props} />}
    />
  )
}
