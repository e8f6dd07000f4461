import { bankTitle } from '@booking/shared'
import { useBanks, useNames } from './records.ts'

/** A select's options plus the record's current value, so an edit never loses a name no longer offered. */
export const withCurrent = (options: readonly string[], current: string | null | undefined) =>
  current && !options.includes(current) ? [current, ...options] : [...options]

/** Options and placeholder of a vendor-name select: 'Loading...' until the names are in. */
export const useVendorSelect = (current: string | null | undefined, placeholder = 'Select Vendor Name') => {
  const vendors = useNames('vender')
  return {
    options: withCurrent(vendors.data ?? [], current),
    placeholder: vendors.isPending ? 'Loading...' : placeholder,
  }
}

/**
 * Options of a bank select: the active office accounts, each shown as `label(name)` (the plain
 * name, or a form's own title such as GAMCA's "United Bank (holder ...)"), plus the record's
 * stored value so an edit never loses a bank that was deactivated or renamed since.
 */
export const useBankOptions = (
  current: string | null | undefined,
  label: (name: string) => string = (name) => name,
  placeholder = 'Select Bank Title',
) => {
  const banks = useBanks()
  const active = (banks.data ?? []).filter((b) => b.active).map((b) => label(b.name))
  return {
    options: withCurrent([...new Set(active)], current),
    placeholder: banks.isPending ? 'Loading...' : placeholder,
  }
}

/** Customer Refund and NAVTCC name banks in capitals, e.g. "UNITED BANK (Account 1)". */
export const useBankTitleSelect = (current: string | undefined) => useBankOptions(current, bankTitle)
