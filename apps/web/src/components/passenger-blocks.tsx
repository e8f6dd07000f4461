import { blankPassenger, PASSENGER_REQUIRED } from '@booking/shared'
import { useEffect } from 'react'
import { get, useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { useAmounts } from '../lib/use-amounts.ts'
import { SinglePassengerFields } from './single-passenger-fields.tsx'

interface PassengerBlocksProps {
  /** Form path of the passenger list, e.g. 'passport_detail' (Ticket) or 'passportDetail' (Umrah). */
  name: string
  documentTypes?: readonly string[]
}

/**
 * One "Passenger N Details" block per person counted: the list always has adults + children +
 * infants blocks (Ticket, and Umrah since decision 048), each the shared passenger fields.
 */
export const PassengerBlocks = ({ name, documentTypes }: PassengerBlocksProps) => {
  const { control, formState, getValues, setValue } = useFormContext()
  const { fields, append, remove } = useFieldArray({ control, name })
  // Nationality and issue country are nearly always the first passenger's (a family, an Umrah
  // group): every other block that has none yet takes them (issue 37); MRZ or typing overrides.
  const [nationality, issueCountry] = useWatch({
    control,
    name: [`${name}.0.nationality`, `${name}.0.issueCountry`],
  }) as [string | undefined, string | undefined]
  const total = useAmounts(control, ['adults', 'children', 'infants']).reduce(
    (sum, n) => sum + Math.max(0, n),
    0,
  )
  useEffect(() => {
    // No focus jump into the new block: leaving it untouched would say "Title is required"
    // before anything was typed (issue 23).
    if (fields.length < total)
      append(Array.from({ length: total - fields.length }, blankPassenger), { shouldFocus: false })
    else if (fields.length > total) remove(Array.from({ length: fields.length - total }, (_, i) => total + i))
  }, [total, fields.length, append, remove])

  useEffect(() => {
    for (let i = 1; i < fields.length; i++)
      for (const [key, value] of [
        ['nationality', nationality],
        ['issueCountry', issueCountry],
      ] as const) {
        const path = `${name}.${i}.${key}`
        if (value?.trim() && !String(getValues(path) ?? '').trim())
          setValue(path, value, { shouldDirty: true, shouldValidate: false })
      }
  }, [nationality, issueCountry, fields.length, name, getValues, setValue])

  const listError = get(formState.errors, name) as
    | { message?: string; root?: { message?: string } }
    | undefined
  const message = listError?.message ?? listError?.root?.message
  return (
    <>
      {fields.length === 0 && (
        <p className="text-sm text-slate-500 md:col-span-2">
          Choose the number of passengers above to enter their details.
        </p>
      )}
      {message && (
        <p role="alert" className="text-sm text-red-600 md:col-span-2">
          {message === PASSENGER_REQUIRED
            ? 'At least one passenger detail is required if passenger count is greater than 0'
            : message}
        </p>
      )}
      {fields.map((f, i) => (
        <fieldset
          key={f.id}
          aria-label={`Passenger ${i + 1} Details`}
          className="grid grid-cols-1 gap-4 rounded-lg border border-slate-200 p-4 md:col-span-2 md:grid-cols-2"
        >
          <legend className="px-1 font-semibold text-slate-800">{`Passenger ${i + 1} Details`}</legend>
          <SinglePassengerFields name={`${name}.${i}`} documentTypes={documentTypes} autoFocus={false} />
        </fieldset>
      ))}
    </>
  )
}
