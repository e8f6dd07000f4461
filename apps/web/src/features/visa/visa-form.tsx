import {
  formatAmount,
  fromPaisa,
  numberOrZero,
  passengerFormValues,
  RECORD_SPECS,
  remainingAmount,
  type SaleTax,
  toIsoDate,
  toPaisa,
  type Visa,
  VisaInput,
  visaProfit,
} from '@booking/shared'
import { useWatch } from 'react-hook-form'
import { BankSelect } from '../../components/bank-select.tsx'
import { BookingRequestNote } from '../../components/booking-request-note.tsx'
import { useSideRate } from '../../components/currency-rate.tsx'
import { CustomerSelect } from '../../components/customer-select.tsx'
import { EntryField } from '../../components/entry-field.tsx'
import { Field, ReadOnlyField } from '../../components/field.tsx'
import { RecordWizard } from '../../components/record-form.tsx'
import type { RecordFormProps } from '../../components/record-list.tsx'
import { SaleAmountFields } from '../../components/sale-amount-fields.tsx'
import { SinglePassengerFields } from '../../components/single-passenger-fields.tsx'
import { TaxAuthorityField } from '../../components/tax-authority-field.tsx'
import {
  usePayableRupees,
  VendorPayableFields,
  vendorPayableBody,
  vendorPayableValues,
} from '../../components/vendor-payable-fields.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { passengerBlock, useBookingRequest, useRequestId, withRequest } from '../../lib/booking-request.ts'
import { lessPaidLater, paidLater } from '../../lib/payments.ts'
import { useAmounts } from '../../lib/use-amounts.ts'
import { useRecordForm } from '../../lib/use-record-form.ts'

const MONEY = [
  'receivable_amount',
  'additional_charges',
  'pay_for_protector',
  'paid_cash',
  'paid_in_bank',
] as const

/** Receivable less the charges, the protector fee and a vendor's payable in rupees (decision 140). */
const VisaProfit = () => {
  const [receivable, additional, protector] = (
    useWatch({ name: ['receivable_amount', 'additional_charges', 'pay_for_protector'] }) as unknown[]
  ).map(numberOrZero)
  const { rupees } = usePayableRupees()
  // The receivable in the customer's currency counts at its rate; the charges are rupees (decision 151).
  const rate = useSideRate('currency')
  const sold = Math.round((receivable ?? 0) * rate * 100) / 100
  return (
    <ReadOnlyField
      money
      label="Profit"
      value={formatAmount(
        fromPaisa(toPaisa(visaProfit(sold, additional ?? 0, protector ?? 0)) - toPaisa(rupees)),
      )}
    />
  )
}

/** Visa processing in four steps; profit and remaining follow the amounts as they are typed. */
export const VisaForm = ({ record, onDone, onCancel }: RecordFormProps<Visa>) => {
  const { user } = useAuth()
  const requestId = useRequestId(Boolean(record))
  const recordForm = useRecordForm({
    schema: VisaInput,
    path: '/visa-processing',
    id: record?.id ?? null,
    defaultValues: {
      employee_name: record?.employee_name ?? user?.username ?? '',
      file_number: record?.file_number ?? '',
      reference: record?.reference ?? '',
      sponsor_name: record?.sponsor_name ?? '',
      visa_number: record?.visa_number ?? '',
      id_number: record?.id_number ?? '',
      embassy: record?.embassy ?? '',
      e_number: record?.e_number ?? '',
      customer_add: record?.customer_add ?? '',
      ptn_permission: record?.ptn_permission ?? '',
      passport_detail: passengerFormValues(record?.passport_detail),
      embassy_send_date: toIsoDate(record?.embassy_send_date),
      embassy_return_date: toIsoDate(record?.embassy_return_date),
      protector_date: toIsoDate(record?.protector_date),
      expiry_medical_date: toIsoDate(record?.expiry_medical_date),
      visa_expiry_date: toIsoDate(record?.visa_expiry_date),
      passport_deliver_date: toIsoDate(record?.passport_deliver_date),
      ...Object.fromEntries(MONEY.map((k) => [k, record?.[k] ?? ''])),
      bank_title: record?.bank_title ?? '',
      ...vendorPayableValues(record),
    },
    // The spec stores passport_detail as JSON text.
    toBody: (values) =>
      withRequest(
        requestId,
        vendorPayableBody({ ...values, passport_detail: JSON.stringify(values.passport_detail) }),
      ),
    toasts: { saved: 'Visa processing saved', updated: 'Visa processing updated' },
    onDone,
  })

  // Made from a portal booking request (issue 35): the agent pays (decision 114), the country is
  // the embassy's.
  const fromRequest = useBookingRequest(recordForm.form, requestId, (r) => ({
    customer_add: r.agent,
    embassy: r.sector,
    ...(r.passengers[0] ? { passport_detail: passengerBlock(r.passengers[0]) } : {}),
  }))

  const [receivable, , , cash, bank] = useAmounts(recordForm.form.control, MONEY)
  const saleCurrency = useWatch({ control: recordForm.form.control, name: 'currency' })

  // Next does not check a step; the whole record is checked on submit.
  return (
    <RecordWizard
      title={record ? 'Update Visa Processing' : 'New Visa Processing'}
      steps={RECORD_SPECS.visa_processing.formSteps}
      checkOnNext={false}
      recordForm={recordForm}
      editing={Boolean(record)}
      onCancel={onCancel}
    >
      {[
        <>
          <BookingRequestNote request={fromRequest.request} error={fromRequest.error} />
          <Field name="employee_name" label="Employee Name" readOnly />
          <EntryField formType="visa" stored={record?.entry} />
          <Field name="file_number" label="File Number" autoFocus />
          <Field name="reference" label="Reference" />
          <Field name="sponsor_name" label="Sponsor Name" />
          <Field name="visa_number" label="Visa Number" />
          <Field name="id_number" label="ID Number" />
          <Field name="embassy" label="Embassy" />
          <Field name="e_number" label="E Number" />
          <CustomerSelect name="customer_add" />
          <Field name="ptn_permission" label="PTN Permission" />
        </>,
        <SinglePassengerFields name="passport_detail" />,
        <>
          <Field name="embassy_send_date" label="Embassy Send Date" type="date" autoFocus />
          <Field name="embassy_return_date" label="Embassy Return Date" type="date" />
          <Field name="protector_date" label="Protector Date" type="date" />
          <Field name="expiry_medical_date" label="Expiry Medical Date" type="date" />
          <Field name="visa_expiry_date" label="Visa Expiry Date" type="date" />
          <Field name="passport_deliver_date" label="Passport Deliver Date" type="date" />
        </>,
        <>
          <SaleAmountFields
            afterRate={
              <>
                <Field name="additional_charges" label="Additional Charges" type="number" step="0.01" />
                <Field name="pay_for_protector" label="Pay For Protector" type="number" step="0.01" />
              </>
            }
          />
          <BankSelect name="bank_title" current={record?.bank_title} />
          <VendorPayableFields />
          <VisaProfit />
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
