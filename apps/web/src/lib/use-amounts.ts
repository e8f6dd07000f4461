import { numberOrZero } from '@booking/shared'
import { type Control, useWatch } from 'react-hook-form'

/**
 * The live numeric values of some form fields, for the read-only figures (remaining, profit)
 * that follow every keystroke; an empty or half-typed input counts as 0.
 */
export const useAmounts = (control: Control<any>, names: readonly string[]): number[] =>
  (useWatch({ control, name: [...names] }) as unknown[]).map(numberOrZero)
