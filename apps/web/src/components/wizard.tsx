import { AlertTriangle, Check } from 'lucide-react'
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react'
import { useSaveLabel } from './form-card.tsx'
import { keepFocus } from './keep-focus.ts'

export type StepState = 'done' | 'active' | 'pending' | 'invalid'

/** An earlier step whose fields hold errors is never shown as done. */
export const stepState = (index: number, current: number, invalid = false): StepState =>
  index === current ? 'active' : invalid ? 'invalid' : index < current ? 'done' : 'pending'

interface StepIndicatorsProps {
  steps: readonly string[]
  current: number
  onStep: (index: number) => void
  invalid?: readonly boolean[]
}

/** Clickable step indicators: done (earlier), active (current), pending (later). */
const StepIndicators = ({ steps, current, onStep, invalid }: StepIndicatorsProps) => (
  <ol className="mb-6 flex flex-wrap items-center gap-2 sm:gap-3">
    {steps.map((label, i) => {
      const state = stepState(i, current, invalid?.[i])
      const circle =
        state === 'done'
          ? 'bg-green-600 text-white border-green-600'
          : state === 'invalid'
            ? 'bg-white text-red-600 border-red-600'
            : state === 'active'
              ? 'bg-blue-600 text-white border-blue-600'
              : 'bg-white text-slate-500 border-slate-300'
      return (
        <li key={label} className="flex items-center gap-2 sm:gap-3">
          <button
            type="button"
            onMouseDown={keepFocus}
            onClick={() => onStep(i)}
            data-state={state}
            aria-current={state === 'active' ? 'step' : undefined}
            aria-label={state === 'invalid' ? `${label} (has errors)` : undefined}
            className="flex items-center gap-2 rounded-md p-1 text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
          >
            <span
              className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold ${circle}`}
            >
              {state === 'done' ? (
                <Check className="h-4 w-4" aria-hidden />
              ) : state === 'invalid' ? (
                <AlertTriangle className="h-4 w-4" aria-hidden />
              ) : (
                i + 1
              )}
            </span>
            <span
              className={`text-sm font-medium ${state === 'pending' ? 'text-slate-500' : 'text-slate-800'}`}
            >
              {label}
            </span>
          </button>
          {i < steps.length - 1 && <span className="hidden h-px w-8 bg-slate-300 sm:block" aria-hidden />}
        </li>
      )
    })}
  </ol>
)

interface WizardProps {
  title: string
  steps: readonly string[]
  current: number
  onStepChange: (index: number) => void
  /** Runs on the last step only; Enter on an earlier step moves to the next one. */
  onSubmit: (e: FormEvent<HTMLFormElement>) => void
  onCancel: () => void
  editing: boolean
  busy?: boolean
  error?: string | null
  /** Per step: its fields hold errors (shown in red instead of done). */
  invalid?: readonly boolean[]
  children: ReactNode
}

/** A multi-step form: indicators, the current step's fields, Back/Next/Cancel and Submit (or Update) on the last step. */
export const Wizard = ({
  title,
  steps,
  current,
  onStepChange,
  onSubmit,
  onCancel,
  editing,
  busy,
  error,
  invalid,
  children,
}: WizardProps) => {
  const saveLabel = useSaveLabel(editing, busy)
  const last = current === steps.length - 1
  const fields = useRef<HTMLDivElement>(null)
  const shown = useRef(current)
  // After Next or Back the new step's first field takes the focus (issue 23.7), not the button
  // that vanished with the old step (which sent the focus to the top of the page).
  useEffect(() => {
    if (shown.current === current) return
    shown.current = current
    fields.current
      ?.querySelector<HTMLElement>(
        'input:not([type="hidden"]):not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled])',
      )
      ?.focus()
  }, [current])
  const handle = (e: FormEvent<HTMLFormElement>) => {
    if (!last) {
      e.preventDefault()
      onStepChange(current + 1)
      return
    }
    onSubmit(e)
  }
  return (
    <form onSubmit={handle} noValidate className="card p-4 sm:p-6">
      <h1 className="mb-4 text-lg font-semibold uppercase tracking-wide text-slate-900">{title}</h1>
      <StepIndicators steps={steps} current={current} onStep={onStepChange} invalid={invalid} />
      <div ref={fields} className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {children}
      </div>
      {error && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-between gap-2 border-t border-slate-200 pt-4">
        <button
          type="button"
          className="btn-secondary"
          onMouseDown={keepFocus}
          onClick={() => onStepChange(current - 1)}
          disabled={current === 0}
        >
          Back
        </button>
        <div className="flex gap-2">
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Cancel
          </button>
          {last ? (
            <button
              key="submit"
              type="submit"
              className="btn-primary"
              disabled={busy}
              onMouseDown={keepFocus}
            >
              {saveLabel}
            </button>
          ) : (
            <button key="next" type="submit" className="btn-primary" onMouseDown={keepFocus}>
              Next
            </button>
          )}
        </div>
      </div>
    </form>
  )
}
