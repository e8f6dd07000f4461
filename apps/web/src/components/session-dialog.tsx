import { type FormEvent, useState } from 'react'
import { useAuth } from '../lib/auth.tsx'
import { Dialog } from './dialog.tsx'

/**
 * Over whatever screen was open when the server refused the token: sign in again and the save that
 * was refused goes through with everything typed still in the form.
 */
export const SessionDialog = () => {
  const { user, sessionEnded, renew, logout } = useAuth()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  if (!user) return null

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!password) {
      setError('Password is required')
      return
    }
    setBusy(true)
    setError(null)
    try {
      await renew(password)
      setPassword('')
    } catch (err) {
      setError((err as Error).message || 'Invalid email or password')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={sessionEnded}
      // Closing without signing in would leave a screen that cannot save: the only ways out are
      // signing in again or signing out.
      onOpenChange={() => {}}
      closable={false}
      title="Your session has ended"
      description="Sign in again to continue. What you typed is kept and will be saved after you sign in."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div>
          <label htmlFor="session-email" className="label">
            Email
          </label>
          <input id="session-email" className="input" value={user.email} readOnly />
        </div>
        <div>
          <label htmlFor="session-password" className="label">
            Password
          </label>
          <input
            id="session-password"
            type="password"
            autoComplete="current-password"
            className="input"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoFocus
          />
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={logout}>
            Sign out
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Signing in...' : 'Sign in'}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
