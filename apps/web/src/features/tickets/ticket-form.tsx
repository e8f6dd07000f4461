import {
  blankPassenger,
  PASSENGER_REQUIRED,
  passengerFormValues,
  passengerList,
  TICKET_DOCUMENT_TYPES,
  type Ticket,
  type TicketFromPaste,
  TicketInput,
  ticketEntry,
  toIsoDate,
} from '@booking/shared'
import { useEffect, useState } from 'react'
import { get, useFieldArray, useFormContext } from 'react-hook-form'
import { BookingPaymentFields, useBookingOptions } from '../../components/booking-fields.tsx'
import { CustomerSelect } from '../../components/customer-select.tsx'
import { EntryField } from '../../components/entry-field.tsx'
import { Field } from '../../components/field.tsx'
import { RecordWizard } from '../../components/record-form.tsx'
import type { RecordFormProps } from '../../components/record-list.tsx'
import { SinglePassengerFields } from '../../components/single-passenger-fields.tsx'
import { useAuth } from '../../lib/auth.tsx'
import { paidLater } from '../../lib/payments.ts'
import { useAmounts } from '../../lib/use-amounts.ts'
import { useRecordForm } from '../../lib/use-record-form.ts'
import { DuplicateTicketNotice, RefundOffer } from './duplicate-notice.tsx'
import { PassengerCounts } from './passenger-counts.tsx'
import { type CancelledOnRecord, PastedMoney, TicketPaste } from './ticket-paste.tsx'

const STEPS = ['Ticket Info', 'Passport Details', 'Payment Details'] as const
const STEP_FIELDS = [
  [
    'employee_name',
    'customer_add',
    'reference',
    'depart_date',
    'return_date',
    'sector',
    'airline',
    'ticket_numbers',
  ],
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
  const total = useAmounts(control, ['adults', 'children', 'infants']).reduce(
    (sum, n) => sum + Math.max(0, n),
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
  const options = useBookingOptions({ bank: record?.bank_title })
  // What the last paste read: its money is shown beside the payment step.
  const [pasted, setPasted] = useState<TicketFromPaste | null>(null)
  const [cancelled, setCancelled] = useState<CancelledOnRecord[]>([])
  const recordForm = useRecordForm({
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
      ticket_numbers: record?.ticket_numbers ?? '',
      ticket_text: record?.ticket_text ?? '',
      allow_duplicate_ticket: false,
    },
    // The spec sends the passenger list as JSON text.
    // The admin's "Save anyway" flag travels only when set, so an edit never shows it as a change.
    toBody: ({ allow_duplicate_ticket, ...values }) => ({
      ...values,
      passport_detail: JSON.stringify(values.passport_detail),
      ...(allow_duplicate_ticket ? { allow_duplicate_ticket: true } : {}),
    }),
    toasts: { saved: 'Ticket saved', updated: 'Ticket updated' },
    onDone,
  })

  // A new ticket previews "Ticket {current}/{global}"; an edit keeps its stored entry.
  // Next does not check a step; the whole ticket is checked on submit.
  return (
    <RecordWizard
      title={record ? 'Update Ticket' : 'New Ticket'}
      steps={STEPS}
      stepFields={STEP_FIELDS}
      checkOnNext={false}
      recordForm={recordForm}
      editing={Boolean(record)}
      onCancel={onCancel}
    >
      {[
        <>
          {!record && (
            <TicketPaste
              onRead={(from) => {
                setCancelled([])
                setPasted(from)
              }}
              onCancelled={setCancelled}
            />
          )}
          {cancelled.length > 0 && <RefundOffer found={cancelled} />}
          <Field name="employee_name" label="Employee Name" readOnly />
          <EntryField formType="ticket" stored={record?.entry} format={ticketEntry} />
          <CustomerSelect name="customer_add" autoFocus />
          <Field name="reference" label="Reference" />
          <Field name="depart_date" label="Depart Date" type="date" />
          <Field name="return_date" label="Return Date" type="date" />
          <Field name="sector" label="Sector" placeholder="e.g. LHE-DXB" />
          <Field name="airline" label="Airline" />
          <Field
            name="ticket_numbers"
            label="Ticket Numbers"
            hint="Optional: the 13-digit numbers, separated by spaces"
            className="md:col-span-2"
          />
          <DuplicateTicketNotice submit={recordForm.submit} />
        </>,
        <>
          <PassengerCounts />
          <PassengerBlocks />
        </>,
        <>
          {pasted && <PastedMoney from={pasted} />}
          <BookingPaymentFields
            options={options}
            paidLater={paidLater(record)}
            names={{
              receivable: 'receivable_amount',
              agent: 'agent_name',
              paidCash: 'paid_cash',
              bankTitle: 'bank_title',
              paidInBank: 'paid_in_bank',
              payable: 'payable_to_vendor',
              vendor: 'vendor_name',
            }}
          />
        </>,
      ]}
    </RecordWizard>
  )
}
