import { numberOrZero } from '@booking/shared'
import { type Control, type FieldValues, type Path, useWatch } from 'react-hook-form'

/**
 * The live numeric values of some form fields, for the read-only figures (remaining, profit)
 * that follow every keystroke; an empty or half-typed input counts as 0.
 */
export const useAmounts = <V extends FieldValues>(control: Control<V>, names: readonly string[]): number[] =>
  (useWatch({ control, name: [...names] as Path<V>[] }) as unknown[]).map(numberOrZero)
