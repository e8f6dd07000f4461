import { useState } from 'react'
import { type FieldValues, get, type UseFormReturn } from 'react-hook-form'

/**
 * Step state for a Wizard on one react-hook-form: moving forward checks the steps being left
 * (their messages show at once), moving back or sideways never does, and after a failed submit the
 * wizard jumps to the step holding the first error. Step fields are leaf names ('passport_detail.dob').
 */
export const useWizardSteps = <V extends FieldValues>(
  form: UseFormReturn<V, any, any>,
  stepFields: readonly (readonly string[])[],
) => {
  const [step, setStep] = useState(0)

  const goTo = async (index: number) => {
    if (index < 0 || index >= stepFields.length || index === step) return
    if (index > step) {
      const names = stepFields.slice(step, index).flat() as any[]
      for (const name of names) form.setValue(name, form.getValues(name), { shouldTouch: true })
      if (!(await form.trigger(names))) return
    }
    setStep(index)
  }

  const showFirstError = () => {
    const errors = form.formState.errors
    const index = stepFields.findIndex((fields) => fields.some((f) => get(errors, f)))
    if (index !== -1) setStep(index)
  }

  return { step, goTo, showFirstError }
}
