import { todayIso, toIsoDate, VENDOR_CASH, type VendorEntry, VendorInput } from '@booking/shared'
import { BankSelect } from '../../components/bank-select.tsx'
import { CurrencyRate, rateForApi, SideAmount, withoutUnset } from '../../components/currency-rate.tsx'
import { EntryField } from '../../components/entry-field.tsx'
import { Field } from '../../components/field.tsx'
import { NameSelect } from '../../components/name-select.tsx'
import { RecordFormCard } from '../../components/record-form.tsx'
import type { RecordFormProps } from '../../components/record-list.tsx'
import { SettlesPicker, settledNote, settlesForApi } from '../../components/settles-picker.tsx'
import { useRecordForm } from '../../lib/use-record-form.ts'

export const VendorForm = ({ record, onDone, onCancel }: RecordFormProps<VendorEntry>) => {
  const recordForm = useRecordForm({
    schema: VendorInput,
    path: '/vender',
    id: record?.id ?? null,
    failurePrefix: record ? 'Failed to update vendor entry:' : 'Failed to save vendor entry:',
    defaultValues: {
      vender_name: record?.vender_name ?? '',
      date: record ? toIsoDate(record.date) : todayIso(),
      detail: record?.detail ?? '',
      bank_title: record?.bank_title ?? '',
      credit: record?.credit || '',
      debit: record?.debit || '',
      // Not on the spec's form, but kept so an edit does not clear a stored withdrawal.
      withdraw: record?.withdraw ?? 0,
      // Issue 34: a party kept in another currency; left out for a rupee party (decision 124).
      currency: record && record.currency !== 'PKR' ? record.currency : undefined,
      rate: record?.rate == null ? undefined : String(record.rate),
      // Decision 122: the bills a new payment names; an edit leaves the key out and keeps them.
      settles: undefined,
    },
    toBody: (values) =>
      withoutUnset({ ...values, rate: rateForApi(values.rate), settles: settlesForApi(values.settles) }),
    note: (answer) => settledNote(answer, 'vendor'),
    toasts: { saved: 'Vendor entry saved', updated: 'Vendor entry updated' },
    onDone,
  })

  return (
    <RecordFormCard
      title={record ? 'UPDATE VENDOR ENTRY' : 'VENDOR FORM'}
      recordForm={recordForm}
      editing={Boolean(record)}
      onCancel={onCancel}
    >
      <NameSelect
        name="vender_name"
        label="Vendor Name"
        kind="vender"
        placeholder="Select Vendor Name"
        autoFocus
        // The spec's plus button is for create only.
        add={record ? false : undefined}
      />
      <Field name="date" label="Date" type="date" />
      <CurrencyRate kind="vendor" party="vender_name" date="date" currencyField="currency" rateField="rate" />
      <EntryField formType="vender" stored={record?.entry} disabled />
      <Field name="detail" label="Detail" />
      <BankSelect
        name="bank_title"
        current={record?.bank_title}
        cash={VENDOR_CASH}
        placeholder="Select Cash or Bank"
        hint="Where a payment (Paid) comes from"
      />
      <SideAmount currencyField="currency" name="credit" label="Payable" type="number" step="0.01" />
      <SideAmount currencyField="currency" name="debit" label="Paid (Debit)" type="number" step="0.01" />
      {!record && <SettlesPicker kind="vendor" party="vender_name" />}
    </RecordFormCard>
  )
}
