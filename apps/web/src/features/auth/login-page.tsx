import { type FormEvent, useEffect, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { AuthCard } from '../../components/auth-card.tsx'
import { ApiError } from '../../lib/api.ts'
import { homeFor, useAuth } from '../../lib/auth.tsx'
import { preloadSignInScreens } from '../../lib/preload.ts'

type Notice = { kind: 'not-found' } | { kind: 'pending' } | { kind: 'error'; message: string } | null

export default function LoginPage() {
  const { login } = useAuth()
  const navigate = useNavigate()
  // While the user types, fetch the layout and dashboard chunks the next screen needs, so Login
  // waits for the server only, not for a waterfall of lazy chunks (issue 23.7).
  useEffect(() => {
    void preloadSignInScreens()
  }, [])
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [remember, setRemember] = useState(false)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<Notice>(null)
  const [forgot, setForgot] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setNotice(null)
    if (!email.trim() || !password) {
      setNotice({ kind: 'error', message: !email.trim() ? 'Email is required' : 'Password is required' })
      return
    }
    setBusy(true)
    try {
      const result = await login(email.trim(), password)
      if (result.kind === 'pending') setNotice({ kind: 'pending' })
      else navigate(homeFor(result.user.role), { replace: true })
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setNotice({ kind: 'not-found' })
      else setNotice({ kind: 'error', message: (err as Error).message || 'Invalid email or password' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthCard title="Login">
      {notice?.kind === 'not-found' && (
        <div
          role="alert"
          className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700"
        >
          <p className="font-semibold">Account not found</p>
          <p>
            This email is not registered in our system.{' '}
            <Link to="/register" className="font-medium underline">
              Create an account.
            </Link>
          </p>
        </div>
      )}
      {notice?.kind === 'pending' && (
        <div
          role="alert"
          className="mb-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-800"
        >
          <p className="font-semibold">Your account is pending approval</p>
          <p>Please wait for an administrator to approve your account.</p>
        </div>
      )}
      {notice?.kind === 'error' && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-700">
          {notice.message}
        </p>
      )}
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div>
          <label htmlFor="login-email" className="label">
            Email
          </label>
          <input
            id="login-email"
            type="email"
            autoComplete="email"
            className="input"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </div>
        <div>
          <label htmlFor="login-password" className="label">
            Password
          </label>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            className="input"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </div>
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2 text-slate-700">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            Remember me
          </label>
          {/* The spec's link has no target: passwords are reset by an admin (Users screen). */}
          <a
            href="#forgot"
            onClick={(e) => {
              e.preventDefault()
              setForgot(true)
            }}
            className="text-blue-700 hover:underline"
          >
            Forgot password?
          </a>
        </div>
        {forgot && (
          <p role="status" className="rounded-md bg-blue-50 p-3 text-sm text-blue-900">
            Ask an admin to reset your password. They will give you a new one to sign in with, which you can
            then change under My Account.
          </p>
        )}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Logging in...' : 'Login'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        No account yet?{' '}
        <Link to="/register" className="font-medium text-blue-700 hover:underline">
          Register
        </Link>
      </p>
    </AuthCard>
  )
}
