import { formatDate } from '@booking/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { ApiError, api } from '../lib/api.ts'

interface AgentUser {
  id: number
  email: string
  status: 'invited' | 'active' | 'suspended'
  invite_expires_at: string | null
}

/**
 * An agent's own users (issue 35 item 1), on its profile for admins: invite by e-mail (the one-time
 * link is shown to copy or send), suspend or let back in.
 */
export const AgentUsers = ({ agent }: { agent: string }) => {
  const path = `/agents/${encodeURIComponent(agent)}/users`
  const qc = useQueryClient()
  const users = useQuery({
    queryKey: ['agent-users', agent],
    queryFn: () => api.get<{ users: AgentUser[] }>(path),
  })
  const [email, setEmail] = useState('')
  const [error, setError] = useState('')
  const [link, setLink] = useState<{ url: string; expires_at: string } | null>(null)
  const invite = useMutation({
    mutationFn: () => api.post<{ url: string; expires_at: string }>(path, { email }),
    onSuccess: (a) => {
      setLink(a)
      setEmail('')
      setError('')
      void qc.invalidateQueries({ queryKey: ['agent-users', agent] })
    },
    onError: (e: Error) => setError(e instanceof ApiError ? (e.errors.email ?? e.message) : e.message),
  })
  const suspend = useMutation({
    mutationFn: (u: AgentUser) =>
      api.put<{ message: string }>(`${path}/${u.id}`, { suspended: u.status !== 'suspended' }),
    onSuccess: (a) => {
      toast.success(a.message)
      void qc.invalidateQueries({ queryKey: ['agent-users', agent] })
    },
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    invite.mutate()
  }
  return (
    <div className="space-y-2 border-t border-slate-100 pt-3">
      <h3 className="text-sm font-semibold text-slate-700">Portal users</h3>
      <ul className="text-sm">
        {users.data?.users.map((u) => (
          <li key={u.id} className="flex items-center justify-between gap-2 py-1">
            <span>
              {u.email} · {u.status}
              {u.invite_expires_at ? ` (link until ${formatDate(u.invite_expires_at.slice(0, 10))})` : ''}
            </span>
            {u.status !== 'invited' && (
              <button type="button" className="btn-secondary" onClick={() => suspend.mutate(u)}>
                {u.status === 'suspended' ? 'Let back in' : 'Suspend'}
              </button>
            )}
          </li>
        ))}
      </ul>
      <form className="flex flex-wrap items-end gap-2" onSubmit={submit} noValidate>
        <label className="flex-1">
          <span className="label">Invite by e-mail</span>
          <input type="email" className="input" value={email} onChange={(e) => setEmail(e.target.value)} />
          {error && <span className="mt-1 block text-xs text-red-600">{error}</span>}
        </label>
        <button type="submit" className="btn-primary" disabled={invite.isPending}>
          Invite
        </button>
      </form>
      {link && (
        <p className="break-all rounded bg-slate-50 p-2 text-sm" data-testid="invite-link">
          {link.url}
        </p>
      )}
    </div>
  )
}
