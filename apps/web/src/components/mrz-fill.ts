import { formatDate, type MrzFields, mrzPassenger, todayIso } from '@booking/shared'
import type { FieldValues, UseFormSetValue } from 'react-hook-form'
import { toast } from 'sonner'

/** Fills one passenger block from a read MRZ (the title is not in it) and says so. */
export const fillPassenger = (setValue: UseFormSetValue<FieldValues>, name: string, fields: MrzFields) => {
  for (const [field, value] of Object.entries(mrzPassenger(fields)))
    setValue(`${name}.${field}`, value, { shouldDirty: true, shouldValidate: true })
  toast.success(`Passport details filled for ${fields.givenNames} ${fields.surname}`.trim())
  if (fields.expiryDate < todayIso())
    toast.warning(`This passport expired on ${formatDate(fields.expiryDate)}`)
}
