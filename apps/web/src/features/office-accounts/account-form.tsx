import {
  type AccountEntry,
  AccountFormInput,
  accountBody,
  CASH_IN_OFFICE,
  todayIso,
  toIsoDate,
} from '@booking/shared'
import { useWatch } from 'react-hook-form'
import { CurrencyRate, rateForApi, SideAmount, withoutUnset } from '../../components/currency-rate.tsx'
import { EntryField } from '../../components/entry-field.tsx'
import { Field } from '../../components/field.tsx'
import { RecordFormCard } from '../../components/record-form.tsx'
import type { RecordFormProps } from '../../components/record-list.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { useBankOptions, useVendorSelect } from '../../lib/select-options.ts'
import { useRecordForm } from '../../lib/use-record-form.ts'

interface AccountFormProps extends RecordFormProps<AccountEntry> {
  /** The bank the list shows; a new entry starts on it. */
  bank: string
}

export const AccountForm = ({ record, onDone, onCancel, bank }: AccountFormProps) => {
  const { user } = useAuth()
  const recordForm = useRecordForm({
    schema: AccountFormInput,
    path: '/accounts',
    id: record?.id ?? null,
    failurePrefix: record ? 'Failed to update entry:' : 'Failed to save entry:',
    // Issue 34 (decision 132): a bank kept in another currency; a rupee bank leaves the keys out.
    toBody: (values) => withoutUnset({ ...accountBody(values), rate: rateForApi(values.rate) }),
    defaultValues: {
      bank_name: record?.bank_name ?? bank,
      employee_name: record?.employee_name ?? user?.username ?? '',
      vendor_name: record?.vendor_name ?? '',
      date: record ? toIsoDate(record.date) : todayIso(),
      detail: record?.detail ?? '',
      credit: record?.credit || '',
      debit: record?.debit || '',
      opening: false,
      balance: '',
      currency: record && record.currency !== 'PKR' ? record.currency : undefined,
      rate: record?.rate == null ? undefined : String(record.rate),
    },
    toasts: { saved: 'Entry saved', updated: 'Entry updated' },
    onDone,
  })
  const opening = useWatch({ control: recordForm.form.control, name: 'opening' })
  const vendors = useVendorSelect(record?.vendor_name, 'No vendor')
  const current = record?.bank_name === CASH_IN_OFFICE ? undefined : record?.bank_name
  const bankOptions = [CASH_IN_OFFICE, ...useBankOptions(current).options]

  return (
    <RecordFormCard
      title={record ? 'UPDATE ENTRY' : 'OFFICE ACCOUNTS'}
      recordForm={recordForm}
      editing={Boolean(record)}
      onCancel={onCancel}
    >
      <Field name="bank_name" label="Bank" type="select" options={bankOptions} placeholder="Select Bank" />
      <Field name="employee_name" label="Employee" readOnly />
      <EntryField formType="account" stored={record?.entry} />
      <Field name="date" label="Date" type="date" autoFocus />
      <CurrencyRate kind="bank" party="bank_name" date="date" currencyField="currency" rateField="rate" />
      <Field name="detail" label="Detail" />
      <Field
        name="vendor_name"
        label="Vendor"
        type="select"
        {...vendors}
        hint="Posts the same amount to the vendor's ledger"
      />
      {!record && (
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700 md:col-span-2">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300"
            {...recordForm.form.register('opening')}
          />
          Opening Balance
        </label>
      )}
      {opening ? (
        <SideAmount
          currencyField="currency"
          name="balance"
          label="Balance"
          type="number"
          step="0.01"
          hint="Positive is credited, negative is debited"
        />
      ) : (
        <>
          <SideAmount currencyField="currency" name="credit" label="Credit" type="number" step="0.01" />
          <SideAmount currencyField="currency" name="debit" label="Debit" type="number" step="0.01" />
        </>
      )}
    </RecordFormCard>
  )
}
