import { type FormEvent, useState } from 'react'
import { Link, useParams } from 'react-router'
import { AuthCard } from '../../components/auth-card.tsx'
import { api } from '../../lib/api.ts'

/** /portal/invite/{token}: an agent's invited user sets a password, then signs in at /login (issue 35). */
export default function InvitePage() {
  const { token = '' } = useParams()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (password !== confirm) {
      setState({ ok: false, text: 'Passwords do not match' })
      return
    }
    setBusy(true)
    try {
      const answer = await api.post<{ message: string }>(`/portal/invites/${encodeURIComponent(token)}`, {
        password,
      })
      setState({ ok: true, text: answer.message })
    } catch (err) {
      setState({ ok: false, text: (err as Error).message })
    } finally {
      setBusy(false)
    }
  }
  return (
    <AuthCard title="Set your password">
      {state?.ok ? (
        <div className="flex flex-col gap-4">
          <p role="status" className="text-green-700">
            {state.text}
          </p>
          <Link to="/login" className="btn-primary text-center">
            Sign in
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <label className="flex flex-col text-sm">
            Password
            <input
              type="password"
              className="input"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          <label className="flex flex-col text-sm">
            Confirm password
            <input
              type="password"
              className="input"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </label>
          {state && (
            <p role="alert" className="text-sm text-red-700">
              {state.text}
            </p>
          )}
          <button type="submit" className="btn-primary" disabled={busy}>
            Set password
          </button>
        </form>
      )}
    </AuthCard>
  )
}
