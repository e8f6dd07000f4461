import { Minus, Plus, Users } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useFormContext } from 'react-hook-form'
import { useAmounts } from '../../lib/use-amounts.ts'

const BANDS = [
  { name: 'adults', label: 'Adults', ages: '12+ years' },
  { name: 'children', label: 'Children', ages: '2–12 years' },
  { name: 'infants', label: 'Infants', ages: 'Under 2 years' },
] as const

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The passenger-count dropdown: adults, children and infants counters (never below 0) and Done. */
export const PassengerCounts = () => {
  const { control, setValue } = useFormContext()
  const counts = useAmounts(control, ['adults', 'children', 'infants'])
  const [open, setOpen] = useState(false)
  const panel = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false)
        toggle.current?.focus()
      }
    }
    const onClick = (e: MouseEvent) => {
      const target = e.target as Node
      if (!panel.current?.contains(target) && !toggle.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('mousedown', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('mousedown', onClick)
    }
  }, [open])

  const change = (name: string, value: number) =>
    setValue(name, Math.max(0, value), { shouldDirty: true, shouldTouch: true, shouldValidate: true })

  const summary = [
    plural(counts[0], 'Adult', 'Adults'),
    plural(counts[1], 'Child', 'Children'),
    plural(counts[2], 'Infant', 'Infants'),
  ].join(', ')

  return (
    <div className="relative md:col-span-2">
      <span className="label" id="passenger-counts-label">
        Passengers
      </span>
      <button
        ref={toggle}
        type="button"
        className="input flex items-center justify-between gap-2 text-left"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby="passenger-counts-label passenger-counts-summary"
        onClick={() => setOpen((o) => !o)}
      >
        <span id="passenger-counts-summary">{summary}</span>
        <Users className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
      </button>
      {open && (
        <div
          ref={panel}
          role="dialog"
          aria-label="Passenger counts"
          className="absolute z-20 mt-1 w-full max-w-sm rounded-lg border border-slate-200 bg-white p-4 shadow-lg"
        >
          <ul className="space-y-3">
            {BANDS.map((band, i) => (
              <li key={band.name} className="flex items-center justify-between gap-3">
                <div>
                  <p className="font-medium text-slate-800">{band.label}</p>
                  <p className="text-xs text-slate-500">{band.ages}</p>
                </div>
                <div className="flex items-center gap-2">
                  <button
                    type="button"
                    className="icon-btn border border-slate-300"
                    aria-label={`Remove one of ${band.label}`}
                    disabled={counts[i] === 0}
                    onClick={() => change(band.name, counts[i] - 1)}
                  >
                    <Minus className="h-4 w-4" />
                  </button>
                  <output className="w-6 text-center tabular-nums" aria-label={band.label}>
                    {counts[i]}
                  </output>
                  <button
                    type="button"
                    className="icon-btn border border-slate-300"
                    aria-label={`Add one to ${band.label}`}
                    onClick={() => change(band.name, counts[i] + 1)}
                  >
                    <Plus className="h-4 w-4" />
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex justify-end">
            <button
              type="button"
              className="btn-primary"
              onClick={() => {
                setOpen(false)
                toggle.current?.focus()
              }}
            >
              Done
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
