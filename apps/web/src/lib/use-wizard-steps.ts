import { useState } from 'react'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'

/** The step holding the first field with an error, so a failed submit shows it. */
export const firstErrorStep = (
  stepFields: readonly (readonly string[])[],
  invalid: (field: string) => boolean,
) => {
  const index = stepFields.findIndex((fields) => fields.some(invalid))
  return index === -1 ? null : index
}

/**
 * Step state for a Wizard on one react-hook-form. Moving back or sideways never checks anything;
 * moving forward checks the steps being left (their messages show at once) unless `checkOnNext` is
 * off (the part 1 bookings, which check only on submit). After a failed submit the wizard jumps to
 * the step holding the first error. Step fields are leaf names ('passport_detail.dob') or whole
 * objects/lists ('passport_detail').
 */
export const useWizardSteps = <V extends FieldValues, C, T extends FieldValues>(
  form: UseFormReturn<V, C, T>,
  stepFields: readonly (readonly string[])[],
  { checkOnNext = true }: { checkOnNext?: boolean } = {},
) => {
  const [step, setStep] = useState(0)

  const goTo = async (index: number) => {
    if (index < 0 || index >= stepFields.length || index === step) return
    if (checkOnNext && index > step) {
      const names = stepFields.slice(step, index).flat() as Path<V>[]
      for (const name of names) form.setValue(name, form.getValues(name), { shouldTouch: true })
      if (!(await form.trigger(names))) return
    }
    setStep(index)
  }

  const showFirstError = () => {
    // The live field state: the render's formState snapshot does not yet hold this submit's errors.
    const index = firstErrorStep(stepFields, (f) => form.getFieldState(f as Path<V>).invalid)
    if (index !== null) setStep(index)
  }

  return { step, goTo, showFirstError }
}
