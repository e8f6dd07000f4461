import { bookingProfit, formatAmount, numberOrZero, remainingAmount } from '@booking/shared'
import type { ReactNode } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { lessPaidLater } from '../lib/payments.ts'
import { useBankOptions } from '../lib/select-options.ts'
import { useAmounts } from '../lib/use-amounts.ts'
import { SideAmount } from './currency-rate.tsx'
import { Field, ReadOnlyField } from './field.tsx'
import { NameSelect } from './name-select.tsx'

/** Form names of the four amounts the booking figures come from (Ticket snake_case, Umrah camelCase). */
interface FigureNames {
  receivable: string
  paidCash: string
  paidInBank: string
  payable: string
}

/**
 * Ticket and Umrah: profit and remaining, recomputed live on every change with the shared
 * calculations and read-only; the server computes them again on save.
 */
const BookingFigures = ({
  names,
  paidLater = 0,
  fx,
  sale,
}: {
  names: FigureNames
  paidLater?: number
  fx?: VendorSide
  sale?: VendorSide
}) => {
  const { control } = useFormContext()
  const [receivable, cash, bank, typedPayable] = useAmounts(control, [
    names.receivable,
    names.paidCash,
    names.paidInBank,
    names.payable,
  ])
  const [vendorCurrency, rates] = useWatch({
    control,
    name: [fx?.currencyField ?? names.payable, fx?.ratesField ?? sale?.ratesField ?? names.payable],
  }) as [unknown, unknown]
  // A payable in another currency counts at its rate (the server rounds it once again on save).
  const rate =
    fx && typeof vendorCurrency === 'string' && vendorCurrency
      ? numberOrZero((rates as Record<string, unknown> | undefined)?.[vendorCurrency])
      : 1
  const payable = Math.round(typedPayable * rate * 100) / 100
  // A selling side in the customer's or agent's currency likewise (decision 137): the profit is rupees.
  const [saleCurrency] = useWatch({ control, name: [sale?.currencyField ?? names.receivable] }) as [unknown]
  const saleRate =
    sale && typeof saleCurrency === 'string' && saleCurrency
      ? numberOrZero((rates as Record<string, unknown> | undefined)?.[saleCurrency])
      : 1
  const profit = bookingProfit(Math.round(receivable * saleRate * 100) / 100, payable)
  return (
    <>
      <ReadOnlyField money label="Profit" value={profit === null ? '' : formatAmount(profit)} />
      <ReadOnlyField
        money
        unit={typeof saleCurrency === 'string' && saleCurrency ? saleCurrency : undefined}
        label="Remaining Amount"
        value={formatAmount(lessPaidLater(remainingAmount(receivable, cash, bank), paidLater))}
      />
    </>
  )
}

/** A side in its party's currency (issue 34: the payable's vendor, the sale's customer or agent): its fields and the rate's. */
export interface VendorSide {
  currencyField: string
  ratesField: string
  /** The currency and rate inputs, shown beside the vendor. */
  node: ReactNode
}

/** Form names of the payment step's fields; only Ticket has an agent. */
interface PaymentNames extends FigureNames {
  bankTitle: string
  vendor: string
  agent?: string
}

/** The Payment Details step of Ticket and Umrah, with the live profit and remaining. */
export const BookingPaymentFields = ({
  names,
  options,
  paidLater,
  fx,
  sale,
}: {
  names: PaymentNames
  options: ReturnType<typeof useBookingOptions>
  /** Received through Receive Payment since: the remaining shown is less by it. */
  paidLater?: number
  fx?: VendorSide
  /** The selling side in the agent's or customer's currency (decision 137). */
  sale?: VendorSide
}) => {
  // The receivable and what was paid are typed in the selling side's currency.
  const Amount = (props: { name: string; label: string; autoFocus?: boolean }) =>
    sale ? (
      <SideAmount currencyField={sale.currencyField} type="number" {...props} />
    ) : (
      <Field type="number" {...props} />
    )
  return (
    <>
      {Amount({ name: names.receivable, label: 'Total Receivable Amount', autoFocus: true })}
      {names.agent && (
        <NameSelect name={names.agent} label="Agent Name" kind="agent" placeholder="Select Agent Name" />
      )}
      {sale?.node}
      {Amount({ name: names.paidCash, label: 'Paid Cash' })}
      <Field
        name={names.bankTitle}
        label="Bank Title"
        type="select"
        options={options.banks}
        placeholder="Select Bank Title"
      />
      {Amount({ name: names.paidInBank, label: 'Paid In Bank' })}
      {fx ? (
        <SideAmount
          currencyField={fx.currencyField}
          name={names.payable}
          label="Payable To Vendor"
          type="number"
        />
      ) : (
        <Field name={names.payable} label="Payable To Vendor" type="number" />
      )}
      <NameSelect name={names.vendor} label="Vendor Name" kind="vender" placeholder="Select Vendor Name" />
      {fx?.node}
      <BookingFigures names={names} paidLater={paidLater} fx={fx} sale={sale} />
    </>
  )
}

/**
 * The bank select's options (customers, agents and vendors have their own pick-lists with
 * "+ Add": CustomerSelect, NameSelect).
 */
export const useBookingOptions = (current: { bank?: string | null }) => {
  const banks = useBankOptions(current.bank)
  return { banks: banks.options }
}

const count = (n: number, one: string, many: string) => (n > 0 ? `${n} ${n === 1 ? one : many}` : '')

/** "2 Adults, 1 Infant" for the lists. */
export const paxSummary = (adults: number, children: number, infants: number) =>
  [
    count(adults, 'Adult', 'Adults'),
    count(children, 'Child', 'Children'),
    count(infants, 'Infant', 'Infants'),
  ]
    .filter(Boolean)
    .join(', ')
