import {
  blankPassenger,
  formatAmount,
  pastedForeign,
  rateMicroOf,
  type Ticket,
  type TicketFromPaste,
  type TicketMoney,
  type TicketParseAnswer,
  ticketFromPaste,
  todayIso,
} from '@booking/shared'
import { useQuery } from '@tanstack/react-query'
import { ClipboardPaste } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { Dialog } from '../../components/dialog.tsx'
import { DialogActions, useOneFieldDialog } from '../../components/one-field-dialog.tsx'
import { ApiError, api } from '../../lib/api.ts'

const REQUIRED = 'Paste the ticket text'
/** The ticket_numbers error a paste sets when a number is already on a record. */
export const PASTE_DUPLICATE = 'paste-duplicate'

/** A VOID or REFUNDED ticket of the paste that is already on a record (issue 22 §4). */
export interface CancelledOnRecord {
  ticket_number: string
  status: string
  passenger: string
  /** null: a VOID ticket whose number is on no record (nothing to sell, decision 092). */
  record: Ticket | null
}

const fill = (
  setValue: ReturnType<typeof useFormContext>['setValue'],
  from: TicketFromPaste,
  text: string,
) => {
  const opts = { shouldDirty: true, shouldValidate: false }
  for (const [field, value] of Object.entries(from.values)) setValue(field, value, opts)
  setValue('ticket_text', text, opts)
  setValue(
    'passport_detail',
    from.passengers.map((p) => ({ ...blankPassenger(), ...p })),
    opts,
  )
}

/**
 * "Paste ticket": the text a GDS or an airline gave is read by POST /api/tickets/parse and fills
 * the wizard. A paste of only VOID or REFUNDED tickets whose numbers are on a record offers a
 * Refunded record instead (`onCancelled`).
 */
export const TicketPaste = ({
  onRead,
  onCancelled,
}: {
  onRead: (from: TicketFromPaste) => void
  onCancelled: (found: CancelledOnRecord[]) => void
}) => {
  const [open, setOpen] = useState(false)
  const { setValue, setError } = useFormContext()
  const { text, error, busy, close, submit, change } = useOneFieldDialog({
    onOpenChange: setOpen,
    required: REQUIRED,
    send: async (pasted) => {
      const read = await api.post<TicketParseAnswer>('/tickets/parse', { text: pasted })
      if (read.tickets.every((t) => t.status === 'VOID' || t.status === 'REFUNDED')) {
        const found: CancelledOnRecord[] = []
        for (const t of read.tickets) {
          const list = await api.get<{ ticket: Ticket[] }>('/ticket', { q: t.ticket_number, limit: 1 })
          const record = list.ticket[0]
          if (record)
            found.push({
              ticket_number: t.ticket_number,
              status: t.status,
              passenger: `${t.passenger.first_name} ${t.passenger.last_name}`.trim(),
              record,
            })
        }
        // A void ticket on no record is no sale: said so, never filled into a new sale.
        for (const t of read.tickets)
          if (t.status === 'VOID' && !found.some((f) => f.ticket_number === t.ticket_number))
            found.push({
              ticket_number: t.ticket_number,
              status: t.status,
              passenger: `${t.passenger.first_name} ${t.passenger.last_name}`.trim(),
              record: null,
            })
        if (found.length > 0) {
          onCancelled(found)
          return
        }
      }
      const from = ticketFromPaste(read)
      fill(setValue, from, pasted)
      onRead(from)
      // The duplicate warning at paste time (issue 37): the paste knows the numbers, so a number
      // already on a record is said now, once, in the place the save's refusal would say it.
      for (const t of read.tickets) {
        if (t.status === 'VOID') continue
        const list = await api.get<{ ticket: Ticket[] }>('/ticket', { q: t.ticket_number, limit: 1 })
        const on = list.ticket.find((r) => (r.ticket_numbers ?? '').split(' ').includes(t.ticket_number))
        if (on) {
          setError('ticket_numbers', {
            type: PASTE_DUPLICATE,
            message: `Ticket number ${t.ticket_number} is already on ${on.entry}`,
          })
          break
        }
      }
      const n = from.passengers.length
      toast.success(`Ticket filled: ${read.format}, ${n} passenger${n === 1 ? '' : 's'}`)
      // The money panel already says when one fare is printed for every passenger.
      const shown = read.warnings.filter((w) => !w.startsWith('Fare and total are printed once'))
      for (const note of [...shown, ...from.notes]) toast.warning(note)
    },
    failure: (err) => (err instanceof ApiError ? err.message : 'Could not read the ticket'),
  })

  return (
    <div className="flex justify-end md:col-span-2">
      <button type="button" className="btn-secondary gap-2 px-3 py-1.5 text-sm" onClick={() => setOpen(true)}>
        <ClipboardPaste className="h-4 w-4" aria-hidden />
        Paste ticket
      </button>
      <Dialog
        open={open}
        onOpenChange={close}
        title="Paste Ticket"
        size="max-w-3xl"
        description="Paste an e-ticket receipt (PIA, Emirates, Saudia, Qatar Airways, flydubai, Airblue, AirSial, SereneAir) or a GDS display (Sabre *T/WETR, Amadeus TWD or AIR file, Galileo *TE). Sector, airline, dates, reference and passengers are filled; set the amounts yourself."
      >
        <form onSubmit={submit} noValidate>
          <label htmlFor="ticket-paste-text" className="label">
            Ticket text
          </label>
          <textarea
            id="ticket-paste-text"
            rows={12}
            wrap="off"
            spellCheck={false}
            autoComplete="off"
            autoFocus
            className={`input overflow-x-auto font-mono text-xs leading-5 ${error ? 'input-error' : ''}`}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'ticket-paste-text-error' : undefined}
            onChange={(e) => change(e.target.value)}
          />
          {error && (
            <p id="ticket-paste-text-error" role="alert" className="mt-1 text-sm text-red-600">
              {error}
            </p>
          )}
          <DialogActions
            busy={busy}
            label="Fill Ticket"
            busyLabel="Reading..."
            onCancel={() => close(false)}
          />
        </form>
      </Dialog>
    </div>
  )
}

