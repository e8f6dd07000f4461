import {
  DOCUMENT_TYPES,
  passengerFormValues,
  passengerList,
  RECORD_SPECS,
  type SaleTax,
  toIsoDate,
  type UmrahBooking,
  UmrahInput,
} from '@booking/shared'
import { BookingPaymentFields, useBookingOptions } from '../../components/booking-fields.tsx'
import { BookingRequestNote } from '../../components/booking-request-note.tsx'
import { CurrencyRate, ratesForApi, SaleCurrencyRate, withoutUnset } from '../../components/currency-rate.tsx'
import { CustomerSelect } from '../../components/customer-select.tsx'
import { EntryField } from '../../components/entry-field.tsx'
import { Field } from '../../components/field.tsx'
import { PassengerBlocks } from '../../components/passenger-blocks.tsx'
import { RecordWizard } from '../../components/record-form.tsx'
import type { RecordFormProps } from '../../components/record-list.tsx'
import { TaxAuthorityField } from '../../components/tax-authority-field.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { passengerBlock, useBookingRequest, useRequestId, withRequest } from '../../lib/booking-request.ts'
import { paidLater } from '../../lib/payments.ts'
import { useRecordForm } from '../../lib/use-record-form.ts'

/** Umrah: Basic Info, Passport Details (a block per pilgrim), Payment Details. Payloads are camelCase. */
export const UmrahForm = ({ record, onDone, onCancel }: RecordFormProps<UmrahBooking>) => {
  const { user } = useAuth()
  const options = useBookingOptions({ bank: record?.bank_title })
  const requestId = useRequestId(Boolean(record))
  const recordForm = useRecordForm({
    schema: UmrahInput,
    path: '/umrah',
    id: record?.id ?? null,
    defaultValues: {
      userName: record?.userName ?? user?.username ?? '',
      customerAdd: record?.customerAdd ?? '',
      reference: record?.reference ?? '',
      packageDetail: record?.packageDetail ?? '',
      depart_date: toIsoDate(record?.depart_date),
      return_date: toIsoDate(record?.return_date),
      sector: record?.sector ?? '',
      airline: record?.airline ?? '',
      adults: record?.adults ?? 1,
      children: record?.children ?? 0,
      infants: record?.infants ?? 0,
      // Every pilgrim, one block per person counted (decision 048).
      passportDetail: record
        ? passengerList(record.passengers ?? record.passportDetail).map(passengerFormValues)
        : [],
      receivableAmount: record?.receivableAmount ?? '',
      paidCash: record?.paidCash ?? '',
      bank_title: record?.bank_title ?? '',
      // Spec-required; a booking paid in cash has nothing to say here (decision 049).
      paidInBank: record?.paidInBank ?? 0,
      payableToVendor: record?.payableToVendor ?? '',
      vendorName: record?.vendorName ?? '',
      // Issue 34: the payable in the vendor's currency; left out for a rupee vendor (decision 124).
      vendor_currency: record && record.vendor_currency !== 'PKR' ? record.vendor_currency : undefined,
      // The selling side in the customer's (or agent's) currency; left out in rupees (decision 137).
      currency: record?.currency && record.currency !== 'PKR' ? record.currency : undefined,
      rates:
        record && Object.keys(record.rates ?? {}).length
          ? Object.fromEntries(Object.entries(record.rates).map(([k, v]) => [k, String(v)]))
          : undefined,
    },
    // The spec sends the passengers as JSON text.
    toBody: (values) =>
      withRequest(
        requestId,
        withoutUnset({
          ...values,
          passportDetail: JSON.stringify(values.passportDetail),
          rates: ratesForApi(values.rates),
        }),
      ),
    toasts: {
      saved: 'Umrah booking saved',
      updated: 'Umrah booking updated',
      vendorFailed: 'Umrah booking saved, but failed to save vendor details. Please try again later.',
    },
    onDone,
  })

  // Made from a portal booking request (issue 35). Umrah records name a customer, not an agent
  // (decision 105): the agent who asked is the customer who pays (decision 114).
  const fromRequest = useBookingRequest(recordForm.form, requestId, (r) => ({
    customerAdd: r.agent,
    sector: r.sector,
    depart_date: r.depart_date,
    return_date: r.return_date ?? '',
    packageDetail: r.note,
    adults: r.passengers.length,
    passportDetail: r.passengers.map(passengerBlock),
  }))

  // Next does not check a step; the whole booking is checked on submit.
  return (
    <RecordWizard
      title={record ? 'Update Umrah Booking' : 'New Umrah Booking'}
      steps={RECORD_SPECS.umrah.formSteps}
      checkOnNext={false}
      recordForm={recordForm}
      editing={Boolean(record)}
      onCancel={onCancel}
    >
      {[
        <>
          <BookingRequestNote request={fromRequest.request} error={fromRequest.error} />
          <Field name="userName" label="Employee Name" readOnly />
          <EntryField formType="umrah" stored={record?.entry} />
          <CustomerSelect name="customerAdd" autoFocus />
          <Field name="reference" label="Reference" />
          <Field name="packageDetail" label="Package Detail" type="textarea" className="md:col-span-2" />
          <Field name="depart_date" label="Depart Date" type="date" />
          <Field name="return_date" label="Return Date" type="date" />
          <Field name="sector" label="Sector" placeholder="e.g. ISB-JED" />
          <Field name="airline" label="Airline" />
          <div className="grid grid-cols-3 gap-3 md:col-span-2">
            <Field money={false} name="adults" label="Adults" type="number" step="1" hint="12+ years" />
            <Field money={false} name="children" label="Children" type="number" step="1" hint="2–12 years" />
            <Field money={false} name="infants" label="Infants" type="number" step="1" hint="Under 2 years" />
          </div>
        </>,
        <PassengerBlocks name="passportDetail" documentTypes={DOCUMENT_TYPES} />,
        <>
          <BookingPaymentFields
            options={options}
            paidLater={paidLater(record)}
            sale={{
              currencyField: 'currency',
              ratesField: 'rates',
              node: <SaleCurrencyRate customer="customerAdd" />,
            }}
            fx={{
              currencyField: 'vendor_currency',
              ratesField: 'rates',
              node: (
                <CurrencyRate
                  kind="vendor"
                  party="vendorName"
                  currencyField="vendor_currency"
                  rateField="rates"
                  rates
                  label="Vendor Currency"
                />
              ),
            }}
            names={{
              receivable: 'receivableAmount',
              paidCash: 'paidCash',
              bankTitle: 'bank_title',
              paidInBank: 'paidInBank',
              payable: 'payableToVendor',
              vendor: 'vendorName',
            }}
          />
          <TaxAuthorityField record={record as Partial<SaleTax> | null | undefined} />
        </>,
      ]}
    </RecordWizard>
  )
}
