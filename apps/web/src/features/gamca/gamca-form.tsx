import {
  formatAmount,
  type Gamca,
  GamcaInput,
  numberOrZero,
  passengerFormValues,
  remainingAmount,
} from '@booking/shared'
import { useState } from 'react'
import { FormProvider, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { Field, ReadOnlyField } from '../../components/field.tsx'
import type { RecordFormProps } from '../../components/record-list.tsx'
import { SinglePassengerFields } from '../../components/single-passenger-fields.tsx'
import { Wizard } from '../../components/wizard.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { useBanks, useCustomers, useEntryPreview } from '../../lib/records.ts'
import { useRecordForm } from '../../lib/use-record-form.ts'
import { gamcaBankTitles } from './gamca-banks.ts'

const STEPS = ['Basic Info', 'Passport Details', 'Payment Details'] as const
const STEP_FIELDS = [
  ['employee_name', 'customer_add', 'reference', 'country'],
  ['passport_detail'],
  ['receivable_amount', 'paid_cash', 'paid_from_bank', 'paid_in_bank', 'profit'],
] as const

/** GAMCA token in three steps; the user types the profit, remaining follows the amounts. */
export const GamcaForm = ({ record, onDone, onCancel }: RecordFormProps<Gamca>) => {
  const { user } = useAuth()
  const preview = useEntryPreview('gamca')
  const customers = useCustomers()
  const banks = useBanks()
  const [step, setStep] = useState(0)
  const { form, submit, busy, error } = useRecordForm({
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
      paid_in_bank: record?.paid_in_bank ?? '',
      profit: record?.profit ?? '',
    },
    // The spec stores passport_detail as JSON text.
    toBody: (values) => ({ ...values, passport_detail: JSON.stringify(values.passport_detail) }),
    onSaved: () => {
      toast.success(record ? 'GAMCA token updated' : 'GAMCA token saved')
      onDone()
    },
  })

  const [receivable, cash, bank] = useWatch({
    control: form.control,
    name: ['receivable_amount', 'paid_cash', 'paid_in_bank'],
  }).map(numberOrZero)
  const customerNames = (customers.data ?? []).map((c) => c.name)
  if (record?.customer_add && !customerNames.includes(record.customer_add))
    customerNames.unshift(record.customer_add)

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    await submit(e)
    // The live field state, not the render's formState snapshot, knows what this submit found.
    const failed = STEP_FIELDS.findIndex((fields) => fields.some((f) => form.getFieldState(f).invalid))
    if (failed !== -1) setStep(failed)
  }

  return (
    <FormProvider {...form}>
      <Wizard
        title={record ? 'Update GAMCA Token' : 'New GAMCA Token'}
        steps={STEPS}
        current={step}
        onStepChange={setStep}
        onSubmit={onSubmit}
        onCancel={onCancel}
        editing={Boolean(record)}
        busy={busy}
        error={error}
      >
        {step === 0 && (
          <>
            <Field name="employee_name" label="Employee Name" readOnly />
            <ReadOnlyField label="Entry" value={record?.entry ?? preview.text} />
            <Field name="customer_add" label="Customer" type="select" options={customerNames} autoFocus />
            <Field name="reference" label="Reference" />
            <Field name="country" label="Country" />
          </>
        )}
        {step === 1 && <SinglePassengerFields name="passport_detail" />}
        {step === 2 && (
          <>
            <Field name="receivable_amount" label="Receivable Amount" type="number" step="0.01" autoFocus />
            <Field name="paid_cash" label="Paid Cash" type="number" step="0.01" />
            <Field
              name="paid_from_bank"
              label="Bank Title"
              type="select"
              options={gamcaBankTitles(banks.data, record?.paid_from_bank)}
            />
            <Field name="paid_in_bank" label="Paid In Bank" type="number" step="0.01" />
            <Field name="profit" label="Profit" type="number" step="0.01" />
            <ReadOnlyField
              label="Remaining Amount"
              value={formatAmount(remainingAmount(receivable, cash, bank))}
            />
          </>
        )}
      </Wizard>
    </FormProvider>
  )
}
