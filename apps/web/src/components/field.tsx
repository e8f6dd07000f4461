import { type FocusEvent, type ReactNode, useRef } from 'react'
import { get, useController, useFormContext } from 'react-hook-form'
import type { Option } from '../lib/select-options.ts'
import { DateInput } from './date-input.tsx'

interface FieldShellProps {
  id: string
  label: string
  error?: string
  children: ReactNode
  className?: string
  hint?: string
}

/** Label, control, and the error in red under it. */
export const FieldShell = ({ id, label, error, children, className = '', hint }: FieldShellProps) => (
  <div className={className}>
    <label htmlFor={id} className="label">
      {label}
    </label>
    {children}
    {hint && !error && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    {error && (
      <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
        {error}
      </p>
    )}
  </div>
)

/**
 * A field's message as the screen shows it: the spec's "{Field} is required" texts stay word for
 * word in the schemas and API, but some name another field than the label they sit under
 * ("Customer Address is required" under Customer, "Travel Date is required" under Depart Date),
 * so under a field a missing value is said with that field's own label.
 */
const NAMES_ANOTHER_FIELD = new Set(['Customer Address is required', 'Travel Date is required'])
export const shownMessage = (message: string, label: string) =>
  NAMES_ANOTHER_FIELD.has(message) && label ? `${label} is required` : message

interface FieldProps {
  name: string
  label: string
  type?: 'text' | 'number' | 'date' | 'email' | 'password' | 'select' | 'textarea'
  options?: readonly Option[]
  placeholder?: string
  readOnly?: boolean
  disabled?: boolean
  step?: string
  className?: string
  hint?: string
  autoFocus?: boolean
  /** Number fields are rupee amounts ("Rs" inside the box) unless this is false (counts). */
  money?: boolean
  /** The amount's currency when not rupees (a side kept in SAR shows "SAR" inside the box). */
  unit?: string
}

/**
 * A react-hook-form field inside a <FormProvider>. Its error shows once the field has been
 * touched or the form submitted, as the spec asks.
 */
export const Field = ({
  name,
  label,
  type = 'text',
  options,
  placeholder,
  readOnly,
  disabled,
  step,
  className,
  hint,
  autoFocus,
  money = type === 'number',
  unit,
}: FieldProps) => {
  const { register, formState, getFieldState } = useFormContext()
  const state = getFieldState(name, formState)
  // Focus the form put there (autoFocus) is not the user touching the field: leaving it for the
  // MRZ box above must not say "Title is required" before anything is typed (issue 23). Its blur
  // marks it touched only once the user has pressed a key or the pointer on it.
  const used = useRef(!autoFocus)
  const markUsed = used.current ? undefined : () => (used.current = true)
  const message =
    state.isTouched || formState.isSubmitted
      ? (get(formState.errors, name) as { message?: string } | undefined)?.message
      : undefined
  const shown = message && shownMessage(message, label)
  const id = `field-${name.replace(/\./g, '-')}`
  const common = {
    id,
    'aria-invalid': shown ? true : undefined,
    'aria-describedby': shown ? `${id}-error` : undefined,
    className: `input ${shown ? 'input-error' : ''}`,
    disabled,
    autoFocus,
    onPointerDown: markUsed,
    onKeyDown: markUsed,
    onInput: markUsed,
  }
  const registered = register(name)
  const field = {
    ...registered,
    onBlur: (e: FocusEvent<HTMLElement>) => (used.current ? registered.onBlur(e) : Promise.resolve()),
  }
  let control: ReactNode
  if (type === 'date') {
    control = <ControlledDate name={name} readOnly={readOnly} {...common} />
  } else if (type === 'select') {
    control = (
      <select {...common} {...field}>
        <option value="">{placeholder ?? `Select ${label}`}</option>
        {options?.map((o) => {
          const value = typeof o === 'string' ? o : o.value
          return (
            <option key={value} value={value}>
              {typeof o === 'string' ? o : o.label}
            </option>
          )
        })}
      </select>
    )
  } else if (type === 'textarea') {
    control = <textarea rows={3} placeholder={placeholder} readOnly={readOnly} {...common} {...field} />
  } else {
    control = (
      <input
        type={type}
        step={step ?? (type === 'number' ? 'any' : undefined)}
        placeholder={placeholder}
        readOnly={readOnly}
        tabIndex={readOnly ? -1 : undefined}
        {...common}
        className={`${common.className} ${money ? (unit && unit !== 'PKR' ? 'pl-12' : 'pl-10') : ''}`}
        {...field}
      />
    )
    if (money) control = <WithCurrency unit={unit}>{control}</WithCurrency>
  }
  return (
    <FieldShell id={id} label={label} error={shown} className={className} hint={hint}>
      {control}
    </FieldShell>
  )
}

/** The dd/mm/yyyy box bound to the form; the form value stays yyyy-mm-dd. */
const ControlledDate = ({
  name,
  ...props
}: {
  name: string
  id: string
  className: string
  disabled?: boolean
  readOnly?: boolean
  autoFocus?: boolean
}) => {
  const { field } = useController({ name })
  return (
    <DateInput
      {...props}
      name={field.name}
      inputRef={field.ref}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  )
}

/** A read-only figure (entry, employee, computed amounts) that is not a form input. */
/** The currency label inside an amount box (the box needs `pl-10` to make room for it). */
const WithCurrency = ({ children, unit }: { children: ReactNode; unit?: string }) => (
  <div className="relative">
    <span
      className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-slate-500"
      aria-hidden
    >
      {unit && unit !== 'PKR' ? unit : 'Rs'}
    </span>
    {children}
  </div>
)

export const ReadOnlyField = ({
  label,
  value,
  className,
  disabled,
  error,
  money = false,
  unit,
}: {
  label: string
  value: ReactNode
  className?: string
  disabled?: boolean
  /** A computed amount: shows the currency label like the amount boxes around it. */
  money?: boolean
  /** The amount's currency when not rupees ("SAR"). */
  unit?: string
  /** Shown under the figure, e.g. a computed amount that must not go negative. */
  error?: string
}) => {
  const id = `ro-${label.toLowerCase().replace(/\W+/g, '-')}`
  const box = (
    <input
      id={id}
      className={`${error ? 'input input-error' : 'input'} ${money ? (unit && unit !== 'PKR' ? 'pl-12' : 'pl-10') : ''}`}
      readOnly
      disabled={disabled}
      tabIndex={-1}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      value={String(value ?? '')}
    />
  )
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      {money ? <WithCurrency unit={unit}>{box}</WithCurrency> : box}
    </FieldShell>
  )
}
