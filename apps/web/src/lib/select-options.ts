import { bankTitleOptions } from '@booking/shared'
import { useBanks, useCustomers, useNames } from './records.ts'

/** A select's options plus the record's current value, so an edit never loses a name no longer offered. */
export const withCurrent = (options: readonly string[], current: string | null | undefined) =>
  current && !options.includes(current) ? [current, ...options] : [...options]

/** Customer names for a customer select, keeping the record's own customer. */
export const useCustomerNames = (current: string | null | undefined) => {
  const customers = useCustomers()
  return withCurrent([...new Set((customers.data ?? []).map((c) => c.name).filter(Boolean))], current)
}

/** Options and placeholder of a vendor-name select: 'Loading...' until the names are in. */
export const useVendorSelect = (current: string | null | undefined, placeholder = 'Select Vendor Name') => {
  const vendors = useNames('vender')
  return {
    options: withCurrent(vendors.data ?? [], current),
    placeholder: vendors.isPending ? 'Loading...' : placeholder,
  }
}

/** Options and placeholder of a customer-facing bank title select (Customer Refund, NAVTCC). */
export const useBankTitleSelect = (current: string | undefined) => {
  const banks = useBanks()
  return {
    options: bankTitleOptions(banks.data ?? [], current),
    placeholder: banks.isPending ? 'Loading...' : 'Select Bank Title',
  }
}
