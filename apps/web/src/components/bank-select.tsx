import type { Option } from '../lib/select-options.ts'
import { useBankOptions } from '../lib/select-options.ts'
import { Field } from './field.tsx'

interface BankSelectProps {
  /** The form field, usually `bank_title`. */
  name: string
  label?: string
  /** The record's stored value, kept selectable on edit. */
  current?: string | null
  /** Vendor payments: "Cash" (the value the server reads as office cash) before the banks. */
  cash?: string
  placeholder?: string
  hint?: string
  className?: string
}

/**
 * A bank from the banks table (Office Accounts) for a form's `bank_title`: the value is the
 * bank's own name. Whether it is required (only when the form's bank amount is above 0) is the
 * shared schema's rule, so the message shows like any other field's.
 */
export const BankSelect = ({
  name,
  label = 'Bank Title',
  current,
  cash,
  placeholder,
  hint,
  className,
}: BankSelectProps) => {
  const banks = useBankOptions(current === cash ? undefined : current, undefined, placeholder)
  const options: Option[] = cash ? [{ value: cash, label: cash }, ...banks.options] : banks.options
  return (
    <Field
      name={name}
      label={label}
      type="select"
      options={options}
      placeholder={banks.placeholder}
      hint={hint}
      className={className}
    />
  )
}
