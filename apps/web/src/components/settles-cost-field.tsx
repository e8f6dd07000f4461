import { formatAmount, type OpenCost, type SettlesCostOf } from '@booking/shared'
import { useQuery } from '@tanstack/react-query'
import { get, useController, useFormContext } from 'react-hook-form'
import { api } from '../lib/api.ts'
import { FieldShell } from './field.tsx'

const keyOf = (c: SettlesCostOf | null | undefined) => (c ? `${c.source_type}:${c.source_id}` : '')

/**
 * A Protector or Expense entry's "Settles cost of" (issue 36 item 6, decision 100): the record whose
 * "Costs to pay" its Withdraw pays, picked from the records that still owe some (the visa whose
 * protector fee it is), never a typed id. Left on "None" the Withdraw is an ordinary expense.
 */
export const SettlesCostField = ({ stored }: { stored?: SettlesCostOf | null }) => {
  const { control, formState } = useFormContext()
  const { field } = useController({ name: 'settles_cost_of', control })
  const keep = keyOf(stored)
  const costs = useQuery({
    queryKey: ['open-costs', keep],
    queryFn: () =>
      api.get<{ costs: OpenCost[] }>(`/tax/open-costs${keep ? `?keep=${encodeURIComponent(keep)}` : ''}`),
  })
  const list = costs.data?.costs ?? []
  const error = (get(formState.errors, 'settles_cost_of') as { message?: string } | undefined)?.message
  const id = 'field-settles_cost_of'
  return (
    <FieldShell
      id={id}
      label="Settles Cost Of"
      error={error}
      hint={
        costs.isError
          ? 'Could not load the costs to pay'
          : 'Optional: the record whose costs to pay this pays'
      }
    >
      <select
        id={id}
        className={`input ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        name={field.name}
        ref={field.ref}
        onBlur={field.onBlur}
        value={keyOf(field.value as SettlesCostOf | null | undefined)}
        onChange={(e) => {
          const [source_type, source_id] = e.target.value.split(':')
          field.onChange(source_type ? { source_type, source_id: Number(source_id) } : null)
        }}
      >
        <option value="">None (an ordinary expense)</option>
        {list.map((c) => (
          <option key={keyOf(c)} value={keyOf(c)}>
            {`${c.label}: Rs ${formatAmount(c.open)} to pay`}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}
