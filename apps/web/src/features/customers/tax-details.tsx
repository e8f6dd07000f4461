import { PROVINCES } from '@booking/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { ApiError, api } from '../../lib/api.ts'

interface TaxDetailsProps {
  id: number
  ntn?: string
  cnic?: string
  province?: string
}

/**
 * A customer's NTN, CNIC and province (issue 36): printed on their tax invoices, and the province
 * decides which authority taxes their sales.
 */
export const CustomerTaxDetails = ({ id, ntn = '', cnic = '', province = '' }: TaxDetailsProps) => {
  const qc = useQueryClient()
  const [form, setForm] = useState({ ntn, cnic, province })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useMutation({
    mutationFn: () => api.put(`/customers/${id}/tax`, form),
    onSuccess: () => {
      setErrors({})
      toast.success('Tax details saved')
      void qc.invalidateQueries({ queryKey: ['/customers'] })
    },
    onError: (err) => {
      if (err instanceof ApiError) setErrors(err.errors)
      toast.error((err as Error).message)
    },
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    save.mutate()
  }
  const err = (k: string) => errors[k] && <span className="mt-1 block text-xs text-red-600">{errors[k]}</span>
  return (
    <form
      className="card grid gap-3 p-4 sm:grid-cols-4"
      onSubmit={submit}
      noValidate
      aria-label="Tax details"
    >
      <label>
        <span className="label">NTN</span>
        <input
          className="input"
          value={form.ntn}
          onChange={(e) => setForm({ ...form, ntn: e.target.value })}
        />
        {err('ntn')}
      </label>
      <label>
        <span className="label">CNIC</span>
        <input
          className="input"
          placeholder="12345-1234567-1"
          value={form.cnic}
          onChange={(e) => setForm({ ...form, cnic: e.target.value })}
        />
        {err('cnic')}
      </label>
      <label>
        <span className="label">Province</span>
        <select
          className="input"
          value={form.province}
          onChange={(e) => setForm({ ...form, province: e.target.value })}
        >
          <option value="">Not known</option>
          {PROVINCES.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
        {err('province')}
      </label>
      <div className="self-end">
        <button type="submit" className="btn-secondary" disabled={save.isPending}>
          Save Tax Details
        </button>
      </div>
    </form>
  )
}
