import {
  businessToday,
  formatAmount,
  formatRs,
  fromPaisa,
  OVERPAID_PAYMENT,
  type Payment,
  PaymentInput,
  type PaymentSource,
  rateMicroOf,
  rupeesAt,
  rupeesSettle,
  toPaisa,
} from '@booking/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { HandCoins, ReceiptText, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { FormProvider, type Resolver, useForm, useFormContext, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import type { z } from 'zod'
import { ApiError, api } from '../lib/api.ts'
import { useIsAdmin } from '../lib/auth.tsx'
import { downloadFile } from '../lib/files.ts'
import { useDeletePayment, usePayments, useReceivePayment } from '../lib/payments.ts'
import { useBankOptions } from '../lib/select-options.ts'
import { BankName } from './bank-name.tsx'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { rateForApi } from './currency-rate.tsx'
import { type Column, DataTable } from './data-table.tsx'
import { Dialog } from './dialog.tsx'
import { Field, FieldShell } from './field.tsx'

type Values = z.input<typeof PaymentInput>

/** An amount in the record's currency: "SAR 2,500.00", else "Rs 2,500.00". */
const inCurrency = (value: number, currency: string | undefined) =>
  currency && currency !== 'PKR' ? `${currency} ${formatAmount(value)}` : formatRs(value)

/** The message under Amount when it is more than the record still owes (the server's words, and how much). */
export const overpaidMessage = (remaining: number, currency?: string) =>
  `${OVERPAID_PAYMENT} (${inCurrency(remaining, currency)})`

/** True when a typed amount is more than the remaining, compared in paisa (no float tolerance). */
const overpays = (amount: unknown, remaining: number) => {
  const n = typeof amount === 'number' ? amount : Number(String(amount ?? '').trim())
  if (!Number.isFinite(n) || String(amount ?? '').trim() === '') return false
  return toPaisa(n) > toPaisa(remaining)
}

const schemaResolver = zodResolver(PaymentInput)

/**
 * The shared schema, plus the one rule only the record knows: no more than its remaining amount
 * (the server refuses it too), shown on Amount together with any other message.
 */
const withinRemaining =
  (remaining: number, currency?: string): Resolver<Values, unknown, z.output<typeof PaymentInput>> =>
  async (values, context, options) => {
    const result = await schemaResolver(values, context, options)
    // Rupees against a record in another currency: what they settle is checked at the rate (below).
    if (currency && currency !== 'PKR' && values.currency === 'PKR') return result
    // Tax the customer withheld settles the record too (issue 36): the two together may not pass it.
    const withheld = Number(values.tax_withheld?.amount ?? 0)
    const settles = Number(values.amount) + (Number.isFinite(withheld) ? withheld : 0)
    if (result.errors.amount || !overpays(withheld ? fromPaisa(toPaisa(settles)) : values.amount, remaining))
      return result
    return {
      values: {},
      errors: { ...result.errors, amount: { type: 'max', message: overpaidMessage(remaining, currency) } },
    }
  }

interface ReceivePaymentProps {
  source: PaymentSource
  /** The record's id and what it still owes. */
  id: number
  remaining: number
  /** Names the record in the dialog, e.g. "Ticket 3/7 · Ali Khan". */
  subject: string
  /** The record's currency when not rupees (issue 34, decision 138): the payment is typed in it. */
  currency?: string
}

/** What rupees settle of a record in another currency at `rate` (decision 152), in its hundredths. */
const settledBy = (rupees: number, rate: string, remaining: number) =>
  fromPaisa(
    Number(rupeesSettle(BigInt(toPaisa(rupees)), rateMicroOf(rate) ?? 1n, BigInt(toPaisa(remaining)))),
  )

/**
 * The payment's rate (decision 138): the rate in force on its day is proposed (GET /api/rates) until
 * staff type one; none saved asks for it.
 */
