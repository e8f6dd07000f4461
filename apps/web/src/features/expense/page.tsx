import { type Expense, RECORD_SPECS } from '@booking/shared'
import type { Column } from '../../components/data-table.tsx'
import { RecordList } from '../../components/record-list.tsx'
import { ExpenseForm } from './expense-form.tsx'

const columns: Column<Expense>[] = [
  { key: 'entry', header: 'Entry' },
  { key: 'user_name', header: 'Employee Name' },
  { key: 'date', header: 'Date', format: 'date' },
  { key: 'detail', header: 'Detail' },
  { key: 'selection', header: 'Type' },
  { key: 'total_amount', header: 'Total Amount', format: 'amount' },
  { key: 'withdraw', header: 'Withdraw', format: 'amount' },
]

export default function ExpensePage() {
  return (
    <RecordList<Expense>
      title="Expense"
      spec={RECORD_SPECS.expenses}
      label="expense"
      deleteTexts={{
        invalidId: 'Invalid expense ID. Cannot delete.',
        failed: 'Failed to delete expense',
      }}
      columns={columns}
      renderForm={(props) => <ExpenseForm {...props} />}
    />
  )
}
