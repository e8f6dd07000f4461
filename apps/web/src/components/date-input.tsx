import { dateInputToIso, formatDate, isIsoDate } from '@booking/shared/date-text'
import { CalendarDays } from 'lucide-react'
import { type InputHTMLAttributes, type Ref, useEffect, useRef, useState } from 'react'

interface DateInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'ref'> {
  /** yyyy-mm-dd (or '' / what was typed when it is not a date yet). */
  value: string
  onChange: (iso: string) => void
  inputRef?: Ref<HTMLInputElement>
}

const display = (value: string) => formatDate(value) || value

/**
 * A date box that always reads dd/mm/yyyy, whatever the browser's language (a native date input
 * follows the browser's locale, which is often en-US on office PCs). Typing dd/mm/yyyy or
 * yyyy-mm-dd works; the calendar button opens the browser's own picker. The value stays yyyy-mm-dd.
 */
export const DateInput = ({
  value,
  onChange,
  onBlur,
  inputRef,
  className,
  disabled,
  readOnly,
  ...rest
}: DateInputProps) => {
  const [text, setText] = useState(() => display(value))
  const picker = useRef<HTMLInputElement>(null)

  // A new value from outside (form reset, picker, edit record) replaces what is shown.
  useEffect(() => {
    if (dateInputToIso(text) !== value) setText(display(value))
  }, [value])

  return (
    <div className="relative">
      <input
        {...rest}
        ref={inputRef}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd/mm/yyyy"
        className={`${className ?? 'input'} pr-10`}
        disabled={disabled}
        readOnly={readOnly}
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          onChange(dateInputToIso(e.target.value))
        }}
        onBlur={(e) => {
          const iso = dateInputToIso(text)
          if (isIsoDate(iso)) setText(formatDate(iso))
          onBlur?.(e)
        }}
      />
      {!disabled && !readOnly && (
        <button
          type="button"
          tabIndex={-1}
          aria-label="Open calendar"
          className="absolute right-1 top-1/2 -translate-y-1/2 rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => picker.current?.showPicker?.()}
        >
          <CalendarDays className="h-4 w-4" aria-hidden />
        </button>
      )}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        className="pointer-events-none absolute bottom-0 right-0 h-px w-px opacity-0"
        value={isIsoDate(value) ? value : ''}
        onChange={(e) => {
          setText(display(e.target.value))
          onChange(e.target.value)
        }}
      />
    </div>
  )
}

/**
 * A report form's From and To boxes (statements, reports, exchange differences): half the row each
 * on a phone, so both fit beside each other at 375 px; 10rem each on a wider screen.
 */
export const FromToDates = ({
  from,
  to,
  onFrom,
  onTo,
}: {
  from: string
  to: string
  onFrom: (iso: string) => void
  onTo: (iso: string) => void
}) => (
  <>
    <label className="w-[calc(50%-0.375rem)] sm:w-40">
      <span className="label">From</span>
      <DateInput value={from} onChange={onFrom} />
    </label>
    <label className="w-[calc(50%-0.375rem)] sm:w-40">
      <span className="label">To</span>
      <DateInput value={to} onChange={onTo} />
    </label>
  </>
)
