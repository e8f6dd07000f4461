import { type BankTransferAnswer, formatAmount, todayIso } from '@booking/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import type { z } from 'zod'
import { DateInput } from '../../components/date-input.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { ApiError, api } from '../../lib/api.ts'
import { useBanks } from '../../lib/records.ts'

type Answer = z.output<typeof BankTransferAnswer>
type Transfer = Answer['transfer']

interface PartyRate {
  currency: string
  rate: number | null
  date: string | null
}

/** A bank's currency and the rate in force that day (decision 124's call, kind `bank`). */
const useBankCurrency = (name: string, date: string) =>
  useQuery({
    queryKey: ['/rates/party', 'bank', name, date],
    enabled: name !== '',
    queryFn: () =>
      api.get<PartyRate>(`/rates/party/bank/${encodeURIComponent(name)}`, { date: date || undefined }),
  })

const money = (m: { currency: string; amount: number }) =>
  `${m.currency === 'PKR' ? 'Rs' : m.currency} ${formatAmount(m.amount)}`

/** The toast's second line: what moved, at which rate, and what the conversion realised. */
export const transferNote = (t: Transfer) => {
  const rate = t.rate === null ? '' : ` at ${t.rate}`
  const diff =
    t.realised === 0
      ? ''
      : `; exchange ${t.realised > 0 ? 'gain' : 'loss'} Rs ${formatAmount(Math.abs(t.realised))} (realised)`
  return `${money(t.sent)} out of ${t.from_bank}, ${money(t.received)} into ${t.to_bank}${rate}${diff}`
}

interface TransferDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The bank the screen shows: the money leaves it by default. */
  bank: string
}

/**
 * Money from one bank to another, one of them in rupees (decision 143): rupees out of a PKR bank
 * and riyals into a SAR bank at a rate typed, worked out from both amounts, or in force that day.
 */
export const TransferDialog = ({ open, onOpenChange, bank }: TransferDialogProps) => {
  const qc = useQueryClient()
  const banks = useBanks()
  const active = (banks.data ?? []).filter((b) => b.active)
  const [from, setFrom] = useState(bank)
  const [to, setTo] = useState('')
  const [date, setDate] = useState(todayIso())
  const [sent, setSent] = useState('')
  const [received, setReceived] = useState('')
  const [rate, setRate] = useState('')
  const [detail, setDetail] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failed, setFailed] = useState<string | null>(null)
  const fromCurrency = useBankCurrency(from, date).data
  const toCurrency = useBankCurrency(to, date).data
  const foreign = [fromCurrency, toCurrency].find((c) => c && c.currency !== 'PKR')
  const label = (c: PartyRate | undefined) => (c ? (c.currency === 'PKR' ? 'Rs' : c.currency) : '')

  const save = useMutation({
    mutationFn: () =>
      api.post<Answer>('/admin/bank-transfers', {
        date,
        from_bank: from,
        to_bank: to,
        sent: sent === '' ? undefined : Number(sent),
        ...(received === '' ? {} : { received: Number(received) }),
        ...(rate.trim() === '' ? {} : { rate: rate.trim() }),
        detail,
      }),
    onSuccess: (answer) => {
      toast.success('Transfer saved', { description: transferNote(answer.transfer) })
      qc.invalidateQueries({ queryKey: ['/accounts'] })
      qc.invalidateQueries({ queryKey: ['/reports'] })
      qc.invalidateQueries({ queryKey: ['dashboard'] })
      setSent('')
      setReceived('')
      setRate('')
      setDetail('')
      onOpenChange(false)
    },
    onError: (err) => {
      setErrors(err instanceof ApiError ? err.errors : {})
      setFailed(err instanceof ApiError ? err.message : 'Something went wrong')
    },
  })

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setErrors({})
    setFailed(null)
    save.mutate()
  }

  const field = (id: string, key: string) => ({
    id,
    'aria-invalid': Boolean(errors[key]),
    'aria-describedby': errors[key] ? `${id}-error` : undefined,
  })
  const error = (id: string, key: string) =>
    errors[key] ? (
      <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
        {errors[key]}
      </p>
    ) : null
  // The two sides' bank and amount are the same control twice: one each, named by the side.
  const bankSelect = (id: string, key: string, title: string, value: string, set: (v: string) => void) => (
    <div>
      <label htmlFor={id} className="label">
        {title}
      </label>
      <select {...field(id, key)} className="input" value={value} onChange={(e) => set(e.target.value)}>
        <option value="">Select Bank</option>
        {active.map((b) => (
          <option key={b.id} value={b.name}>
            {b.name}
          </option>
        ))}
      </select>
      {error(id, key)}
    </div>
  )
  const amountInput = (
    id: string,
    key: string,
    title: string,
    currency: PartyRate | undefined,
    value: string,
    set: (v: string) => void,
    placeholder?: string,
  ) => (
    <div>
      <label htmlFor={id} className="label">
        {title} {label(currency) && `(${label(currency)})`}
      </label>
      <input
        {...field(id, key)}
        type="number"
        step="0.01"
        className="input tabular-nums"
        placeholder={placeholder}
        value={value}
        onChange={(e) => set(e.target.value)}
      />
      {error(id, key)}
    </div>
  )

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Transfer between banks"
      description="One of the two banks keeps rupees. Leave the rate blank to work it out from both amounts, else the day's rate."
      size="max-w-lg"
    >
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        {bankSelect('transfer-from', 'from_bank', 'From bank', from, setFrom)}
        {bankSelect('transfer-to', 'to_bank', 'To bank', to, setTo)}
        <div>
          <label htmlFor="transfer-date" className="label">
            Date
          </label>
          <DateInput {...field('transfer-date', 'date')} value={date} onChange={setDate} />
          {error('transfer-date', 'date')}
        </div>
        <div>
          <label htmlFor="transfer-rate" className="label">
            {foreign ? `Rate (Rs per 1 ${foreign.currency})` : 'Rate'}
          </label>
          <input
            {...field('transfer-rate', 'rate')}
            className="input tabular-nums"
            inputMode="decimal"
            placeholder={foreign?.rate ? String(foreign.rate) : ''}
            value={rate}
            onChange={(e) => setRate(e.target.value)}
          />
          {foreign?.rate ? (
            <p className="mt-1 text-xs text-slate-500">
              Blank: from both amounts, else {foreign.rate} (the day's rate)
            </p>
          ) : null}
          {error('transfer-rate', 'rate')}
        </div>
        {amountInput('transfer-sent', 'sent', 'Amount sent', fromCurrency, sent, setSent)}
        {amountInput(
          'transfer-received',
          'received',
          'Amount received',
          toCurrency,
          received,
          setReceived,
          'Optional',
        )}
        <div className="sm:col-span-2">
          <label htmlFor="transfer-detail" className="label">
            Detail
          </label>
          <input
            {...field('transfer-detail', 'detail')}
            className="input"
            value={detail}
            maxLength={500}
            onChange={(e) => setDetail(e.target.value)}
          />
          {error('transfer-detail', 'detail')}
        </div>
        {failed && Object.keys(errors).length === 0 && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 sm:col-span-2">
            {failed}
          </p>
        )}
        <div className="flex justify-end gap-2 sm:col-span-2">
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            Save Transfer
          </button>
        </div>
      </form>
    </Dialog>
  )
}
