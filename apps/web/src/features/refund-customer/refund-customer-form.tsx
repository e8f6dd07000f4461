import {
  formatAmount,
  RECORD_SPECS,
  type RefundCustomer,
  RefundCustomerInput,
  refundLiveFigures,
  todayIso,
  toIsoDate,
} from '@booking/shared'
import { useWatch } from 'react-hook-form'
import { CustomerSelect } from '../../components/customer-select.tsx'
import { EntryField } from '../../components/entry-field.tsx'
import { Field, ReadOnlyField } from '../../components/field.tsx'
import { NameSelect } from '../../components/name-select.tsx'
import { RecordWizard } from '../../components/record-form.tsx'
import type { RecordFormProps } from '../../components/record-list.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { useBankTitleSelect } from '../../lib/select-options.ts'
import { useRecordForm } from '../../lib/use-record-form.ts'

/** Customer Refund: two steps; remaining and balance follow the amounts as they are typed. */
export const RefundCustomerForm = ({ record, onDone, onCancel }: RecordFormProps<RefundCustomer>) => {
  const { user } = useAuth()
  const recordForm = useRecordForm({
    schema: RefundCustomerInput,
    path: '/refund-customer',
    id: record?.id ?? null,
    defaultValues: {
      employee: record?.employee ?? user?.username ?? '',
      name: record?.name ?? '',
      date: record ? toIsoDate(record.date) : todayIso(),
      passport: record?.passport ?? '',
      reference: record?.reference ?? '',
      detail_sector: record?.detail_sector ?? '',
      total_amount: record?.total_amount ?? '',
      vender_name: record?.vender_name ?? '',
      return_from_vendor: record?.return_from_vendor ?? '',
      office_service_charges: record?.office_service_charges ?? '',
      paid_cash: record?.paid_cash ?? '',
      paid_in_bank: record?.paid_in_bank ?? '',
      bank_title: record?.bank_title ?? '',
    },
    toasts: { saved: 'Customer refund saved', updated: 'Customer refund updated' },
    onDone,
  })
  const figures = refundLiveFigures(useWatch({ control: recordForm.form.control }))
  const bankTitles = useBankTitleSelect(record?.bank_title)

  return (
    <RecordWizard
      title={record ? 'Update Customer Refund' : 'New Customer Refund'}
      steps={RECORD_SPECS.refund_customers.formSteps}
      recordForm={recordForm}
      editing={Boolean(record)}
      onCancel={onCancel}
    >
      {[
        <>
          <Field name="employee" label="Employee" readOnly />
          <EntryField formType="refund" stored={record?.entry} />
          <CustomerSelect name="name" label="Customer Name" autoFocus />
          <Field name="date" label="Date" type="date" />
          <Field name="passport" label="Passport" />
          <Field name="reference" label="Reference" />
          <Field name="detail_sector" label="Detail / Sector" />
          <NameSelect name="vender_name" label="Vendor Name" kind="vender" placeholder="Select Vendor Name" />
        </>,
        <>
          <Field name="total_amount" label="Total Amount" type="number" step="0.01" autoFocus />
          <Field name="return_from_vendor" label="Return From Vendor" type="number" step="0.01" />
          <Field name="office_service_charges" label="Office Service Charges" type="number" step="0.01" />
          <ReadOnlyField money label="Remaining Amount" value={formatAmount(figures.remaining_amount)} />
          <Field name="paid_cash" label="Paid Cash" type="number" step="0.01" />
          <Field name="paid_in_bank" label="Paid In Bank" type="number" step="0.01" />
          <Field name="bank_title" label="Bank Title" type="select" {...bankTitles} />
          <ReadOnlyField money label="Balance" value={formatAmount(figures.balance)} />
        </>,
      ]}
    </RecordWizard>
  )
}
