import {
  blankPassenger,
  PASSENGER_REQUIRED,
  passengerFormValues,
  passengerList,
  TICKET_DOCUMENT_TYPES,
  type Ticket,
  TicketInput,
  ticketEntry,
  toIsoDate,
} from '@booking/shared'
import { type FormEvent, useEffect, useState } from 'react'
import { FormProvider, get, useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { BookingFigures, useBookingOptions } from '../../components/booking-fields.tsx'
import { Field, ReadOnlyField } from '../../components/field.tsx'
import type { RecordFormProps } from '../../components/record-list.tsx'
import { SinglePassengerFields } from '../../components/single-passenger-fields.tsx'
import { firstErrorStep, Wizard } from '../../components/wizard.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { useEntryPreview } from '../../lib/records.ts'
import { useRecordForm } from '../../lib/use-record-form.ts'
import { PassengerCounts } from './passenger-counts.tsx'

const STEPS = ['Ticket Info', 'Passport Details', 'Payment Details'] as const
const STEP_FIELDS = [
  ['employee_name', 'customer_add', 'reference', 'depart_date', 'return_date', 'sector', 'airline'],
  ['adults', 'children', 'infants', 'passport_detail'],
  [
    'receivable_amount',
    'agent_name',
    'paid_cash',
    'bank_title',
    'paid_in_bank',
    'payable_to_vendor',
    'vendor_name',
  ],
] as const

/** One "Passenger N Details" block per traveller; the list always has adults + children + infants blocks. */
const PassengerBlocks = () => {
  const { control, formState } = useFormContext()
  const { fields, append, remove } = useFieldArray({ control, name: 'passport_detail' })
  const total = useWatch({ control, name: ['adults', 'children', 'infants'] }).reduce(
    (sum: number, v) => sum + Math.max(0, Number(v) || 0),
    0,
  )
  useEffect(() => {
    if (fields.length < total) append(Array.from({ length: total - fields.length }, blankPassenger))
    else if (fields.length > total) remove(Array.from({ length: fields.length - total }, (_, i) => total + i))
  }, [total, fields.length, append, remove])

  const listError = get(formState.errors, 'passport_detail') as
    | { message?: string; root?: { message?: string } }
    | undefined
  const message = listError?.message ?? listError?.root?.message
  return (
    <>
      {fields.length === 0 && (
        <p className="text-sm text-slate-500 md:col-span-2">
          Choose the number of passengers above to enter their details.
        </p>
      )}
      {message === PASSENGER_REQUIRED && (
        <p role="alert" className="text-sm text-red-600 md:col-span-2">
          At least one passenger detail is required if passenger count is greater than 0
        </p>
      )}
      {fields.map((f, i) => (
        <fieldset
          key={f.id}
          aria-label={`Passenger ${i + 1} Details`}
          className="grid grid-cols-1 gap-4 rounded-lg border border-slate-200 p-4 md:col-span-2 md:grid-cols-2"
        >
          <legend className="px-1 font-semibold text-slate-800">{`Passenger ${i + 1} Details`}</legend>
          <SinglePassengerFields
            name={`passport_detail.${i}`}
            documentTypes={TICKET_DOCUMENT_TYPES}
            autoFocus={false}
          />
        </fieldset>
      ))}
    </>
  )
}

/** The ticket wizard: Ticket Info, Passport Details, Payment Details (spec §2 "Ticket form contents"). */
export const TicketForm = ({ record, onDone, onCancel }: RecordFormProps<Ticket>) => {
  const { user } = useAuth()
  const preview = useEntryPreview('ticket')
  const [step, setStep] = useState(0)
  const options = useBookingOptions({
    customer: record?.customer_add,
    bank: record?.bank_title,
    agent: record?.agent_name,
    vendor: record?.vendor_name,
  })
  const { form, submit, busy, error } = useRecordForm({
    schema: TicketInput,
    path: '/ticket',
    id: record?.id ?? null,
    defaultValues: {
      employee_name: record?.employee_name ?? user?.username ?? '',
      customer_add: record?.customer_add ?? '',
      reference: record?.reference ?? '',
      depart_date: toIsoDate(record?.depart_date),
      return_date: toIsoDate(record?.return_date),
      sector: record?.sector ?? '',
      airline: record?.airline ?? '',
      adults: record?.adults ?? 0,
      children: record?.children ?? 0,
      infants: record?.infants ?? 0,
      passport_detail: record ? passengerList(record.passport_detail).map(passengerFormValues) : [],
      receivable_amount: record?.receivable_amount ?? '',
      agent_name: record?.agent_name ?? '',
      paid_cash: record?.paid_cash ?? '',
      bank_title: record?.bank_title ?? '',
      paid_in_bank: record?.paid_in_bank ?? '',
      payable_to_vendor: record?.payable_to_vendor ?? '',
      vendor_name: record?.vendor_name ?? '',
    },
    // The spec sends the passenger list as JSON text.
    toBody: (values) => ({ ...values, passport_detail: JSON.stringify(values.passport_detail) }),
    onSaved: () => {
      toast.success(record ? 'Ticket updated' : 'Ticket saved')
      onDone()
    },
  })

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    await submit(e)
    const failed = firstErrorStep(form.formState.errors, STEP_FIELDS)
    if (failed !== null) setStep(failed)
  }

  // A new ticket previews "Ticket {current}/{global}"; an edit keeps its stored entry.
  const entry = record?.entry ?? ticketEntry(preview.current, preview.global)

  return (
    <FormProvider {...form}>
      <Wizard
        title={record ? 'Update Ticket' : 'New Ticket'}
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
            <Field name="employee_name" label="Employee Name" readOnly />
            <ReadOnlyField label="Entry" value={entry} />
            <Field
              name="customer_add"
              label="Customer"
              type="select"
              options={options.customers}
              placeholder="Select Customer"
              autoFocus
            />
            <Field name="reference" label="Reference" />
            <Field name="depart_date" label="Depart Date" type="date" />
            <Field name="return_date" label="Return Date" type="date" />
            <Field name="sector" label="Sector" placeholder="e.g. LHE-DXB" />
            <Field name="airline" label="Airline" />
          </>
        )}
        {step === 1 && (
          <>
            <PassengerCounts />
            <PassengerBlocks />
          </>
        )}
        {step === 2 && (
          <>
            <Field name="receivable_amount" label="Total Receivable Amount" type="number" autoFocus />
            <Field
              name="agent_name"
              label="Agent Name"
              type="select"
              options={options.agents}
              placeholder="Select Agent Name"
            />
            <Field name="paid_cash" label="Paid Cash" type="number" />
            <Field
              name="bank_title"
              label="Bank Title"
              type="select"
              options={options.banks}
              placeholder="Select Bank Title"
            />
            <Field name="paid_in_bank" label="Paid In Bank" type="number" />
            <Field name="payable_to_vendor" label="Payable To Vendor" type="number" />
            <Field
              name="vendor_name"
              label="Vendor Name"
              type="select"
              options={options.vendors}
              placeholder="Select Vendor Name"
            />
            <BookingFigures
              names={{
                receivable: 'receivable_amount',
                paidCash: 'paid_cash',
                paidInBank: 'paid_in_bank',
                payable: 'payable_to_vendor',
              }}
            />
          </>
        )}
      </Wizard>
    </FormProvider>
  )
}
