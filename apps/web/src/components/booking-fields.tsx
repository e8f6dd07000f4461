import { bookingProfit, formatAmount, numberOrZero, remainingAmount } from '@booking/shared'
import { useFormContext, useWatch } from 'react-hook-form'
import { useBanks, useCustomers, useNames } from '../lib/records.ts'
import { ReadOnlyField } from './field.tsx'

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
export const BookingFigures = ({ names }: { names: FigureNames }) => {
  const { control } = useFormContext()
  const [receivable, cash, bank, payable] = useWatch({
    control,
    name: [names.receivable, names.paidCash, names.paidInBank, names.payable],
  }).map(numberOrZero)
  const profit = bookingProfit(receivable, payable)
  return (
    <>
      <ReadOnlyField label="Profit" value={profit === null ? '' : formatAmount(profit)} />
      <ReadOnlyField label="Remaining Amount" value={formatAmount(remainingAmount(receivable, cash, bank))} />
    </>
  )
}

/** A select's options plus the record's current value, so an edit never loses a name no longer offered. */
const withCurrent = (options: readonly string[], current: string | null | undefined) =>
  current && !options.includes(current) ? [current, ...options] : [...options]

/** The option lists of the booking selects: customers, active banks, agent and vendor names. */
export const useBookingOptions = (current: {
  customer?: string | null
  bank?: string | null
  agent?: string | null
  vendor?: string | null
}) => {
  const customers = useCustomers()
  const banks = useBanks()
  const agents = useNames('agent')
  const vendors = useNames('vender')
  const unique = (names: string[]) => [...new Set(names.filter(Boolean))]
  return {
    customers: withCurrent(unique((customers.data ?? []).map((c) => c.name)), current.customer),
    banks: withCurrent(
      (banks.data ?? []).filter((b) => b.active).map((b) => b.name),
      current.bank,
    ),
    agents: withCurrent(agents.data ?? [], current.agent),
    vendors: withCurrent(vendors.data ?? [], current.vendor),
  }
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
