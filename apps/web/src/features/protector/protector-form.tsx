import { type Protector, ProtectorInput, toIsoDate } from '@booking/shared'
import { EntryField } from '../../components/entry-field.tsx'
import { Field } from '../../components/field.tsx'
import { RecordFormCard } from '../../components/record-form.tsx'
import type { RecordFormProps } from '../../components/record-list.tsx'
import { SettlesCostField } from '../../components/settles-cost-field.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { useRecordForm } from '../../lib/use-record-form.ts'

/** Protector: one page; dates in dd/mm/yyyy from older data are converted to yyyy-mm-dd on edit. */
export const ProtectorForm = ({ record, onDone, onCancel }: RecordFormProps<Protector>) => {
  const { user } = useAuth()
  const recordForm = useRecordForm({
    schema: ProtectorInput,
    path: '/protector',
    id: record?.id ?? null,
    failurePrefix: 'Failed to submit form:',
    defaultValues: {
      employee: record?.employee ?? user?.username ?? '',
      name: record?.name ?? '',
      passport: record?.passport ?? '',
      reference: record?.reference ?? '',
      file_no: record?.file_no ?? '',
      withdraw: record?.withdraw ?? '',
      settles_cost_of: record?.settles_cost_of ?? null,
      mcb_fee_6000_date: toIsoDate(record?.mcb_fee_6000_date),
      ncb_fee_6700_date: toIsoDate(record?.ncb_fee_6700_date),
      ncb_fee_500_date: toIsoDate(record?.ncb_fee_500_date),
      protector_date: toIsoDate(record?.protector_date),
      additional_charges: record?.additional_charges ?? '',
    },
    toasts: { saved: 'Protector saved', updated: 'Protector updated' },
    onDone,
  })

  return (
    <RecordFormCard
      title={record ? 'Update Protector' : 'New Protector'}
      recordForm={recordForm}
      editing={Boolean(record)}
      onCancel={onCancel}
    >
      <Field name="employee" label="Employee" readOnly />
      <EntryField formType="protector" stored={record?.entry} />
      <Field name="name" label="Name" autoFocus />
      <Field name="passport" label="Passport" />
      <Field name="reference" label="Reference" />
      <Field name="file_no" label="File No" />
      <Field name="mcb_fee_6000_date" label="MCB fee 6000" type="date" />
      <Field name="ncb_fee_6700_date" label="NCB fee 6700" type="date" />
      <Field name="ncb_fee_500_date" label="NCB fee 500" type="date" />
      <Field name="protector_date" label="Protector Date" type="date" />
      <Field name="additional_charges" label="Additional Charges" type="number" />
      <Field name="withdraw" label="Withdraw" type="number" hint="Optional" />
      <SettlesCostField stored={record?.settles_cost_of} />
    </RecordFormCard>
  )
}
