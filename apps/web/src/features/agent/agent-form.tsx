import { type AgentEntry, AgentInput, todayIso, toIsoDate } from '@booking/shared'
import { BankSelect } from '../../components/bank-select.tsx'
import { CurrencyRate, rateForApi, SideAmount, withoutUnset } from '../../components/currency-rate.tsx'
import { EntryField } from '../../components/entry-field.tsx'
import { Field } from '../../components/field.tsx'
import { NameSelect } from '../../components/name-select.tsx'
import { RecordFormCard } from '../../components/record-form.tsx'
import type { RecordFormProps } from '../../components/record-list.tsx'
import { SettlesPicker, settledNote, settlesForApi } from '../../components/settles-picker.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { useRecordForm } from '../../lib/use-record-form.ts'

export const AgentForm = ({ record, onDone, onCancel }: RecordFormProps<AgentEntry>) => {
  const { user } = useAuth()
  const recordForm = useRecordForm({
    schema: AgentInput,
    path: '/agent',
    id: record?.id ?? null,
    failurePrefix: record ? 'Failed to update agent entry:' : 'Failed to save agent entry:',
    defaultValues: {
      agent_name: record?.agent_name ?? '',
      date: record ? toIsoDate(record.date) : todayIso(),
      employee: record?.employee ?? user?.username ?? '',
      detail: record?.detail ?? '',
      credit: record?.credit || '',
      debit: record?.debit || '',
      paid_cash: record?.paid_cash || '',
      paid_bank: record?.paid_bank || '',
      bank_title: record?.bank_title ?? '',
      // Issue 34: a party kept in another currency; left out for a rupee party (decision 124).
      currency: record && record.currency !== 'PKR' ? record.currency : undefined,
      rate: record?.rate == null ? undefined : String(record.rate),
      // Decision 122: the bills a new payment names; an edit leaves the key out and keeps them.
      settles: undefined,
    },
    toBody: (values) =>
      withoutUnset({ ...values, rate: rateForApi(values.rate), settles: settlesForApi(values.settles) }),
    note: (answer) => settledNote(answer, 'agent'),
    toasts: { saved: 'Agent entry saved', updated: 'Agent entry updated' },
    onDone,
  })

  return (
    <RecordFormCard
      title={record ? 'UPDATE AGENT ENTRY' : 'AGENT FORM'}
      recordForm={recordForm}
      editing={Boolean(record)}
      onCancel={onCancel}
    >
      <NameSelect
        name="agent_name"
        label="Agent Name"
        kind="agent"
        placeholder="Select Agent Name"
        autoFocus
        // The spec's plus button is for create only.
        add={record ? false : undefined}
      />
      <Field name="date" label="Date" type="date" />
      <CurrencyRate kind="agent" party="agent_name" date="date" currencyField="currency" rateField="rate" />
      <Field name="employee" label="Employee" readOnly />
      <EntryField formType="agent" stored={record?.entry} />
      <Field name="detail" label="Detail" className="md:col-span-2" />
      <SideAmount
        currencyField="currency"
        name="credit"
        label="Received (Credit)"
        type="number"
        step="0.01"
      />
      <SideAmount
        currencyField="currency"
        name="debit"
        label="Paid Out in Cash (Debit)"
        type="number"
        step="0.01"
      />
      <Field name="paid_cash" label="Paid Cash" type="number" step="0.01" hint="Optional" />
      <Field name="paid_bank" label="Paid Bank" type="number" step="0.01" hint="Optional" />
      <BankSelect name="bank_title" current={record?.bank_title} hint="Needed when Paid Bank is filled" />
      {!record && <SettlesPicker kind="agent" party="agent_name" />}
    </RecordFormCard>
  )
}
