import type { FormStep } from '@booking/shared'
import { type BaseSyntheticEvent, Fragment, type ReactNode } from 'react'
import { type FieldValues, FormProvider, get, type UseFormReturn } from 'react-hook-form'
import type { CreditAsk, ExpiredConfirm } from '../lib/use-record-form.ts'
import { useWizardSteps } from '../lib/use-wizard-steps.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { FormCard } from './form-card.tsx'
import { ReasonDialog } from './reason-dialog.tsx'
import { Wizard } from './wizard.tsx'

/** What useRecordForm answers: the form, its save and the general error line. */
export interface RecordFormState<V extends FieldValues = FieldValues, T extends FieldValues = V> {
  form: UseFormReturn<V, unknown, T>
  submit: (e?: BaseSyntheticEvent) => Promise<void>
  busy: boolean
  error: string | null
  expiredConfirm?: ExpiredConfirm | null
  creditAsk?: CreditAsk | null
}

/** "Passport expired on 01/05/2012. Save anyway?" before the record is sent again with the confirmation. */
const ExpiredPassportDialog = ({ ask }: { ask: ExpiredConfirm | null | undefined }) => (
  <ConfirmDialog
    open={Boolean(ask)}
    title="Expired passport"
    message={ask?.message ?? ''}
    confirmLabel="Save anyway"
    busyLabel="Saving..."
    onCancel={() => ask?.cancel()}
    onConfirm={() => ask?.confirm()}
  />
)

/** A sale past a credit limit: an admin's reason to save it anyway, or an employee's "Send for approval". */
const CreditDialog = ({ ask }: { ask: CreditAsk | null | undefined }) =>
  ask?.mode === 'approval' ? (
    <ReasonDialog
      open
      title="Send for approval"
      message={`${ask.message}. An admin can approve this sale; it is kept exactly as you typed it until then.`}
      label="Note for the admin (optional)"
      confirmLabel="Send for approval"
      busyLabel="Sending..."
      onCancel={ask.cancel}
      onConfirm={ask.send}
    />
  ) : (
    <ReasonDialog
      open={Boolean(ask)}
      title="Past the credit limit"
      message={`${ask?.message ?? ''}. Save it anyway? The reason is kept in the history.`}
      label="Reason for saving it anyway"
      required="Reason is required"
      confirmLabel="Save anyway"
      busyLabel="Saving..."
      onCancel={() => ask?.cancel()}
      onConfirm={(reason) => ask?.send(reason) ?? Promise.resolve()}
    />
  )

interface Common<V extends FieldValues, T extends FieldValues> {
  title: string
  recordForm: RecordFormState<V, T>
  /** Update instead of Submit. */
  editing: boolean
  onCancel: () => void
}

/** A one-page record form (FormCard) on its useRecordForm. */
export const RecordFormCard = <V extends FieldValues, T extends FieldValues>({
  title,
  recordForm: { form, submit, busy, error, expiredConfirm, creditAsk },
  ...rest
}: Common<V, T> & { children: ReactNode }) => (
  <FormProvider {...form}>
    <FormCard title={title} onSubmit={submit} busy={busy} error={error} {...rest} />
    <ExpiredPassportDialog ask={expiredConfirm} />
    <CreditDialog ask={creditAsk} />
  </FormProvider>
)

interface RecordWizardProps<V extends FieldValues, T extends FieldValues> extends Common<V, T> {
  /** The record's form steps (its RecordSpec's `formSteps`): titles, and the fields each Next checks. */
  steps: readonly FormStep[]
  /** Off for the forms checked only on submit (see useWizardSteps). */
  checkOnNext?: boolean
  /** One entry per step; only the current step's renders. */
  children: readonly ReactNode[]
}

/**
 * A record wizard on its useRecordForm, with the step state of useWizardSteps; a failed submit
 * jumps to the step with the first error.
 */
export const RecordWizard = <V extends FieldValues, T extends FieldValues>({
  title,
  steps,
  checkOnNext,
  children,
  recordForm: { form, submit, busy, error, expiredConfirm, creditAsk },
  ...rest
}: RecordWizardProps<V, T>) => {
  const stepFields = steps.map((s) => s.fields)
  const wizard = useWizardSteps(form, stepFields, { checkOnNext })
  const { errors } = form.formState
  const invalid = stepFields.map((fields) => fields.some((f) => get(errors, f) !== undefined))
  return (
    <FormProvider {...form}>
      <Wizard
        title={title}
        steps={steps.map((s) => s.title)}
        current={wizard.step}
        onStepChange={wizard.goTo}
        onSubmit={(e) => submit(e).then(wizard.showFirstError)}
        busy={busy}
        error={error}
        invalid={invalid}
        {...rest}
      >
        {/* Keyed by step so a step's fields mount fresh (autoFocus, no input reused from another step). */}
        <Fragment key={wizard.step}>{children[wizard.step]}</Fragment>
      </Wizard>
      <ExpiredPassportDialog ask={expiredConfirm} />
      <CreditDialog ask={creditAsk} />
    </FormProvider>
  )
}
