import {
  formatAmount,
  type Gamca,
  GamcaInput,
  gamcaBankTitle,
  passengerFormValues,
  RECORD_SPECS,
  remainingAmount,
  type SaleTax,
} from '@booking/shared'
import { useWatch } from 'react-hook-form'
import { CustomerSelect } from '../../components/customer-select.tsx'
import { EntryField } from '../../components/entry-field.tsx'
import { Field, ReadOnlyField } from '../../components/field.tsx'
import { RecordWizard } from '../../components/record-form.tsx'
import type { RecordFormProps } from '../../components/record-list.tsx'
import { SaleAmountFields } from '../../components/sale-amount-fields.tsx'
import { SinglePassengerFields } from '../../components/single-passenger-fields.tsx'
import { TaxAuthorityField } from '../../components/tax-authority-field.tsx'
import {
  ProfitOrPayable,
  VendorPayableFields,
  vendorPayableBody,
  vendorPayableValues,
} from '../../components/vendor-payable-fields.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { lessPaidLater, paidLater } from '../../lib/payments.ts'
import { useBankOptions } from '../../lib/select-options.ts'
import { useAmounts } from '../../lib/use-amounts.ts'
import { useDefaultBank } from '../../lib/use-default-bank.ts'
import { useRecordForm } from '../../lib/use-record-form.ts'

/** GAMCA token in three steps; the user types the profit, remaining follows the amounts. */
export const GamcaForm = ({ record, onDone, onCancel }: RecordFormProps<Gamca>) => {
  const { user } = useAuth()
  const bankTitles = useBankOptions(record?.paid_from_bank, gamcaBankTitle)
  const recordForm = useRecordForm({
    schema: GamcaInput,
    path: '/gamca-token',
    id: record?.id ?? null,
    defaultValues: {
      employee_name: record?.employee_name ?? user?.username ?? '',
      customer_add: record?.customer_add ?? '',
      reference: record?.reference ?? '',
      country: record?.country ?? '',
      passport_detail: passengerFormValues(record?.passport_detail),
      receivable_amount: record?.receivable_amount ?? '',
      paid_cash: record?.paid_cash ?? '',
      paid_from_bank: record?.paid_from_bank ?? '',
      // Spec-required; a cash-only token has nothing to say here (decision 049).
      paid_in_bank: record?.paid_in_bank ?? 0,
      profit: record?.profit ?? '',
      ...vendorPayableValues(record),
    },
    // The spec stores passport_detail as JSON text.
    toBody: (values) =>
      vendorPayableBody({ ...values, passport_detail: JSON.stringify(values.passport_detail) }),
    toasts: { saved: 'GAMCA token saved', updated: 'GAMCA token updated' },
    onDone,
  })

  useDefaultBank(recordForm.form, 'paid_from_bank', record ? null : gamcaBankTitle)

  const [receivable, cash, bank] = useAmounts(recordForm.form.control, [
    'receivable_amount',
    'paid_cash',
    'paid_in_bank',
  ])
  const saleCurrency = useWatch({ control: recordForm.form.control, name: 'currency' })

  // Next does not check a step; the whole record is checked on submit.
  return (
    <RecordWizard
      title={record ? 'Update GAMCA Token' : 'New GAMCA Token'}
      steps={RECORD_SPECS.gamca_tokens.formSteps}
      checkOnNext={false}
      recordForm={recordForm}
      editing={Boolean(record)}
      onCancel={onCancel}
    >
      {[
        <>
          <Field name="employee_name" label="Employee Name" readOnly />
          <EntryField formType="gamca" stored={record?.entry} />
          <CustomerSelect name="customer_add" autoFocus />
          <Field name="reference" label="Reference" />
          <Field name="country" label="Country" />
        </>,
        <SinglePassengerFields name="passport_detail" />,
        <>
          <SaleAmountFields
            beforePaidInBank={
              <Field
                name="paid_from_bank"
                label="Bank Title"
                type="select"
                options={bankTitles.options}
                placeholder={bankTitles.placeholder}
              />
            }
          />
          <VendorPayableFields />
          <ProfitOrPayable />
          <ReadOnlyField
            money
            unit={saleCurrency}
            label="Remaining Amount"
            value={formatAmount(lessPaidLater(remainingAmount(receivable, cash, bank), paidLater(record)))}
          />
          <TaxAuthorityField record={record as Partial<SaleTax> | null | undefined} />
        </>,
      ]}
    </RecordWizard>
  )
}
