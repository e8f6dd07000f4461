import { isIsoDate } from '@booking/shared'
import { useState } from 'react'
import { DateInput } from './date-input.tsx'

export interface DateRange {
  from: string
  to: string
}

/** A typed date is judged once it is complete (four-digit year) or the box is left. */
const looksComplete = (typed: string) =>
  /^\d{1,2}[/.-]\d{1,2}[/.-]\d{4}$|^\d{4}-\d{2}-\d{2}$/.test(typed.trim())

/** DateInput hands back yyyy-mm-dd for anything shaped dd/mm/yyyy; the message quotes it as typed. */
const asTyped = (value: string) => value.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3/$2/$1')

/** The message for a range, or null when it can be applied. */
export const rangeProblem = (
  from: string,
  to: string,
  judged: { from: boolean; to: boolean },
): string | null => {
  if (from && judged.from && !isIsoDate(from))
    return `From date "${asTyped(from)}" is not a date: use dd/mm/yyyy`
  if (to && judged.to && !isIsoDate(to)) return `To date "${asTyped(to)}" is not a date: use dd/mm/yyyy`
  if (isIsoDate(from) && isIsoDate(to) && from > to) return 'From date is after To date: nothing can match'
  return null
}

/**
 * From/To boxes for a list, ledger or the dashboard. Only a valid range reaches `onChange`; a
 * mistyped date or a From after To shows a message instead of silently showing nothing.
 */
export const DateRangeFilter = ({
  value,
  onChange,
}: {
  value: DateRange
  onChange: (range: DateRange) => void
}) => {
  const [typed, setTyped] = useState<DateRange>(value)
  const [left, setLeft] = useState({ from: false, to: false })
  const judged = {
    from: left.from || looksComplete(typed.from),
    to: left.to || looksComplete(typed.to),
  }
  const problem = rangeProblem(typed.from, typed.to, judged)

  const update = (key: keyof DateRange, iso: string) => {
    const next = { ...typed, [key]: iso }
    setTyped(next)
    const ok = (v: string) => v === '' || isIsoDate(v)
    if (ok(next.from) && ok(next.to) && !(next.from && next.to && next.from > next.to)) onChange(next)
  }

  const box = (key: keyof DateRange, label: string) => (
    <label className="w-36 text-sm text-slate-600">
      <span className="mb-1 block">{label}</span>
      <DateInput
        aria-label={`${label} date`}
        aria-invalid={problem?.startsWith(label) ? true : undefined}
        value={typed[key]}
        onChange={(v) => update(key, v)}
        onBlur={() => setLeft((l) => ({ ...l, [key]: true }))}
      />
    </label>
  )

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-end gap-2">
        {box('from', 'From')}
        {box('to', 'To')}
        {(typed.from || typed.to) && (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setTyped({ from: '', to: '' })
              setLeft({ from: false, to: false })
              onChange({ from: '', to: '' })
            }}
          >
            Clear
          </button>
        )}
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
    </div>
  )
}
