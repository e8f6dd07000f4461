import { RegisterForm } from '@booking/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { AuthCard } from '../../components/auth-card.tsx'
import { Field } from '../../components/field.tsx'
import { ApiError, api } from '../../lib/api.ts'

const REDIRECT_MS = 3000

/** The spec's registration failure texts, by what went wrong. */
const failureText = (err: unknown) => {
  if (err instanceof ApiError) {
    if (err.status === 0) return 'No response from server. Please check if the server is running.'
    return err.message || `Error ${err.status}: Registration failed`
  }
  return `Request setup error: ${(err as Error).message}`
}

export default function RegisterPage() {
  const navigate = useNavigate()
  const form = useForm<RegisterForm>({
    resolver: zodResolver(RegisterForm),
    mode: 'onTouched',
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  })
  const [busy, setBusy] = useState(false)
  const [success, setSuccess] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const values = form.watch()

  // The confirmation is re-checked whenever the password changes.
  useEffect(() => {
    if (form.getFieldState('confirmPassword').isTouched) form.trigger('confirmPassword')
  }, [values.password, form])

  useEffect(() => {
    if (!success) return
    const t = setTimeout(() => navigate('/login'), REDIRECT_MS)
    return () => clearTimeout(t)
  }, [success, navigate])

  const submit = form.handleSubmit(async ({ username, email, password }) => {
    setBusy(true)
    setError(null)
    try {
      await api.post('/user/signup', { username, email, password })
      form.reset()
      setSuccess(true)
    } catch (err) {
      const fields = err instanceof ApiError ? Object.entries(err.errors) : []
      for (const [field, message] of fields) form.setError(field as keyof RegisterForm, { message })
      // A message already shown under its field (the duplicate email) is not repeated on top.
      setError(fields.length > 0 ? null : failureText(err))
    } finally {
      setBusy(false)
    }
  })

  const filled = Boolean(values.username && values.email && values.password && values.confirmPassword)
  const hasErrors = Object.keys(form.formState.errors).length > 0

  return (
    <AuthCard title="Register">
      {success && (
        <p
          role="status"
          className="mb-4 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800"
        >
          Registration successful! Your account is pending approval by an administrator.
        </p>
      )}
      {error && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-700">
          {error}
        </p>
      )}
      <FormProvider {...form}>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field name="username" label="Username" />
          <Field name="email" label="Email" type="email" />
          <Field name="password" label="Password" type="password" />
          <Field name="confirmPassword" label="Confirm Password" type="password" />
          <button type="submit" className="btn-primary w-full" disabled={busy || !filled || hasErrors}>
            {busy ? 'Registering...' : 'Register'}
          </button>
        </form>
      </FormProvider>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-blue-700 hover:underline">
          Login
        </Link>
      </p>
    </AuthCard>
  )
}