const PaymentRate = ({ currency, remaining }: { currency: string; remaining: number }) => {
  const date = String(useWatch({ name: 'date' }) || businessToday())
  const { setValue, getFieldState, formState } = useFormContext()
  const rate = String(useWatch({ name: 'rate' }) ?? '')
  const amount = Number(useWatch({ name: 'amount' }) ?? 0)
  const inRupees = useWatch({ name: 'currency' }) === 'PKR'
  const typed = useRef(false)
  const found = useQuery({
    queryKey: ['/rates', currency, date],
    queryFn: () =>
      api
        .get<{ rate: number; date: string; source: string }>('/rates', { currency, date })
        .catch((e: unknown) => (e instanceof ApiError && e.status === 404 ? null : Promise.reject(e))),
  })
  useEffect(() => {
    if (found.data && !typed.current) setValue('rate', String(found.data.rate))
  }, [found.data])
  const error = getFieldState('rate', formState).error?.message
  return (
    <FieldShell
      id="field-rate"
      label={`Rate (Rs per 1 ${currency})`}
      error={error}
      hint={[
        found.data
          ? `Rate of ${found.data.date.split('-').reverse().join('/')}${found.data.source ? ` (${found.data.source})` : ''}`
          : `No ${currency} rate saved on or before this day: type it`,
        // What the riyals come to in rupees at the rate, as the books round one line.
        amount > 0 && rateMicroOf(rate) !== null
          ? inRupees
            ? // Decision 152: what the rupees settle, as the server converts them.
              `${formatRs(amount)} settles ${inCurrency(settledBy(amount, rate, remaining), currency)}`
            : `${inCurrency(amount, currency)} = ${formatRs(rupeesAt(amount, currency, rate))}`
          : '',
      ]
        .filter(Boolean)
        .join(' · ')}
    >
      <input
        id="field-rate"
        className={`input tabular-nums ${error ? 'input-error' : ''}`}
        inputMode="decimal"
        value={rate}
        onChange={(e) => {
          typed.current = true
          setValue('rate', e.target.value, { shouldValidate: formState.isSubmitted })
        }}
      />
    </FieldShell>
  )
}

/**
 * The open dialog lives outside the row that opened it: a table row is rebuilt as a card when the
 * window narrows (and may be re-rendered by a refetch), which would close a dialog it held.
 */
let opened: ReceivePaymentProps | null = null
const listeners = new Set<() => void>()
const setOpened = (next: ReceivePaymentProps | null) => {
  opened = next
  for (const l of listeners) l()
}
const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}

/** Where the dialog opened by a row's Receive Payment renders: once per list page. */
export const ReceivePaymentHost = () => {
  const props = useSyncExternalStore(subscribe, () => opened)
  // Leaving the page closes it.
  useEffect(() => () => setOpened(null), [])
  return props ? (
    <ReceivePaymentDialog key={`${props.source}-${props.id}`} {...props} onClose={() => setOpened(null)} />
  ) : null
}

/** "Receive Payment" on a record that still owes: a row button opening the dialog (in ReceivePaymentHost). */
export const ReceivePaymentButton = (props: ReceivePaymentProps) => {
  if (!(props.remaining > 0)) return null
  return (
    <button
      type="button"
      className="icon-btn hover:text-emerald-700"
      aria-label="Receive Payment"
      title="Receive Payment"
      onClick={() => setOpened(props)}
    >
      <HandCoins className="h-4 w-4" />
    </button>
  )
}

/** Downloads one payment's receipt (GET /api/payments/{id}/receipt.pdf). */
export const PaymentReceiptButton = ({ id, receiptNo }: { id: number; receiptNo: string }) => {
  const [busy, setBusy] = useState(false)
  const download = async () => {
    setBusy(true)
    try {
      await downloadFile(`/payments/${id}/receipt.pdf`, undefined, `receipt-${id}.pdf`)
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Download failed')
    } finally {
      setBusy(false)
    }
  }
  return (
    <button
      type="button"
      className="icon-btn hover:text-blue-700"
      aria-label={`Receipt ${receiptNo}`}
      title="Receipt"
      disabled={busy}
      onClick={download}
    >
      <ReceiptText className="h-4 w-4" />
    </button>
  )
}

const PAYMENT_COLUMNS = (
  [
    { key: 'receipt_no', header: 'Receipt No' },
    { key: 'date', header: 'Date', format: 'date' },
    {
      key: 'method',
      header: 'Method',
      // Rupees against a record in another currency (decision 152): what they were.
      cell: (p) =>
        `${p.method === 'bank' ? 'Bank' : 'Cash'}${p.paid ? `, ${formatRs(p.paid.amount)} paid` : ''}`,
    },
    {
      key: 'bank_title',
      header: 'Bank',
      cell: (p) => (p.bank_title ? <BankName stored={p.bank_title} /> : ''),
    },
    // In the record's currency (decision 138): the header names it (decision 151).
    { key: 'amount', header: 'Amount', format: 'amount', currencyOf: (p) => p.currency },
    {
      key: 'tax_withheld',
      header: 'Tax Withheld',
      cell: (p) =>
        p.tax_withheld
          ? `${formatRs(p.tax_withheld.amount)} (${p.tax_withheld.certificate || 'no certificate yet'})`
          : '',
    },
    { key: 'note', header: 'Note' },
  ] satisfies Column<Payment>[]
).map((c): Column<Payment> => ({ ...c, sortable: false }))

