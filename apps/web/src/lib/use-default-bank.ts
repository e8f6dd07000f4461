import { useEffect } from 'react'
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form'
import { useAgency } from './agency.ts'

/**
 * A new record's required bank field starts at the agency's default bank (Settings), so a
 * cash-only record needs no placeholder typed (issue 23, decision 049). `label` turns the bank's
 * name into the field's own form (GAMCA's "United Bank (holder Ali)"); null leaves the field alone.
 */
export const useDefaultBank = <V extends FieldValues, C, T extends FieldValues>(
  form: UseFormReturn<V, C, T>,
  field: string,
  label: ((bankName: string) => string) | null,
) => {
  const bank = useAgency().data?.default_bank ?? ''
  useEffect(() => {
    if (!label || !bank || form.getValues(field as Path<V>)) return
    form.setValue(field as Path<V>, label(bank) as PathValue<V, Path<V>>, { shouldDirty: false })
  }, [bank, field, form, label])
}
