import type { BaseSyntheticEvent, ReactNode } from 'react'
import { FormProvider, type UseFormReturn } from 'react-hook-form'
import type { WizardSteps } from '../lib/use-wizard-steps.ts'
import { FormCard } from './form-card.tsx'
import { Wizard } from './wizard.tsx'

/** What useRecordForm answers: the form, its save and the general error line. */
export interface RecordFormState {
  form: UseFormReturn<any, any, any>
  submit: (e?: BaseSyntheticEvent) => Promise<void>
  busy: boolean
  error: string | null
}

interface Common {
  title: string
  recordForm: RecordFormState
  /** Update instead of Submit. */
  editing: boolean
  onCancel: () => void
  children: ReactNode
}

/** A one-page record form (FormCard) on its useRecordForm. */
export const RecordFormCard = ({ title, recordForm: { form, submit, busy, error }, ...rest }: Common) => (
  <FormProvider {...form}>
    <FormCard title={title} onSubmit={submit} busy={busy} error={error} {...rest} />
  </FormProvider>
)

/**
 * A record wizard on its useRecordForm and useWizardSteps: the parent renders the current step's
 * fields (`wizard.step`); a failed submit jumps to the step with the first error.
 */
export const RecordWizard = ({
  title,
  steps,
  wizard,
  recordForm: { form, submit, busy, error },
  ...rest
}: Common & { steps: readonly string[]; wizard: WizardSteps }) => (
  <FormProvider {...form}>
    <Wizard
      title={title}
      steps={steps}
      current={wizard.step}
      onStepChange={wizard.goTo}
      onSubmit={(e) => submit(e).then(wizard.showFirstError)}
      busy={busy}
      error={error}
      {...rest}
    />
  </FormProvider>
)
