import { EXPENSE_TYPES, type Expense, ExpenseInput, todayIso, toIsoDate } from '@booking/shared'
import { EntryField } from '../../components/entry-field.tsx'
import { Field } from '../../components/field.tsx'
import { RecordFormCard } from '../../components/record-form.tsx'
import type { RecordFormProps } from '../../components/record-list.tsx'
import { SettlesCostField } from '../../components/settles-cost-field.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { useRecordForm } from '../../lib/use-record-form.ts'

/** Expense: one page; the employee is the signed-in user and the server assigns the entry. */
export const ExpenseForm = ({ record, onDone, onCancel }: RecordFormProps<Expense>) => {
  const { user } = useAuth()
  const recordForm = useRecordForm({
    schema: ExpenseInput,
    path: '/expenses',
    id: record?.id ?? null,
    failurePrefix: 'Failed to submit form:',
    defaultValues: {
      user_name: record?.user_name ?? user?.username ?? '',
      date: record ? toIsoDate(record.date) : todayIso(),
      withdraw: record?.withdraw ?? '',
      settles_cost_of: record?.settles_cost_of ?? null,
      detail: record?.detail ?? '',
      total_amount: record?.total_amount ?? '',
      selection: record?.selection ?? '',
    },
    toasts: { saved: 'Expense saved', updated: 'Expense updated' },
    onDone,
  })

  return (
    <RecordFormCard
      title="EXPENSE FORM"
      recordForm={recordForm}
      editing={Boolean(record)}
      onCancel={onCancel}
    >
      <Field name="user_name" label="Employee Name" readOnly />
      <EntryField formType="expense" stored={record?.entry} />
      <Field name="date" label="Date" type="date" autoFocus />
      <Field name="withdraw" label="Withdraw" type="number" step="0.01" hint="Optional" />
      <SettlesCostField stored={record?.settles_cost_of} />
      <Field name="detail" label="Detail" />
      <Field name="total_amount" label="Total Amount" type="number" step="0.01" />
      <Field name="selection" label="Type" type="select" options={EXPENSE_TYPES} />
    </RecordFormCard>
  )
}
