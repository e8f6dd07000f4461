import {
  passengerFormValues,
  passengerList,
  RECORD_SPECS,
  type SaleTax,
  TICKET_DOCUMENT_TYPES,
  type Ticket,
  type TicketFromPaste,
  TicketInput,
  ticketEntry,
  toIsoDate,
} from '@booking/shared'
import { useState } from 'react'
import { toast } from 'sonner'
import { BookingPaymentFields, useBookingOptions } from '../../components/booking-fields.tsx'
import { BookingRequestNote } from '../../components/booking-request-note.tsx'
import { CurrencyRate, ratesForApi, SaleCurrencyRate, withoutUnset } from '../../components/currency-rate.tsx'
import { CustomerSelect, customerValue } from '../../components/customer-select.tsx'
import { EntryField } from '../../components/entry-field.tsx'
import { Field } from '../../components/field.tsx'
import { PassengerBlocks } from '../../components/passenger-blocks.tsx'
import { RecordWizard } from '../../components/record-form.tsx'
import type { RecordFormProps } from '../../components/record-list.tsx'
import { TaxAuthorityField } from '../../components/tax-authority-field.tsx'
import { useAuth } from '../../lib/auth.tsx'
import {
  passengerBlock,
  personName,
  useBookingRequest,
  useRequestId,
  withRequest,
} from '../../lib/booking-request.ts'
import { paidLater } from '../../lib/payments.ts'
import { useCustomers } from '../../lib/records.ts'
import { useRecordForm } from '../../lib/use-record-form.ts'
import { DuplicateTicketNotice, RefundOffer } from './duplicate-notice.tsx'
import { PassengerCounts } from './passenger-counts.tsx'
import { type CancelledOnRecord, PastedMoney, TicketPaste } from './ticket-paste.tsx'

/** "KHAN" and "imran" as a name is written: "Imran Khan". */
const titleCase = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/(^|[\s'-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase())

/** The ticket wizard: Ticket Info, Passport Details, Payment Details (spec §2 "Ticket form contents"). */
export const TicketForm = ({ record, onDone, onCancel }: RecordFormProps<Ticket>) => {
  const { user } = useAuth()
  const options = useBookingOptions({ bank: record?.bank_title })
  // What the last paste read: its money is shown beside the payment step.
  const [pasted, setPasted] = useState<TicketFromPaste | null>(null)
  const [cancelled, setCancelled] = useState<CancelledOnRecord[]>([])
  const requestId = useRequestId(Boolean(record))
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
      // Issue 34 (decision 136): the payable in the vendor's currency; left out for a rupee vendor.
      vendor_currency: record && record.vendor_currency !== 'PKR' ? record.vendor_currency : undefined,
      // The selling side in the customer's (or agent's) currency; left out in rupees (decision 137).
      currency: record?.currency && record.currency !== 'PKR' ? record.currency : undefined,
      rates:
        record && Object.keys(record.rates ?? {}).length
          ? Object.fromEntries(Object.entries(record.rates).map(([k, v]) => [k, String(v)]))
          : undefined,
      ticket_numbers: record?.ticket_numbers ?? '',
      ticket_text: record?.ticket_text ?? '',
      allow_duplicate_ticket: false,
    },
    // The spec sends the passenger list as JSON text.
    // The admin's "Save anyway" flag travels only when set, so an edit never shows it as a change.
    toBody: ({ allow_duplicate_ticket, ...values }) =>
      withRequest(
        requestId,
        withoutUnset({
          ...values,
          passport_detail: JSON.stringify(values.passport_detail),
          rates: ratesForApi(values.rates),
          ...(allow_duplicate_ticket ? { allow_duplicate_ticket: true } : {}),
        }),
      ),
    toasts: { saved: 'Ticket saved', updated: 'Ticket updated' },
    onDone,
  })
  // Made from a portal booking request (issue 35): its agent, sector, dates and passengers.
  const fromRequest = useBookingRequest(recordForm.form, requestId, (r) => ({
    customer_add: r.passengers[0] ? personName(r.passengers[0]) : '',
    agent_name: r.agent,
    sector: r.sector,
    depart_date: r.depart_date,
    return_date: r.return_date ?? '',
    adults: r.passengers.length,
    passport_detail: r.passengers.map(passengerBlock),
  }))
  const customers = useCustomers()
  /**
   * A paste names its passengers: an empty Customer is proposed from the lead passenger (issue 37),
   * the registered customer of that name when there is one, else the name as a walk-in.
   */
  const proposeCustomer = (from: TicketFromPaste) => {
    const lead = from.passengers[0]
    if (!lead || recordForm.form.getValues('customer_add')) return
    const name = titleCase(`${lead.firstName} ${lead.lastName}`)
    if (!name) return
    const list = customers.data ?? []
    const same = list.filter((c) => c.name.trim().toLowerCase() === name.toLowerCase())
    const value = same.length === 1 && same[0] ? customerValue(same[0], false) : name
    recordForm.form.setValue('customer_add', value, { shouldDirty: true, shouldValidate: true })
    toast.info(`Customer from the lead passenger: ${value}`)
  }

  // A new ticket previews "Ticket {current}/{global}"; an edit keeps its stored entry.
  // Next does not check a step; the whole ticket is checked on submit.
  return (
    <RecordWizard
      title={record ? 'Update Ticket' : 'New Ticket'}
      steps={RECORD_SPECS.tickets.formSteps}
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
                proposeCustomer(from)
              }}
              onCancelled={setCancelled}
            />
          )}
          <BookingRequestNote request={fromRequest.request} error={fromRequest.error} />
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
          <PassengerBlocks name="passport_detail" documentTypes={TICKET_DOCUMENT_TYPES} />
        </>,
        <>
          {pasted && <PastedMoney from={pasted} />}
          <BookingPaymentFields
            options={options}
            paidLater={paidLater(record)}
            sale={{
              currencyField: 'currency',
              ratesField: 'rates',
              node: <SaleCurrencyRate agent="agent_name" customer="customer_add" />,
            }}
            fx={{
              currencyField: 'vendor_currency',
              ratesField: 'rates',
              node: (
                <CurrencyRate
                  kind="vendor"
                  party="vendor_name"
                  currencyField="vendor_currency"
                  rateField="rates"
                  rates
                  label="Vendor Currency"
                />
              ),
            }}
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
          <TaxAuthorityField record={record as Partial<SaleTax> | null | undefined} />
        </>,
      ]}
    </RecordWizard>
  )
}