/** The dialog: what is owed, the payment form (cash or a bank, date, amount, note), the payments so far. */
export const ReceivePaymentDialog = ({
  source,
  id,
  remaining,
  subject,
  currency,
  onClose,
}: ReceivePaymentProps & { onClose: () => void }) => {
  const foreign = currency !== undefined && currency !== 'PKR'
  const receive = useReceivePayment(source, id)
  const [error, setError] = useState<string | null>(null)
  const banks = useBankOptions(undefined)
  const form = useForm<Values, unknown, z.output<typeof PaymentInput>>({
    resolver: withinRemaining(remaining, currency),
    mode: 'onTouched',
    defaultValues: {
      source_type: source,
      source_id: id,
      method: 'cash',
      bank_title: '',
      date: businessToday(),
      amount: remaining > 0 ? remaining : ('' as unknown as number),
      note: '',
      ...(foreign ? { currency } : {}),
    },
  })
  const method = useWatch({ control: form.control, name: 'method' })
  const paidIn = useWatch({ control: form.control, name: 'currency' })
  const inRupees = foreign && paidIn === 'PKR'
  const [withheld, setWithheld] = useState(false)
  const toggleWithheld = (on: boolean) => {
    setWithheld(on)
    form.setValue(
      'tax_withheld',
      on ? { amount: '' as unknown as number, section: '153(1)(b)', certificate: '' } : undefined,
    )
  }

  const submit = form.handleSubmit(async (values) => {
    setError(null)
    try {
      const body = {
        ...values,
        bank_title: values.method === 'bank' ? values.bank_title : undefined,
        // The schema keeps a rate as micro-rupees; the API takes rupees per unit.
        rate: rateForApi(values.rate),
      }
      const answer = await receive.mutateAsync(body)
      toast.success(
        `Payment received: ${answer.payment.receipt_no}${answer.payment.settled ? ` (${answer.payment.settled})` : ''}`,
      )
      onClose()
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) {
        const fields = Object.entries(err.errors)
        for (const [field, message] of fields) form.setError(field as keyof Values, { message })
        // An overpayment the server refused (another payment came first): the amount's fault.
        if (fields.length === 0 && err.status === 400) form.setError('amount', { message: err.message })
        else setError(err.message)
      } else {
        setError('Failed to receive payment. Please try again later.')
      }
    }
  })

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !receive.isPending && onClose()}
      title="Receive Payment"
      size="max-w-2xl"
    >
      <div className="max-h-[calc(100dvh-10rem)] space-y-4 overflow-y-auto">
        <div className="flex flex-wrap items-baseline justify-between gap-2 rounded-md bg-slate-100 px-3 py-2 text-sm">
          <span className="font-semibold text-slate-900" data-testid="payment-subject">
            {subject}
          </span>
          <span className="text-slate-700">
            Remaining: <strong className="tabular-nums">{inCurrency(remaining, currency)}</strong>
          </span>
        </div>
        {remaining > 0 ? (
          <FormProvider {...form}>
            <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Field
                name="method"
                label="Received In"
                type="select"
                options={[
                  { value: 'cash', label: 'Cash' },
                  { value: 'bank', label: 'Bank' },
                ]}
                placeholder="Select Cash or Bank"
                autoFocus
              />
              {method === 'bank' ? (
                <Field name="bank_title" label="Bank Title" type="select" {...banks} />
              ) : (
                <div className="hidden sm:block" />
              )}
              <Field name="date" label="Date" type="date" />
              {foreign && (
                <Field
                  name="currency"
                  label="Paid In"
                  type="select"
                  options={[
                    { value: currency, label: currency },
                    { value: 'PKR', label: 'Rupees (converted at the rate)' },
                  ]}
                />
              )}
              <Field
                name="amount"
                label="Amount"
                type="number"
                step="0.01"
                unit={foreign && !inRupees ? currency : undefined}
              />
              {foreign && <PaymentRate currency={currency} remaining={remaining} />}
              <Field name="note" label="Note" className="sm:col-span-2" />
              <label className="flex items-center gap-2 text-sm sm:col-span-2">
                <input
                  type="checkbox"
                  checked={withheld}
                  onChange={(e) => toggleWithheld(e.target.checked)}
                />
                The customer withheld income tax from this payment
              </label>
              {withheld && (
                <>
                  <Field name="tax_withheld.amount" label="Tax Withheld" type="number" step="0.01" />
                  <Field name="tax_withheld.section" label="Section" />
                  <Field
                    name="tax_withheld.certificate"
                    label="Certificate No."
                    className="sm:col-span-2"
                    hint="Leave empty until the customer sends it"
                  />
                </>
              )}
              {error && (
                <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 sm:col-span-2">
                  {error}
                </p>
              )}
              <div className="flex justify-end gap-2 sm:col-span-2">
                <button type="button" className="btn-secondary" onClick={onClose}>
                  Cancel
                </button>
                <button type="submit" className="btn-primary" disabled={receive.isPending}>
                  {receive.isPending ? 'Saving...' : 'Receive Payment'}
                </button>
              </div>
            </form>
          </FormProvider>
        ) : (
          <p className="text-sm text-slate-600">Nothing remains to be paid on this record.</p>
        )}
        <PaymentsList source={source} id={id} />
      </div>
    </Dialog>
  )
}

