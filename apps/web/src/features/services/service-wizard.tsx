import {
  formatAmount,
  RECORD_SPECS,
  type SaleTax,
  SERVICE_REMAINING_NEGATIVE,
  type Service,
  ServiceInput,
  serviceRemaining,
  todayIso,
  toIsoDate,
  VISA_TYPES,
} from '@booking/shared'
import { useFormContext, useWatch } from 'react-hook-form'
import { BankSelect } from '../../components/bank-select.tsx'
import { CustomerSelect } from '../../components/customer-select.tsx'
import { EntryField } from '../../components/entry-field.tsx'
import { Field, ReadOnlyField } from '../../components/field.tsx'
import { RecordWizard } from '../../components/record-form.tsx'
import type { RecordFormProps } from '../../components/record-list.tsx'
import { SaleAmountFields } from '../../components/sale-amount-fields.tsx'
import { TaxAuthorityField } from '../../components/tax-authority-field.tsx'
import {
  ProfitOrPayable,
  VendorPayableFields,
  vendorPayableBody,
  vendorPayableValues,
} from '../../components/vendor-payable-fields.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { lessPaidLater, paidLater } from '../../lib/payments.ts'
import { useRecordForm } from '../../lib/use-record-form.ts'

/** Live remaining = receivable − paid cash − paid in bank − later payments; read-only, the server recomputes it. */
const RemainingAmount = ({ later }: { later: number }) => {
  const { control } = useFormContext()
  const [receivable_amount, paid_cash, paid_in_bank, currency] = useWatch({
    control,
    name: ['receivable_amount', 'paid_cash', 'paid_in_bank', 'currency'],
  })
  const remaining = lessPaidLater(serviceRemaining({ receivable_amount, paid_cash, paid_in_bank }), later)
  return (
    <ReadOnlyField
      money
      unit={currency}
      label="Remaining Amount"
      value={formatAmount(remaining)}
      error={remaining < 0 ? SERVICE_REMAINING_NEGATIVE : undefined}
    />
  )
}

/** Services: three steps; Next checks the current step, a failed submit jumps to the first step with an error. */
export const ServiceWizard = ({ record, onDone, onCancel }: RecordFormProps<Service>) => {
  const { user } = useAuth()
  const recordForm = useRecordForm({
    schema: ServiceInput,
    path: '/services',
    id: record?.id ?? null,
    defaultValues: {
      user_name: record?.user_name ?? user?.username ?? '',
      customer_add: record?.customer_add ?? '',
      booking_date: record ? toIsoDate(record.booking_date) : todayIso(),
      specific_detail: record?.specific_detail ?? '',
      visa_type: record?.visa_type ?? '',
      receivable_amount: record?.receivable_amount ?? '',
      // Nothing paid yet is 0, not a box to type 0 into (issue 37; the spec requires both as numbers).
      paid_cash: record?.paid_cash ?? 0,
      paid_in_bank: record?.paid_in_bank ?? 0,
      bank_title: record?.bank_title ?? '',
      profit: record?.profit ?? '',
      ...vendorPayableValues(record),
    },
    toBody: (values) => vendorPayableBody({ ...values, remaining_amount: serviceRemaining(values) }),
    toasts: { saved: 'Service saved', updated: 'Service updated' },
    onDone,
  })

  return (
    <RecordWizard
      title={record ? 'Update Service' : 'New Service'}
      steps={RECORD_SPECS.services.formSteps}
      recordForm={recordForm}
      editing={Boolean(record)}
      onCancel={onCancel}
    >
      {[
        <>
          <Field name="user_name" label="User Name" readOnly />
          <EntryField formType="services" stored={record?.entry} />
          <CustomerSelect name="customer_add" label="Customer Address" autoFocus />
          <Field name="booking_date" label="Booking Date" type="date" />
        </>,
        <>
          <Field name="specific_detail" label="Specific Detail" autoFocus />
          <Field name="visa_type" label="Visa Type" type="select" options={VISA_TYPES} />
        </>,
        <>
          <SaleAmountFields date="booking_date" />
          <BankSelect name="bank_title" current={record?.bank_title} />
          <VendorPayableFields date="booking_date" />
          <ProfitOrPayable />
          <RemainingAmount later={paidLater(record)} />
          <TaxAuthorityField record={record as Partial<SaleTax> | null | undefined} />
        </>,
      ]}
    </RecordWizard>
  )
}
