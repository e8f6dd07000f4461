import {
  CUSTOMER_FIELDS,
  type CustomerField,
  CustomerInput,
  customerLabel,
  mergedCustomerFields,
} from '@booking/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { toast } from 'sonner'
import { CustomerMatches } from '../../components/customer-matches.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { PhoneSavedAs } from '../../components/saved-as.tsx'
import { ApiError, api } from '../../lib/api.ts'
import type { CustomerRow } from './api.ts'

type Values = { name: string; mobile_number: string; address: string; passport_number: string }
const valuesOf = (c: CustomerRow | null): Values => ({
  name: c?.name ?? '',
  mobile_number: c?.mobile_number ?? '',
  address: c?.address ?? '',
  passport_number: c?.passport_number ?? '',
})

/** Admin: a customer's name and contact details (PUT /api/customers/{id}). */
export const EditCustomerDialog = ({
  customer,
  onClose,
}: {
  customer: CustomerRow | null
  onClose: () => void
}) => {
  const qc = useQueryClient()
  const [values, setValues] = useState(valuesOf(customer))
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({})
  const [busy, setBusy] = useState(false)
  const [paper, setPaper] = useState<'en' | 'ur'>(customer?.paper_language ?? 'en')
  useEffect(() => {
    setValues(valuesOf(customer))
    setPaper(customer?.paper_language ?? 'en')
    setErrors({})
  }, [customer])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!customer) return
    const parsed = CustomerInput.safeParse(values)
    if (!parsed.success) {
      const found: Partial<Record<keyof Values, string>> = {}
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Values] ??= issue.message
      setErrors(found)
      return
    }
    setBusy(true)
    try {
      await api.put(`/customers/${customer.id}`, { ...parsed.data, paper_language: paper })
      await qc.invalidateQueries({ queryKey: ['/customers'] })
      toast.success('Customer updated')
      onClose()
    } catch (err) {
      if (err instanceof ApiError && err.status < 500)
        setErrors({ name: err.errors.name ?? err.message, ...err.errors })
      else toast.error('Failed to update customer. Please try again later.')
    } finally {
      setBusy(false)
    }
  }

  const field = (key: keyof Values, label: string, type = 'text') => (
    <div>
      <label htmlFor={`edit-customer-${key}`} className="label">
        {label}
      </label>
      <input
        id={`edit-customer-${key}`}
        type={type}
        className={`input ${errors[key] ? 'input-error' : ''}`}
        aria-invalid={errors[key] ? true : undefined}
        value={values[key]}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      />
      {key === 'mobile_number' && !errors[key] && (
        <PhoneSavedAs id="edit-customer-mobile_number-saved-as" typed={values[key]} />
      )}
      {errors[key] && (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {errors[key]}
        </p>
      )}
    </div>
  )

  return (
    <Dialog open={customer !== null} onOpenChange={(o) => !o && !busy && onClose()} title="Edit Customer">
      <form onSubmit={submit} className="space-y-4" noValidate>
        {field('name', 'Name')}
        {field('mobile_number', 'Mobile Number', 'tel')}
        {field('address', 'Address')}
        {field('passport_number', 'Passport Number')}
        <div>
          <label htmlFor="edit-customer-paper_language" className="label">
            Language (papers and reminders)
          </label>
          <select
            id="edit-customer-paper_language"
            className="input"
            value={paper}
            onChange={(e) => setPaper(e.target.value as 'en' | 'ur')}
          >
            <option value="en">English</option>
            <option value="ur">Urdu (اردو)</option>
          </select>
        </div>
        {customer && <CustomerMatches typed={values} exceptId={customer.id} />}
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  )
}

/**
 * Admin: merge one customer into another. Every record of the first moves to the second and the
 * first is removed (POST /api/customers/{id}/merge); the target is found by search, so this works
 * with any number of customers.
 */