/** A record's payments (receipt no, date, method, bank, amount, note), each with its receipt; an admin may delete one. */
export const PaymentsList = ({ source, id }: { source: PaymentSource; id: number }) => {
  const admin = useIsAdmin()
  const payments = usePayments(source, id)
  const remove = useDeletePayment(source, id)
  const [deleting, setDeleting] = useState<Payment | null>(null)
  const [deleteError, setDeleteError] = useState<string | null>(null)

  const confirmDelete = async () => {
    if (!deleting) return
    try {
      await remove.mutateAsync(deleting.id)
      toast.success(`Payment ${deleting.receipt_no} deleted`)
      setDeleting(null)
    } catch (err) {
      setDeleteError(err instanceof ApiError ? err.message : 'Failed to delete payment.')
    }
  }

  const columns: Column<Payment>[] = [
    ...PAYMENT_COLUMNS,
    {
      key: '__actions',
      header: 'Actions',
      sortable: false,
      cell: (p) => (
        <div className="flex items-center gap-1">
          <PaymentReceiptButton id={p.id} receiptNo={p.receipt_no} />
          {admin && (
            <button
              type="button"
              className="icon-btn hover:text-red-600"
              aria-label={`Delete payment ${p.receipt_no}`}
              onClick={() => {
                setDeleteError(null)
                setDeleting(p)
              }}
            >
              <Trash2 className="h-4 w-4" />
            </button>
          )}
        </div>
      ),
    },
  ]
  const rows = payments.data ?? []

  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-700">Payments</h3>
      {payments.isPending ? (
        <p className="text-sm text-slate-500">Loading data...</p>
      ) : payments.isError ? (
        <p role="alert" className="text-sm text-red-600">
          Failed to load payments.
        </p>
      ) : (
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(p) => p.id}
          emptyText="No payments yet"
          label="Payments table"
        />
      )}
      {rows.length > 0 && (
        <p className="text-right text-sm text-slate-700">
          Received after booking:{' '}
          <strong className="tabular-nums">
            {inCurrency(fromPaisa(rows.reduce((sum, p) => sum + toPaisa(p.amount), 0)), rows[0]?.currency)}
          </strong>
        </p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        busy={remove.isPending}
        error={deleteError}
        message="Delete this payment? Its cash or bank posting is reversed and the record owes the amount again."
        subject={
          deleting
            ? `Receipt ${deleting.receipt_no} · ${inCurrency(deleting.amount, deleting.currency)}`
            : undefined
        }
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  )
}

/**
 * Below a record's edit form: its payments (an admin may delete one there). The way to the
 * payments of a record paid in full, whose row no longer offers Receive Payment.
 */
export const PaymentsPanel = ({ source, id }: { source: PaymentSource; id: number }) => (
  <section aria-label="Payments" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
    <PaymentsList source={source} id={id} />
  </section>
)

/**
 * A list's row action for RecordList's `rowActions`: Receive Payment on rows that still owe.
 * Defined once per page (module level), so the list's columns are not rebuilt every render; the
 * page renders a ReceivePaymentHost beside its list.
 */
export const receivePaymentAction =
  <T extends { id: number; entry?: string | null }>(
    source: PaymentSource,
    remaining: (row: T) => number,
    customer: (row: T) => string | null | undefined,
  ) =>
  (row: T) => (
    <ReceivePaymentButton
      source={source}
      id={row.id}
      remaining={Number(remaining(row) ?? 0)}
      subject={[row.entry, customer(row)].filter(Boolean).join(' · ')}
      currency={(row as { currency?: string }).currency}
    />
  )
