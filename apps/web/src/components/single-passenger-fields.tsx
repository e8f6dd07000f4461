import { DOCUMENT_TYPES, TITLES } from '@booking/shared'
import { Field } from './field.tsx'
import { MrzPaste } from './mrz-paste.tsx'

interface SinglePassengerFieldsProps {
  /** Form path of the passenger object, e.g. 'passport_detail'. */
  name: string
  documentTypes?: readonly string[]
  /** Off when several passenger blocks are on one step (Ticket). */
  autoFocus?: boolean
}

/** The nine passenger fields of one traveller (Visa and GAMCA "Passport Details" steps). */
export const SinglePassengerFields = ({
  name,
  documentTypes = DOCUMENT_TYPES,
  autoFocus = true,
}: SinglePassengerFieldsProps) => (
  <>
    <MrzPaste name={name} />
    <Field name={`${name}.title`} label="Title" type="select" options={TITLES} autoFocus={autoFocus} />
    <Field name={`${name}.firstName`} label="First Name" />
    <Field name={`${name}.lastName`} label="Last Name" />
    <Field name={`${name}.dob`} label="Date of Birth" type="date" />
    <Field name={`${name}.nationality`} label="Nationality" />
    <Field
      name={`${name}.documentType`}
      label="Document Type"
      type="select"
      options={documentTypes}
      placeholder="Select Document Type"
    />
    <Field name={`${name}.documentNo`} label="Document Number" />
    <Field name={`${name}.documentExpiry`} label="Expiry Date" type="date" />
    <Field name={`${name}.issueCountry`} label="Issue Country" />
  </>
)
