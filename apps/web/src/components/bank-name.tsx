import { useBanks } from '../lib/records.ts'
import { bankDisplayName } from '../lib/select-options.ts'

/** A stored bank text shown by the bank's own name, whatever shape its form stores. */
export const BankName = ({ stored }: { stored: string | null | undefined }) => {
  const banks = useBanks()
  if (!stored) return null
  return <>{bankDisplayName(banks.data ?? [], stored)}</>
}
