import { formatAmount, formatDate, type OpenBillsAnswer } from '@booking/shared'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { get, useController, useFormContext, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { api } from '../lib/api.ts'

type Answer = z.output<typeof OpenBillsAnswer>
type Picked = { id: number; amount?: string }

/** A party's open foreign bills (GET /api/books/open-bills/{kind}/{name}, decision 122). */
const useOpenBills = (kind: 'agent' | 'vendor', name: string) =>
  useQuery({
    queryKey: ['open-bills', kind, name],
    enabled: name.trim() !== '',
    queryFn: () => api.get<Answer>(`/books/open-bills/${kind}/${encodeURIComponent(name.trim())}`),
  })

/** The picked bills as the API takes them: `[{id}]` settles what is open, `[{id, amount}]` a part. */
export const settlesForApi = (v: unknown): { id: number; amount?: number }[] | undefined => {
  if (!Array.isArray(v) || v.length === 0) return undefined
  return (v as Picked[]).map((p) =>
    p.amount === undefined || p.amount === '' ? { id: p.id } : { id: p.id, amount: Number(p.amount) },
  )
}

/**
 * Which open bills a payment settles (issue 34 item 4, decision 122): a foreign party's bills
 * still open, in its currency and in rupees at the bill's rate; staff tick the ones paid and may
 * type a part. None ticked: the payment names none (decision 109's balance rule still applies).
 * Shown on a new payment only: an edit keeps what it named (decision 120).
 */
export const SettlesPicker = ({ kind, party }: { kind: 'agent' | 'vendor'; party: string }) => {
  const { control, formState } = useFormContext()
  const name = String(useWatch({ control, name: party }) ?? '')
  const bills = useOpenBills(kind, name)
  const { field } = useController({ control, name: 'settles' })
  const picked = (Array.isArray(field.value) ? field.value : []) as Picked[]
  // Another party's bills are not this one's: a new party starts with none ticked.
  useEffect(() => {
    field.onChange(undefined)
  }, [name])
  const list = bills.data?.bills ?? []
  const advances = bills.data?.advances ?? []
  if (!name || list.length === 0) return null
  const error = (get(formState.errors, 'settles') as { message?: string } | undefined)?.message
  const toggle = (id: number, on: boolean) =>
    field.onChange(on ? [...picked, { id }] : picked.filter((p) => p.id !== id))
  const setAmount = (id: number, amount: string) =>
    field.onChange(picked.map((p) => (p.id === id ? { id, ...(amount === '' ? {} : { amount }) } : p)))
  const cur = bills.data?.currency ?? ''
  return (
    <fieldset className="md:col-span-2" aria-label="Bills this payment settles">
      <legend className="label">Bills this payment settles</legend>
      <p className="mb-2 text-xs text-slate-500">
        Tick the bills paid; leave Part blank to settle all that is open of a bill.
      </p>
      <ul className="divide-y divide-slate-100 rounded border border-slate-200">
        {list.map((b) => {
          const on = picked.find((p) => p.id === b.id)
          return (
            <li
              key={b.id}
              className="flex flex-col gap-2 px-3 py-2 text-sm sm:flex-row sm:items-center sm:gap-3"
            >
              <label className="flex min-w-0 flex-1 items-start gap-2">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={Boolean(on)}
                  onChange={(e) => toggle(b.id, e.target.checked)}
                />
                <span className="min-w-0">
                  <span className="font-medium">Row {b.id}</span> · {formatDate(b.date)}
                  {b.detail ? ` · ${b.detail}` : ''}
                  <span className="block tabular-nums text-slate-600">
                    Open {cur} {formatAmount(b.open.amount)} of {formatAmount(b.amount)} (Rs{' '}
                    {formatAmount(b.open.rupees)}
                    {b.rate !== null ? ` at ${b.rate}` : ''})
                  </span>
                </span>
              </label>
              {on && (
                <label className="flex items-center gap-2 pl-6 sm:pl-0">
                  <span className="text-xs text-slate-500">Part ({cur})</span>
                  <input
                    className="input w-28 tabular-nums"
                    inputMode="decimal"
                    aria-label={`Part of row ${b.id} in ${cur}`}
                    placeholder={formatAmount(b.open.amount)}
                    value={on.amount ?? ''}
                    onChange={(e) => setAmount(b.id, e.target.value)}
                  />
                </label>
              )}
            </li>
          )
        })}
      </ul>
      {advances.length > 0 && (
        <>
          <p className="mt-3 mb-2 text-xs text-slate-500">
            Earlier payments not yet applied (advances): tick one to apply what is left of it to the bills
            ticked, before this payment's money.
          </p>
          <ul className="divide-y divide-slate-100 rounded border border-slate-200">
            {advances.map((a) => (
              <li key={a.id} className="px-3 py-2 text-sm">
                <label className="flex min-w-0 items-start gap-2">
                  <input
                    type="checkbox"
                    className="mt-1"
                    checked={picked.some((p) => p.id === a.id)}
                    onChange={(e) => toggle(a.id, e.target.checked)}
                  />
                  <span className="min-w-0">
                    <span className="font-medium">Advance row {a.id}</span> · {formatDate(a.date)}
                    {a.detail ? ` · ${a.detail}` : ''}
                    <span className="block tabular-nums text-slate-600">
                      Left {cur} {formatAmount(a.open.amount)} of {formatAmount(a.amount)} (Rs{' '}
                      {formatAmount(a.open.rupees)}
                      {a.rate !== null ? ` at ${a.rate}` : ''})
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  )
}

interface SettledPiece {
  id: number
  with: number
  currency: string
  amount: number
  realised: number
}

/** What a saved payment settled, as a toast's second line ("Settled row 12: SAR 1,000 ..."). */
export const settledNote = (answer: unknown, key: 'vendor' | 'agent'): string | undefined => {
  const row = (answer as Record<string, unknown> | null)?.[key] as
    | { id?: number; settled?: SettledPiece[]; paid?: { currency: string; amount: number } }
    | undefined
  const pieces = row?.settled ?? []
  if (pieces.length === 0) return undefined
  const realised = pieces.reduce((s, p) => s + Math.round(p.realised * 100), 0) / 100
  // A piece paid from an earlier payment says so: the advance applied (decision 122).
  const parts = pieces
    .map(
      (p) =>
        `row ${p.id}: ${p.currency} ${formatAmount(p.amount)}${p.with !== row?.id ? ` (advance row ${p.with})` : ''}`,
    )
    .join(', ')
  const diff =
    realised === 0
      ? 'no exchange difference'
      : `exchange ${realised > 0 ? 'gain' : 'loss'} Rs ${formatAmount(Math.abs(realised))} (realised)`
  return `Settled ${parts}; ${diff}`
}