export const MergeCustomerDialog = ({
  customer,
  onClose,
}: {
  customer: CustomerRow | null
  onClose: () => void
}) => {
  const qc = useQueryClient()
  const [search, setSearch] = useState('')
  const [into, setInto] = useState<CustomerRow | null>(null)
  const [take, setTake] = useState<CustomerField[]>([])
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    setSearch('')
    setInto(null)
    setTake([])
    setError(null)
  }, [customer])
  const q = search.trim()
  const matches = useQuery({
    queryKey: ['/customers', 'merge-search', q],
    queryFn: () => api.get<{ customers: CustomerRow[] }>('/customers', { q, limit: 8, sort: 'name' }),
    enabled: customer !== null && q.length > 0,
  })
  const options = (matches.data?.customers ?? []).filter((c) => c.id !== customer?.id)

  const merge = async () => {
    if (!customer || !into) {
      setError('Choose the customer to merge into')
      return
    }
    setBusy(true)
    setError(null)
    try {
      const res = await api.post<{ message: string }>(`/customers/${customer.id}/merge`, {
        into_id: into.id,
        take,
      })
      await qc.invalidateQueries({ queryKey: ['/customers'] })
      toast.success(res.message)
      onClose()
    } catch (err) {
      setError(
        err instanceof ApiError && err.status < 500
          ? err.message
          : 'Failed to merge. Please try again later.',
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={customer !== null}
      onOpenChange={(o) => !o && !busy && onClose()}
      title="Merge Customer"
      description={
        customer ? (
          <>
            Every record of <strong>{customerLabel(customer)}</strong> moves to the customer you choose, and{' '}
            {customer.name} is removed.
          </>
        ) : undefined
      }
    >
      <div className="space-y-3">
        <label htmlFor="merge-into-search" className="label">
          Merge into
        </label>
        <input
          id="merge-into-search"
          type="search"
          className="input"
          placeholder="Search name, mobile or passport"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value)
            setInto(null)
          }}
        />
        {q && (
          <ul
            className="max-h-48 overflow-auto rounded-md border border-slate-200"
            aria-label="Matching customers"
          >
            {options.length === 0 && (
              <li className="px-3 py-2 text-sm text-slate-500">
                {matches.isFetching ? 'Searching...' : 'No match'}
              </li>
            )}
            {options.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`w-full px-3 py-2 text-left text-sm hover:bg-slate-100 ${into?.id === c.id ? 'bg-blue-50 font-semibold' : ''}`}
                  aria-pressed={into?.id === c.id}
                  onClick={() => {
                    setInto(c)
                    setTake([])
                  }}
                >
                  {customerLabel(c)}
                </button>
              </li>
            ))}
          </ul>
        )}
        {customer && into && (
          <MergeFields
            from={customer}
            into={into}
            take={take}
            onTake={(f, theirs) =>
              setTake((t) => (theirs ? [...t.filter((x) => x !== f), f] : t.filter((x) => x !== f)))
            }
          />
        )}
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn-danger" onClick={merge} disabled={busy || !into}>
            {busy ? 'Merging...' : into ? `Merge into ${into.name}` : 'Merge'}
          </button>
        </div>
      </div>
    </Dialog>
  )
}

const FIELD_LABEL: Record<CustomerField, string> = {
  name: 'Name',
  mobile_number: 'Mobile Number',
  address: 'Address',
  passport_number: 'Passport Number',
}

/**
 * What the surviving customer will hold (decision 047): its own details win, its empty ones take
 * the merged customer's, and where both have a different value the admin picks one.
 */
const MergeFields = ({
  from,
  into,
  take,
  onTake,
}: {
  from: CustomerRow
  into: CustomerRow
  take: CustomerField[]
  onTake: (field: CustomerField, theirs: boolean) => void
}) => {
  const kept = mergedCustomerFields(into, from, take)
  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">Details kept</legend>
      <dl className="space-y-2 text-sm">
        {CUSTOMER_FIELDS.map((f) => {
          const mine = (into[f] ?? '').trim()
          const theirs = (from[f] ?? '').trim()
          const choose = mine !== '' && theirs !== '' && mine !== theirs
          return (
            <div key={f} className="grid grid-cols-1 gap-1 sm:grid-cols-[9rem_1fr]">
              <dt className="font-medium text-slate-600">{FIELD_LABEL[f]}</dt>
              <dd>
                {choose ? (
                  <div className="flex flex-col gap-1" role="radiogroup" aria-label={FIELD_LABEL[f]}>
                    {[mine, theirs].map((value, i) => (
                      <label key={value} className="flex items-center gap-2">
                        <input
                          type="radio"
                          name={`merge-${f}`}
                          checked={take.includes(f) === (i === 1)}
                          onChange={() => onTake(f, i === 1)}
                        />
                        <span className="break-all">{value}</span>
                      </label>
                    ))}
                  </div>
                ) : (
                  <span data-testid={`merge-kept-${f}`} className="break-all">
                    {kept[f] || <span className="text-slate-400">none</span>}
                    {!mine && theirs && (
                      <span className="ml-2 text-xs text-emerald-700">(from {from.name})</span>
                    )}
                  </span>
                )}
              </dd>
            </div>
          )
        })}
      </dl>
    </fieldset>
  )
}
