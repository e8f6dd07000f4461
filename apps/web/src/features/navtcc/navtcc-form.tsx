import {
  bankTitle,
  formatAmount,
  type Navtcc,
  NavtccInput,
  navtccLiveFigures,
  numberOrZero,
  passengerFormValues,
  RECORD_SPECS,
  type SaleTax,
} from '@booking/shared'
import { useEffect } from 'react'
import { useWatch } from 'react-hook-form'
import { BankSelect } from '../../components/bank-select.tsx'
import { ratesForApi, saleCurrencyValue, withoutUnset } from '../../components/currency-rate.tsx'
import { CustomerSelect } from '../../components/customer-select.tsx'
import { EntryField } from '../../components/entry-field.tsx'
import { Field, ReadOnlyField } from '../../components/field.tsx'
import { RecordWizard } from '../../components/record-form.tsx'
import type { RecordFormProps } from '../../components/record-list.tsx'
import { SaleAmountFields } from '../../components/sale-amount-fields.tsx'
import { SinglePassengerFields } from '../../components/single-passenger-fields.tsx'
import { TaxAuthorityField } from '../../components/tax-authority-field.tsx'
import { VendorPayableFields } from '../../components/vendor-payable-fields.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { lessPaidLater, paidLater } from '../../lib/payments.ts'
import { useBanks } from '../../lib/records.ts'
import { bankDisplayName } from '../../lib/select-options.ts'
import { useRecordForm } from '../../lib/use-record-form.ts'

/** NAVTCC: three steps; whole-rupee amounts; remaining and profit follow the amounts as typed. */
export const NavtccForm = ({ record, onDone, onCancel }: RecordFormProps<Navtcc>) => {
  const { user } = useAuth()
  const recordForm = useRecordForm({
    schema: NavtccInput,
    path: '/navtcc',
    id: record?.id ?? null,
    defaultValues: {
      employee_name: record?.employee_name ?? user?.username ?? '',
      customer_add: record?.customer_add ?? '',
      reference: record?.reference ?? '',
      profession_key: record?.profession_key ?? '',
      passport_detail: passengerFormValues(record?.passport_detail),
      receivable_amount: record?.receivable_amount ?? '',
      paid_cash: record?.paid_cash ?? '',
      paid_in_bank: record?.paid_in_bank ?? '',
      paid_from_bank: record?.paid_from_bank ?? '',
      bank_title: record?.bank_title ?? '',
      payed_to_bank: record?.payed_to_bank ?? '',
      vendor_name: record?.vendor_name ?? '',
      // Issue 34 (decision 136): Paid To Bank in the vendor's currency; left out for a rupee vendor.
      vendor_currency: record && record.vendor_currency !== 'PKR' ? record.vendor_currency : undefined,
      // The selling side in the customer's currency, sharing `rates` (decision 151).
      currency: saleCurrencyValue(record),
      rates:
        record && Object.keys(record.rates ?? {}).length
          ? Object.fromEntries(Object.entries(record.rates).map(([k, v]) => [k, String(v)]))
          : undefined,
    },
    // The select names the bank (bank_title); paid_from_bank keeps the spec's capitals shape of it.
    toBody: (values) =>
      withoutUnset({
        ...values,
        paid_from_bank: values.bank_title ? bankTitle(values.bank_title) : values.paid_from_bank,
        rates: ratesForApi(values.rates),
      }),
    toasts: {
      saved: 'Navtcc saved',
      updated: 'Navtcc updated',
      // The spec's NAVTCC form shows the ticket wording here.
      vendorFailed: 'Ticket saved, but failed to save vendor details. Please try again later.',
    },
    onDone,
  })
  const values = useWatch({ control: recordForm.form.control })
  // Paid To Bank in another currency counts at its rate (the server rounds it once again on save).
  const rate = values.vendor_currency
    ? numberOrZero((values.rates as Record<string, unknown> | undefined)?.[values.vendor_currency])
    : 1
  // The receivable in the customer's currency counts at its rate for the profit (decision 151).
  const rateOf = (currency: string | undefined) =>
    currency ? numberOrZero((values.rates as Record<string, unknown> | undefined)?.[currency]) : 1
  const rupees = (v: unknown, r: number) => Math.round(numberOrZero(v) * r * 100) / 100
  const figures = navtccLiveFigures({ ...values, payed_to_bank: rupees(values.payed_to_bank, rate) })
  const profit = navtccLiveFigures({
    ...values,
    receivable_amount: rupees(values.receivable_amount, rateOf(values.currency)),
    payed_to_bank: rupees(values.payed_to_bank, rate),
  }).profit
  // A record saved before bank_title existed named its bank only in paid_from_bank.
  const banks = useBanks()
  const { getValues, setValue } = recordForm.form
  useEffect(() => {
    if (!banks.data || getValues('bank_title') || !record?.paid_from_bank) return
    setValue('bank_title', bankDisplayName(banks.data, record.paid_from_bank))
  }, [banks.data, record?.paid_from_bank, getValues, setValue])

  return (
    <RecordWizard
      title={record ? 'Update NAVTCC' : 'New NAVTCC'}
      steps={RECORD_SPECS.navtcc.formSteps}
      recordForm={recordForm}
      editing={Boolean(record)}
      onCancel={onCancel}
    >
      {[
        <>
          <Field name="employee_name" label="Employee Name" readOnly />
          <EntryField formType="navtcc" stored={record?.entry} />
          <CustomerSelect name="customer_add" label="Customer Address" autoFocus />
          <Field name="reference" label="Reference" />
          <Field name="profession_key" label="Airline" />
        </>,
        <SinglePassengerFields name="passport_detail" />,
        <>
          <SaleAmountFields step="1" />
          <BankSelect name="bank_title" label="Paid From Bank" current={record?.bank_title} />
          <ReadOnlyField
            money
            unit={values.currency}
            label="Remaining Amount"
            value={formatAmount(lessPaidLater(figures.remaining_amount, paidLater(record)))}
          />
          <VendorPayableFields amount={{ name: 'payed_to_bank', label: 'Paid To Bank', step: '1' }} />
          <ReadOnlyField money label="Profit" value={formatAmount(profit)} />
          <TaxAuthorityField record={record as Partial<SaleTax> | null | undefined} />
        </>,
      ]}
    </RecordWizard>
  )
}
