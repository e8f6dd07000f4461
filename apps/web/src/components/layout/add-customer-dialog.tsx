import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { api } from '../../lib/api.ts'
import { Dialog } from '../dialog.tsx'

const EMPTY = { name: '', mobile_number: '', address: '', passport_number: '' }

/** Header pop-up: no validation (spec part 1 §5); success closes and clears it. */
export const AddCustomerDialog = ({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
}) => {
  const [values, setValues] = useState(EMPTY)
  const [busy, setBusy] = useState(false)

  const close = () => {
    setValues(EMPTY)
    onOpenChange(false)
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    try {
      await api.post('/customers', values)
      toast.success('Customer Create successfully')
      close()
    } catch (err) {
      console.error(err)
      toast.error('Customer Create failed')
    } finally {
      setBusy(false)
    }
  }

  const field = (key: keyof typeof EMPTY, label: string, type = 'text') => (
    <div>
      <label htmlFor={`customer-${key}`} className="label">
        {label}
      </label>
      <input
        id={`customer-${key}`}
        type={type}
        className="input"
        value={values[key]}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      />
    </div>
  )

  return (
    <Dialog open={open} onOpenChange={(o) => (o ? onOpenChange(true) : close())} title="Add Customer">
      <form onSubmit={submit} className="space-y-4">
        {field('name', 'Name')}
        {field('mobile_number', 'Mobile Number', 'number')}
        {field('address', 'Address')}
        {field('passport_number', 'Passport Number')}
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Submitted' : 'Submit'}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
