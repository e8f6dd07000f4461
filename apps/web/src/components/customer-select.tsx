import { customerLabel } from '@booking/shared'
import { useEffect, useState } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { type Customer, useCustomers } from '../lib/records.ts'
import type { Option } from '../lib/select-options.ts'
import { CreditHint } from './credit-hint.tsx'
import { Field } from './field.tsx'
import { AddCustomerDialog, type CreatedCustomer } from './layout/add-customer-dialog.tsx'
import { InlineAddButton } from './name-select.tsx'

/**
 * What a record stores for its customer: the name, or "Name (contact)" when two customers share
 * the name, so the record still says which one it was.
 */
export const customerValue = (
  c: Pick<Customer, 'name' | 'mobile_number' | 'passport_number'>,
  shared: boolean,
) => {
  const contact = c.mobile_number || c.passport_number
  return shared && contact ? `${c.name} (${contact})` : c.name
}

const customerOptions = (customers: Customer[], current: string | undefined): Option[] => {
  const counts = new Map<string, number>()
  for (const c of customers) counts.set(c.name, (counts.get(c.name) ?? 0) + 1)
  const out: Option[] = []
  const seen = new Set<string>()
  for (const c of customers) {
    if (!c.name) continue
    const value = customerValue(c, (counts.get(c.name) ?? 0) > 1)
    if (seen.has(value)) continue
    seen.add(value)
    out.push({ value, label: customerLabel(c) })
  }
  if (current && !seen.has(current)) out.unshift({ value: current, label: current })
  return out
}

/**
 * The customer pick-list of every form that names one: each customer with its mobile or
 * passport beside the name, and "+ Add" opening the Add Customer pop-up; the new customer is
 * selected at once.
 */
export const CustomerSelect = ({
  name,
  label = 'Customer',
  autoFocus,
}: {
  name: string
  label?: string
  autoFocus?: boolean
}) => {
  const customers = useCustomers()
  const { setValue, control } = useFormContext()
  const current = useWatch({ control, name }) as string | undefined
  const [open, setOpen] = useState(false)
  const [added, setAdded] = useState<CreatedCustomer | null>(null)
  const list = customers.data ?? []

  // Select the new customer once the refreshed list has its option.
  useEffect(() => {
    if (!added) return
    const shared = list.filter((c) => c.name === added.name).length > 1
    const value = customerValue(added, shared)
    if (!list.some((c) => c.name === added.name)) return
    setValue(name, value, { shouldValidate: true, shouldTouch: true })
    setAdded(null)
  }, [added, list, name, setValue])

  return (
    <div>
      <div className="flex items-start gap-2">
        <Field
          name={name}
          label={label}
          type="select"
          className="min-w-0 flex-1"
          options={customerOptions(list, current)}
          placeholder={customers.isPending ? 'Loading...' : 'Select Customer'}
          autoFocus={autoFocus}
        />
        <InlineAddButton label="Add New Customer" onClick={() => setOpen(true)} />
        <AddCustomerDialog open={open} onOpenChange={setOpen} onCreated={setAdded} />
      </div>
      {/* The customer's balance and credit left (issue 25); a sale with an agent is the agent's. */}
      <CreditHint kind="customer" name={current} />
    </div>
  )
}
