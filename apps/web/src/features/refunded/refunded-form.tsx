import { type Refunded, RefundedInput, todayIso, toIsoDate } from '@booking/shared'
import { EntryField } from '../../components/entry-field.tsx'
import { Field } from '../../components/field.tsx'
import { RecordFormCard } from '../../components/record-form.tsx'
import type { RecordFormProps } from '../../components/record-list.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { useRecordForm } from '../../lib/use-record-form.ts'

/** Refunded (MCB): one page; the two paid dates may stay empty and are then sent as null. */
export const RefundedForm = ({ record, onDone, onCancel }: RecordFormProps<Refunded>) => {
  const { user } = useAuth()
  // A new record offered from a pasted VOID or REFUNDED ticket comes prefilled in the address.
  const given = record ? null : new URLSearchParams(window.location.search)
  const prefill = (key: string) => given?.get(key) ?? ''
  const recordForm = useRecordForm({
    schema: RefundedInput,
    path: '/refunded',
    id: record?.id ?? null,
    failurePrefix: 'Failed to submit form:',
    defaultValues: {
      employee: record?.employee ?? user?.username ?? '',
      date: record ? toIsoDate(record.date) : todayIso(),
      name: record?.name ?? prefill('name'),
      passport: record?.passport ?? prefill('passport'),
      reference: record?.reference ?? prefill('reference'),
      paid_fee_date: toIsoDate(record?.paid_fee_date),
      paid_refund_date: toIsoDate(record?.paid_refund_date),
      total_balance: record?.total_balance ?? prefill('total_balance'),
      withdraw: record?.withdraw ?? 0,
    },
    toasts: { saved: 'Refunded entry saved', updated: 'Refunded entry updated' },
    onDone,
  })

  return (
    <RecordFormCard
      title="REFUNDED FORM"
      recordForm={recordForm}
      editing={Boolean(record)}
      onCancel={onCancel}
    >
      <Field name="employee" label="Employee" readOnly />
      <EntryField formType="refunded" stored={record?.entry} />
      <Field name="date" label="Date" type="date" />
      <Field name="name" label="Name" />
      <Field name="passport" label="Passport" />
      <Field name="reference" label="Reference" />
      <Field name="paid_fee_date" label="Paid Fee Date" type="date" hint="Optional" />
      <Field name="paid_refund_date" label="Paid Refund Date" type="date" hint="Optional" />
      <Field name="total_balance" label="Total Balance" type="number" step="0.01" />
      <Field name="withdraw" label="Withdraw" type="number" step="0.01" />
    </RecordFormCard>
  )
}