const money = (m: TicketMoney | null) => (m ? `${m.currency} ${formatAmount(m.amount)}` : '-')

/** The pasted fare, taxes and total beside the payment step, for setting receivable and payable. */
export const PastedMoney = ({ from }: { from: TicketFromPaste }) => {
  const { fare, taxes, total, each } = from.money
  const n = from.used.length
  return (
    <section
      aria-label="From the pasted ticket"
      className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm md:col-span-2"
    >
      <h3 className="mb-2 font-semibold text-slate-800">From the pasted ticket</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-600">Fare</dt>
        <dd className="tabular-nums">{money(fare)}</dd>
        <dt className="text-slate-600">Taxes</dt>
        <dd className="tabular-nums">
          {taxes.length > 0 ? taxes.map((t) => `${t.code} ${formatAmount(t.amount)}`).join(' · ') : '-'}
        </dd>
        <dt className="font-semibold text-slate-800">Total</dt>
        <dd className="font-semibold tabular-nums">{money(total)}</dd>
      </dl>
      <PastedRate from={from} />
      <p className="mt-2 text-xs text-slate-600">
        {each
          ? `Each of the ${n} tickets; Receivable and Payable are for all of them.`
          : `As printed, for ${n === 1 ? 'the ticket' : `all ${n} passengers`}. Tickets: ${from.values.ticket_numbers}`}
      </p>
    </section>
  )
}

/** Rupees for `amount` units at a typed rate, to the paisa (the rate's text read exactly). */
const rupeesAt = (amount: number, rate: string): number | null => {
  const micro = rateMicroOf(rate)
  if (micro === null) return null
  const paisa = (BigInt(Math.round(amount * 100)) * micro + 500_000n) / 1_000_000n
  return Number(paisa) / 100
}

/**
 * A ticket priced in dollars or riyals (issue 34 item 7, decision 125): the paste proposes that
 * currency and the day's rate (editable). On a click, a vendor kept in that currency is owed the
 * printed amount at that rate (decision 136); any other vendor, the rupees it makes.
 */
const PastedRate = ({ from }: { from: TicketFromPaste }) => {
  const foreign = pastedForeign(from)
  const { setValue, control } = useFormContext()
  const vendorCurrency = useWatch({ control, name: 'vendor_currency' }) as string | undefined
  const today = todayIso()
  const day = useQuery({
    queryKey: ['rate', foreign?.currency, today],
    enabled: foreign !== null,
    retry: false,
    queryFn: async () => {
      try {
        return await api.get<{ rate: number; date: string; source: string }>('/rates', {
          currency: foreign?.currency ?? '',
          date: today,
        })
      } catch (e) {
        // No rate saved yet (404) or a currency not turned on: staff type one.
        if (e instanceof ApiError && (e.status === 404 || e.status === 400)) return null
        throw e
      }
    },
  })
  const [rate, setRate] = useState('')
  useEffect(() => {
    if (day.data) setRate(String(day.data.rate))
  }, [day.data])
  if (!foreign) return null
  const rupees = rupeesAt(foreign.amount, rate)
  const inVendorCurrency = vendorCurrency === foreign.currency
  const use = () => {
    const opts = { shouldDirty: true }
    if (inVendorCurrency) {
      setValue('payable_to_vendor', foreign.amount, opts)
      setValue('rates', { [foreign.currency]: rate }, opts)
    } else if (rupees !== null) setValue('payable_to_vendor', rupees, opts)
  }
  return (
    <div
      className="mt-3 flex flex-wrap items-end gap-3 border-t border-sky-200 pt-3"
      data-testid="pasted-rate"
    >
      <p className="w-full text-slate-700">
        Priced in {foreign.currency}:{' '}
        {day.data
          ? `the rate of ${day.data.date.split('-').reverse().join('/')}${day.data.source ? ` (${day.data.source})` : ''} is proposed.`
          : day.isPending
            ? 'reading the day’s rate...'
            : `no ${foreign.currency} rate saved for today: type it.`}
      </p>
      <label className="w-40">
        <span className="label">Currency</span>
        <input className="input" value={foreign.currency} readOnly tabIndex={-1} />
      </label>
      <label className="w-44">
        <span className="label">{`Rate (Rs per 1 ${foreign.currency})`}</span>
        <input
          className="input tabular-nums"
          inputMode="decimal"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
        />
      </label>
      <p className="tabular-nums">
        {foreign.currency} {formatAmount(foreign.amount)} ={' '}
        <strong>{rupees === null ? '-' : `Rs ${formatAmount(rupees)}`}</strong>
        {inVendorCurrency && (
          <span className="block text-slate-600">
            The vendor keeps {foreign.currency}: the payable is {foreign.currency}{' '}
            {formatAmount(foreign.amount)} at this rate.
          </span>
        )}
      </p>
      <button type="button" className="btn-secondary" disabled={rupees === null} onClick={use}>
        Use as Payable To Vendor
      </button>
    </div>
  )
}
