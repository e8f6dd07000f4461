import { BOOKS_CURRENCY, numberOrZero, rateOfMicro, todayIso } from '@booking/shared'
import { useQuery } from '@tanstack/react-query'
import { type ComponentProps, useEffect, useRef } from 'react'
import { get, useController, useFormContext, useWatch } from 'react-hook-form'
import { api } from '../lib/api.ts'
import { Field, FieldShell } from './field.tsx'

/** Whose currency a form asks for: a customer by the text the sale names it with (decision 137). */
export type PartyKind = 'agent' | 'vendor' | 'bank' | 'customer'

interface PartyRate {
  currency: string
  date: string | null
  rate: number | null
  source: string
}

/** The party's currency and the rate in force on the record's day (GET /api/rates/party, decision 124). */
export const usePartyRate = (kind: PartyKind, name: string, day: string) =>
  useQuery({
    queryKey: ['party-rate', kind, name, day],
    enabled: name.trim() !== '',
    queryFn: () =>
      api.get<PartyRate>(`/rates/party/${kind}/${encodeURIComponent(name.trim())}`, { date: day }),
  })

const useEnabledCurrencies = () =>
  useQuery({
    queryKey: ['/currencies'],
    queryFn: () => api.get<{ currencies: Array<{ code: string; enabled: boolean }> }>('/currencies'),
    select: (d) => d.currencies.filter((c) => c.enabled).map((c) => c.code),
  })

/** A rate as the form's schema gives it (micro-rupees text), as the API takes it: rupees per unit. */
export const rateForApi = (v: unknown): number | undefined =>
  v === undefined || v === null || v === '' ? undefined : rateOfMicro(String(v))

/** An Umrah's `rates` as the schema gives them, as the API takes them ({SAR: 74.85}). */
export const ratesForApi = (v: Record<string, unknown> | undefined) =>
  v === undefined ? undefined : Object.fromEntries(Object.entries(v).map(([k, r]) => [k, rateForApi(r)]))

/**
 * A record side's currency and rate (issue 34 item 3, decision 124): once the party is picked, its
 * currency is proposed, and in a foreign one the rate in force on the record's day, which staff may
 * overwrite. A rupee party leaves both keys out of the body, so the record is sent as before.
 * `rates` keeps the rate as `{SAR: 74.85}` (an Umrah's `rates`), else as a plain `rate` field.
 */
