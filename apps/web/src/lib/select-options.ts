import { bankTitle, namesBank } from '@booking/shared'
import { useBanks, useNames } from './records.ts'

/** A choice of a select: its value, or a value shown with another label. */
export type Option = string | { value: string; label: string }

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
 * Options of a bank select: the active office accounts, each shown by the bank's own name (one
 * display everywhere) while the value keeps the shape the spec stores for that form (the plain
 * name, GAMCA's "United Bank (holder ...)", NAVTCC's "UNITED BANK (Account 1)"), plus the
 * record's stored value so an edit never loses a bank that was deactivated or renamed since.
 */
export const useBankOptions = (
  current: string | null | undefined,
  label: (name: string) => string = (name) => name,
  placeholder = 'Select Bank Title',
) => {
  const banks = useBanks()
  const options: Option[] = []
  const seen = new Set<string>()
  for (const b of (banks.data ?? []).filter((b) => b.active)) {
    const value = label(b.name)
    if (seen.has(value)) continue
    seen.add(value)
    options.push({ value, label: b.name })
  }
  const stored = current ? bankDisplayName(banks.data ?? [], current) : ''
  if (current && !seen.has(current)) options.unshift({ value: current, label: stored })
  return { options, placeholder: banks.isPending ? 'Loading...' : placeholder }
}

/** The bank's own name for a stored bank text of any form's shape; unknown text stays as it is. */
export const bankDisplayName = (banks: readonly { name: string }[], stored: string) => {
  for (const b of banks) {
    if (namesBank(b.name, stored)) return b.name
  }
  return stored
}

/** Customer Refund and NAVTCC name banks in capitals, e.g. "UNITED BANK (Account 1)". */
export const useBankTitleSelect = (current: string | undefined) => useBankOptions(current, bankTitle)
