import { passengerFormValues, toIsoDate, type UmrahBooking, UmrahInput } from '@booking/shared'
import { type FormEvent, useState } from 'react'
import { FormProvider } from 'react-hook-form'
import { toast } from 'sonner'
import { BookingFigures, useBookingOptions } from '../../components/booking-fields.tsx'
import { Field, ReadOnlyField } from '../../components/field.tsx'
import type { RecordFormProps } from '../../components/record-list.tsx'
import { SinglePassengerFields } from '../../components/single-passenger-fields.tsx'
import { firstErrorStep, Wizard } from '../../components/wizard.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { useEntryPreview } from '../../lib/records.ts'
import { useRecordForm } from '../../lib/use-record-form.ts'

const STEPS = ['Basic Info', 'Passport Details', 'Payment Details'] as const
const STEP_FIELDS = [
  [
    'userName',
    'customerAdd',
    'reference',
    'packageDetail',
    'depart_date',
    'return_date',
    'sector',
    'airline',
    'adults',
    'children',
    'infants',
  ],
  ['passportDetail'],
  ['receivableAmount', 'paidCash', 'bank_title', 'paidInBank', 'payableToVendor', 'vendorName'],
] as const

/**
 * The server posts the vendor row in the same transaction as the booking, so a booking is never saved
 * without it and this text normally cannot appear; it stays for a server that reports a posting problem.
 */
const VENDOR_FAILURE = 'Umrah booking saved, but failed to save vendor details. Please try again later.'

/** Umrah: Basic Info, Passport Details (one passenger), Payment Details. Payloads are camelCase. */
export const UmrahForm = ({ record, onDone, onCancel }: RecordFormProps<UmrahBooking>) => {
  const { user } = useAuth()
  const preview = useEntryPreview('umrah')
  const [step, setStep] = useState(0)
  const options = useBookingOptions({
    customer: record?.customerAdd,
    bank: record?.bank_title,
    vendor: record?.vendorName,
  })
  const { form, submit, busy, error } = useRecordForm({
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
      passportDetail: passengerFormValues(record?.passportDetail ?? null),
      receivableAmount: record?.receivableAmount ?? '',
      paidCash: record?.paidCash ?? '',
      bank_title: record?.bank_title ?? '',
      paidInBank: record?.paidInBank ?? '',
      payableToVendor: record?.payableToVendor ?? '',
      vendorName: record?.vendorName ?? '',
    },
    // The spec sends the passenger as JSON text.
    toBody: (values) => ({ ...values, passportDetail: JSON.stringify(values.passportDetail) }),
    onSaved: (answer) => {
      if ((answer as { vendorPosting?: string }).vendorPosting === 'failed') toast.error(VENDOR_FAILURE)
      else toast.success(record ? 'Umrah booking updated' : 'Umrah booking saved')
      onDone()
    },
  })

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    await submit(e)
    const failed = firstErrorStep(form.formState.errors, STEP_FIELDS)
    if (failed !== null) setStep(failed)
  }

  return (
    <FormProvider {...form}>
      <Wizard
        title={record ? 'Update Umrah Booking' : 'New Umrah Booking'}
        steps={STEPS}
        current={step}
        onStepChange={(i) => setStep(Math.min(Math.max(i, 0), STEPS.length - 1))}
        onSubmit={onSubmit}
        onCancel={onCancel}
        editing={Boolean(record)}
        busy={busy}
        error={error}
      >
        {step === 0 && (
          <>
            <Field name="userName" label="Employee Name" readOnly />
            <ReadOnlyField label="Entry" value={record?.entry ?? preview.text} />
            <Field
              name="customerAdd"
              label="Customer"
              type="select"
              options={options.customers}
              placeholder="Select Customer"
              autoFocus
            />
            <Field name="reference" label="Reference" />
            <Field name="packageDetail" label="Package Detail" type="textarea" className="md:col-span-2" />
            <Field name="depart_date" label="Depart Date" type="date" />
            <Field name="return_date" label="Return Date" type="date" />
            <Field name="sector" label="Sector" placeholder="e.g. ISB-JED" />
            <Field name="airline" label="Airline" />
            <div className="grid grid-cols-3 gap-3 md:col-span-2">
              <Field name="adults" label="Adults" type="number" step="1" hint="12+ years" />
              <Field name="children" label="Children" type="number" step="1" hint="2–12 years" />
              <Field name="infants" label="Infants" type="number" step="1" hint="Under 2 years" />
            </div>
          </>
        )}
        {step === 1 && <SinglePassengerFields name="passportDetail" />}
        {step === 2 && (
          <>
            <Field name="receivableAmount" label="Total Receivable Amount" type="number" autoFocus />
            <Field name="paidCash" label="Paid Cash" type="number" />
            <Field
              name="bank_title"
              label="Bank Title"
              type="select"
              options={options.banks}
              placeholder="Select Bank Title"
            />
            <Field name="paidInBank" label="Paid In Bank" type="number" />
            <Field name="payableToVendor" label="Payable To Vendor" type="number" />
            <Field
              name="vendorName"
              label="Vendor Name"
              type="select"
              options={options.vendors}
              placeholder="Select Vendor Name"
            />
            <BookingFigures
              names={{
                receivable: 'receivableAmount',
                paidCash: 'paidCash',
                paidInBank: 'paidInBank',
                payable: 'payableToVendor',
              }}
            />
          </>
        )}
      </Wizard>
    </FormProvider>
  )
}
