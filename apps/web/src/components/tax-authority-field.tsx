import { formatAmount, PROVINCE_AUTHORITY, type SaleTax, TAX_AUTHORITIES } from '@booking/shared'
import { Field } from './field.tsx'

const OPTIONS = [
  ...TAX_AUTHORITIES.map((a) => ({
    value: a,
    label: `${a} (${Object.entries(PROVINCE_AUTHORITY).find(([, x]) => x === a)?.[0] ?? a})`,
  })),
  { value: 'none', label: 'No sales tax' },
]

/**
 * A sale's sales tax authority (issue 36): left on "By province", a new sale follows its customer's
 * province, else the agency's, and an edit keeps the tax it had. The saved tax shows below it.
 */
export const TaxAuthorityField = ({ record }: { record?: Partial<SaleTax> | null }) => (
  <div>
    <Field
      name="tax_authority"
      label="Sales Tax"
      type="select"
      options={OPTIONS}
      placeholder="By province (customer, else agency)"
    />
    {record?.tax_authority && (
      <p className="mt-1 text-xs text-slate-500">
        {record.tax_exempt
          ? `${record.tax_authority}: exempt`
          : `${record.tax_authority} ${record.tax_rate}% on ${formatAmount(record.taxable_value ?? 0)} = ${formatAmount(record.tax_amount ?? 0)}`}
      </p>
    )}
  </div>
)
