import { formatAmount, fromPaisa, numberOrZero, toPaisa } from '@booking/shared'
import { useEffect } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { CurrencyRate, ratesForApi, SideAmount, saleCurrencyValue, useSideRate } from './currency-rate.tsx'
import { Field, ReadOnlyField } from './field.tsx'
import { NameSelect } from './name-select.tsx'

/**
 * A sale's optional buying side (Visa, the medical token, Services; decision 140): what is owed to a
 * vendor, typed in the vendor's currency with the day's rate proposed, as the Ticket form does.
 */

interface StoredPayable {
  currency?: string
  payable_to_vendor?: number
  vendor_name?: string
  vendor_currency?: string
  rates?: Record<string, number>
}

/**
 * The form's values for a stored record (a rupee vendor leaves currency and rate unset), with the
 * selling side's currency, which shares `rates` with the payable (decision 151).
 */
export const vendorPayableValues = (record: StoredPayable | null | undefined) => ({
  currency: saleCurrencyValue(record),
  payable_to_vendor: record?.payable_to_vendor || '',
  vendor_name: record?.vendor_name ?? '',
  vendor_currency: record && record.vendor_currency !== 'PKR' ? record.vendor_currency : undefined,
  rates:
    record && Object.keys(record.rates ?? {}).length
      ? Object.fromEntries(Object.entries(record.rates ?? {}).map(([k, v]) => [k, String(v)]))
      : undefined,
})

/**
 * The body's buying side: left out entirely when no vendor is named and nothing is payable, so the
 * spec's body is what it was; else the rates as the API takes them ({SAR: 74.85}).
 */
export const vendorPayableBody = <V extends Record<string, unknown>>(values: V) => {
  const { payable_to_vendor, vendor_name, vendor_currency, rates, currency, ...rest } = values
  const typedRates = rates ? { rates: ratesForApi(rates as Record<string, unknown>) } : {}
  // The selling side in another currency (decision 151) sends it and its rate; rupees leave both out.
  const sale = currency ? { currency, ...typedRates } : {}
  if (!String(vendor_name ?? '').trim() && !numberOrZero(payable_to_vendor)) return { ...rest, ...sale }
  return {
    ...rest,
    payable_to_vendor,
    vendor_name,
    ...(vendor_currency ? { vendor_currency } : {}),
    ...sale,
    ...typedRates,
  }
}

/** The payable's rupees as the form counts them (the server rounds them once again on save). */
export const usePayableRupees = (): { rupees: number; owed: boolean } => {
  const [payable, vendor, currency, rates] = useWatch({
    name: ['payable_to_vendor', 'vendor_name', 'vendor_currency', 'rates'],
  }) as [unknown, unknown, unknown, Record<string, unknown> | undefined]
  const rate = typeof currency === 'string' && currency ? numberOrZero(rates?.[currency]) : 1
  const typed = numberOrZero(payable)
  return {
    rupees: Math.round(typed * rate * 100) / 100,
    owed: typed > 0 && String(vendor ?? '').trim() !== '',
  }
}

/**
 * Payable To Vendor (in the vendor's currency), Vendor Name, and the currency and rate; `amount`
 * names another owed field (the NAVTCC's Paid To Bank, whole rupees), shown without the hint.
 */
export const VendorPayableFields = ({
  date,
  amount,
}: {
  date?: string
  amount?: { name: string; label: string; step: string }
}) => (
  <>
    <SideAmount
      currencyField="vendor_currency"
      type="number"
      {...(amount ?? {
        name: 'payable_to_vendor',
        label: 'Payable To Vendor',
        step: '0.01',
        hint: 'Optional: what the vendor is owed for it',
      })}
    />
    <NameSelect name="vendor_name" label="Vendor Name" kind="vender" placeholder="Select Vendor Name" />
    <CurrencyRate
      kind="vendor"
      party="vendor_name"
      date={date}
      currencyField="vendor_currency"
      rateField="rates"
      rates
      label="Vendor Currency"
    />
  </>
)

/**
 * A typed profit (the medical token's, a service's) until a vendor is owed a payable: then the
 * receivable less the payable's rupees, shown read-only and sent as such (the server's figure).
 */
export const ProfitOrPayable = () => {
  const { setValue } = useFormContext()
  const { rupees, owed } = usePayableRupees()
  // The receivable in the customer's currency counts at its rate (decision 151).
  const receivable = numberOrZero(useWatch({ name: 'receivable_amount' })) * useSideRate('currency')
  const profit = fromPaisa(toPaisa(Math.round(receivable * 100) / 100) - toPaisa(rupees))
  useEffect(() => {
    if (owed) setValue('profit', profit, { shouldValidate: false })
  }, [owed, profit, setValue])
  return owed ? (
    <ReadOnlyField money label="Profit" value={formatAmount(profit)} />
  ) : (
    <Field name="profit" label="Profit" type="number" step="0.01" />
  )
}
