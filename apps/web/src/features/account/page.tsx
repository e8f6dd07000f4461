import { PasswordChangeInput } from '@booking/shared'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { ApiError, api } from '../../lib/api.ts'
import { useAuth } from '../../lib/auth.tsx'

/** My Account: change your own password; every other session of the account ends. */
export default function AccountPage() {
  const { user } = useAuth()
  const [values, setValues] = useState({ current_password: '', new_password: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const parsed = PasswordChangeInput.safeParse(values)
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])))
      return
    }
    setBusy(true)
    setErrors({})
    try {
      await api.post('/user/password', parsed.data)
      setValues({ current_password: '', new_password: '' })
      toast.success('Password changed. Other sessions of this account were signed out.')
    } catch (err) {
      setErrors(
        err instanceof ApiError && Object.keys(err.errors).length
          ? err.errors
          : { form: (err as Error).message },
      )
    } finally {
      setBusy(false)
    }
  }
  const field = (name: 'current_password' | 'new_password', label: string, autoComplete: string) => (
    <div>
      <label htmlFor={name} className="label">
        {label}
      </label>
      <input
        id={name}
        type="password"
        className="input"
        autoComplete={autoComplete}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      />
      {errors[name] && <p className="mt-1 text-sm text-red-700">{errors[name]}</p>}
    </div>
  )
  return (
    <section className="max-w-md space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">My Account</h1>
      <p className="text-sm text-slate-600">
        Signed in as <span className="font-medium">{user?.username}</span> ({user?.email}).
      </p>
      <form
        onSubmit={submit}
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
        noValidate
      >
        <h2 className="font-semibold text-slate-900">Change password</h2>
        {field('current_password', 'Current password', 'current-password')}
        {field('new_password', 'New password', 'new-password')}
        {errors.form && (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        )}
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Change password'}
        </button>
      </form>
    </section>
  )
}