export const CurrencyRate = ({
  kind,
  party,
  date,
  currencyField,
  rateField,
  rates = false,
  label = 'Currency',
}: {
  kind: PartyKind
  /** Form field holding the party's name. */
  party: string
  /** Form field holding the record's day (empty: today). */
  date?: string
  currencyField: string
  rateField: string
  rates?: boolean
  label?: string
}) => {
  const { control, setValue, getValues, formState, getFieldState } = useFormContext()
  const name = String(useWatch({ control, name: party }) ?? '')
  const dayValue = useWatch({ control, name: date ?? party })
  const day = String((date ? dayValue : '') || todayIso())
  const proposed = usePartyRate(kind, name, day)
  const currencies = useEnabledCurrencies()
  const currency = useController({ control, name: currencyField })
  const rate = useController({ control, name: rateField })
  const shownCurrency = String(currency.field.value || proposed.data?.currency || BOOKS_CURRENCY)
  const rateText = (v: unknown): string => {
    if (v === undefined || v === null) return ''
    if (rates) return String((v as Record<string, unknown>)[shownCurrency] ?? '')
    return String(v)
  }
  // `rates` is shared by a record's two sides (decision 137): each side sets its own currency's.
  const setRate = (text: string, cur = shownCurrency) => {
    if (!rates) return setValue(rateField, text === '' ? undefined : text, { shouldDirty: true })
    const { [cur]: _old, ...others } = (getValues(rateField) ?? {}) as Record<string, unknown>
    const next = text === '' ? others : { ...others, [cur]: text }
    setValue(rateField, Object.keys(next).length ? next : undefined, { shouldDirty: true })
  }
  // A side in rupees leaves the other side's rate alone.
  const clearRate = () => {
    if (!rates) setValue(rateField, undefined)
  }
  // The proposal fills the rate until staff type one; a new party or day proposes again.
  const typed = useRef(false)
  const seen = useRef('')
  useEffect(() => {
    const p = proposed.data
    if (!p) return
    const key = `${name}|${day}`
    if (seen.current === key) return
    const first = seen.current === ''
    seen.current = key
    // An edit opens with the record's own currency and rate: the first proposal leaves them.
    if (first && currency.field.value) return
    if (p.currency === BOOKS_CURRENCY) {
      setValue(currencyField, undefined)
      clearRate()
      typed.current = false
      return
    }
    setValue(currencyField, p.currency)
    if (!typed.current) setRate(p.rate === null ? '' : String(p.rate), p.currency)
  }, [proposed.data, name, day])
  const rateMessage = (() => {
    const state = getFieldState(rateField, formState)
    if (!state.isTouched && !formState.isSubmitted) return undefined
    const of = (path: string) => (get(formState.errors, path) as { message?: string } | undefined)?.message
    return of(rateField) ?? (rates ? of(`${rateField}.${shownCurrency}`) : undefined)
  })()
  const id = `field-${currencyField}`
  const options = [...new Set([BOOKS_CURRENCY, ...(currencies.data ?? []), shownCurrency])]
  return (
    <>
      <FieldShell
        id={id}
        label={label}
        hint={name && proposed.data ? `${name} keeps its account in ${proposed.data.currency}` : undefined}
      >
        <select
          id={id}
          className="input"
          value={shownCurrency}
          onChange={(e) => {
            const cur = e.target.value
            currency.field.onChange(cur === BOOKS_CURRENCY ? undefined : cur)
            if (cur === BOOKS_CURRENCY) clearRate()
            else if (!typed.current && proposed.data?.currency === cur && proposed.data.rate !== null)
              setRate(String(proposed.data.rate), cur)
          }}
          onBlur={currency.field.onBlur}
        >
          {options.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </FieldShell>
      {shownCurrency !== BOOKS_CURRENCY && (
        <FieldShell
          id={`field-${rateField}`}
          label={`Rate (Rs per 1 ${shownCurrency})`}
          error={rateMessage}
          hint={
            proposed.data?.rate != null && proposed.data.currency === shownCurrency
              ? `Rate of ${proposed.data.date?.split('-').reverse().join('/')}${proposed.data.source ? ` (${proposed.data.source})` : ''}`
              : `No ${shownCurrency} rate saved on or before this day: type it`
          }
        >
          <input
            id={`field-${rateField}`}
            className={`input tabular-nums ${rateMessage ? 'input-error' : ''}`}
            inputMode="decimal"
            value={rateText(rate.field.value)}
            onChange={(e) => {
              typed.current = true
              setRate(e.target.value)
            }}
            onBlur={rate.field.onBlur}
          />
        </FieldShell>
      )}
    </>
  )
}

/**
 * A sale's selling side (decision 137): in its agent's currency when it names one, else in its
 * customer's (by the text it names the customer with), proposed with the day's rate.
 */
export const SaleCurrencyRate = ({
  agent,
  customer,
  date,
}: {
  /** Form field of the agent's name (a Ticket); an Umrah has none. */
  agent?: string
  /** Form field of the customer's text. */
  customer: string
  /** Form field of the record's money day (a Service's Booking Date); left out, today. */
  date?: string
}) => {
  const agentName = String(useWatch({ name: agent ?? customer }) ?? '')
  const byAgent = agent !== undefined && agentName.trim() !== ''
  return (
    <CurrencyRate
      kind={byAgent ? 'agent' : 'customer'}
      party={byAgent ? agent : customer}
      date={date}
      currencyField="currency"
      rateField="rates"
      rates
      label="Currency"
    />
  )
}

/** A stored record's selling side as the form keeps it: left unset in rupees (decision 137). */
export const saleCurrencyValue = (record: { currency?: string } | null | undefined) =>
  record?.currency && record.currency !== BOOKS_CURRENCY ? record.currency : undefined

/** Rupees per unit of a side's currency as typed (1 in rupees; 0 until a rate is typed). */
export const useSideRate = (currencyField: string, ratesField = 'rates'): number => {
  const [currency, rates] = useWatch({ name: [currencyField, ratesField] }) as [
    string | undefined,
    Record<string, unknown> | undefined,
  ]
  return currency ? numberOrZero(rates?.[currency]) : 1
}

/** An amount typed in a side's currency: the box shows that currency ("SAR"), else "Rs". */
export const SideAmount = ({
  currencyField,
  ...props
}: ComponentProps<typeof Field> & { currencyField: string }) => {
  const unit = useWatch({ name: currencyField }) as string | undefined
  return <Field {...props} unit={unit} />
}

/**
 * A body without its unset keys: a rupee party's form leaves `currency`, `rate` and `rates` out
 * entirely, so its body (and an employee's correction, which compares keys) is what it was.
 */
export const withoutUnset = <T extends Record<string, unknown>>(body: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(body).filter(([k, v]) => !(v === undefined && CURRENCY_KEYS.has(k))),
  ) as Partial<T>

// `settles` (decision 122) is left out the same way when no bill is named.
const CURRENCY_KEYS = new Set(['currency', 'vendor_currency', 'rate', 'rates', 'settles'])
