import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { toast } from 'sonner'
import { ApiError, api } from '../lib/api.ts'

interface Answer {
  overdue_days: number
  smtp: {
    host: string
    port: number
    secure: boolean
    allow_self_signed?: boolean
    user: string
    from: string
    password_set: boolean
  } | null
  share_links: { base: string; warning: string | null }
}

interface Form {
  overdue_days: string
  host: string
  port: string
  secure: boolean
  allow_self_signed: boolean
  user: string
  password: string
  from: string
}

const toForm = (a: Answer): Form => ({
  overdue_days: String(a.overdue_days),
  host: a.smtp?.host ?? '',
  port: String(a.smtp?.port ?? 587),
  secure: a.smtp?.secure ?? false,
  allow_self_signed: a.smtp?.allow_self_signed ?? false,
  user: a.smtp?.user ?? '',
  password: '',
  from: a.smtp?.from ?? '',
})

const TEXT_FIELDS: Array<{
  key: 'host' | 'port' | 'user' | 'from'
  label: string
  type?: string
  hint?: string
}> = [
  { key: 'host', label: 'SMTP host', hint: 'e.g. smtp.gmail.com' },
  { key: 'port', label: 'Port', type: 'number', hint: '587 (STARTTLS) or 465 (SSL)' },
  { key: 'user', label: 'User name' },
  { key: 'from', label: 'From address', hint: 'e.g. Agency <accounts@agency.pk>' },
]

/** Settings › Reminders and e-mail (issue 25): when an amount counts as overdue, and the SMTP server. */
export const CollectSettings = () => {
  const qc = useQueryClient()
  const current = useQuery({
    queryKey: ['collect-settings'],
    queryFn: () => api.get<Answer>('/admin/collect-settings'),
  })
  const [form, setForm] = useState<Form | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  useEffect(() => {
    if (current.data && !form) setForm(toForm(current.data))
  }, [current.data, form])
  const save = useMutation({
    mutationFn: (f: Form) =>
      api.put<Answer>('/admin/collect-settings', {
        overdue_days: f.overdue_days,
        smtp: f.host.trim()
          ? {
              host: f.host,
              port: f.port,
              secure: f.secure,
              allow_self_signed: f.allow_self_signed,
              user: f.user,
              password: f.password,
              from: f.from,
            }
          : null,
      }),
    onSuccess: (a) => {
      toast.success('Reminder settings saved')
      setErrors({})
      setForm(toForm(a))
      qc.setQueryData(['collect-settings'], a)
      void qc.invalidateQueries({ queryKey: ['collections'] })
    },
    onError: (err) => {
      if (err instanceof ApiError) setErrors(err.errors)
      toast.error((err as Error).message)
    },
  })
  if (current.isError) return <p className="text-red-700">Failed to load reminder settings</p>
  if (!form) return <p className="py-4 text-center text-slate-500">Loading data...</p>
  const submit = (e: FormEvent) => {
    e.preventDefault()
    save.mutate(form)
  }
  const err = (k: string) => errors[k] ?? errors[`smtp.${k}`]
  return (
    <form className="card grid max-w-2xl gap-4 p-4 sm:grid-cols-2 sm:p-6" onSubmit={submit} noValidate>
      <h2 className="font-semibold text-slate-900 sm:col-span-2">Reminders and e-mail</h2>
      <label>
        <span className="label">Overdue after (days)</span>
        <input
          className={`input ${err('overdue_days') ? 'input-error' : ''}`}
          type="number"
          min={0}
          value={form.overdue_days}
          onChange={(e) => setForm({ ...form, overdue_days: e.target.value })}
        />
        <span className="mt-1 block text-xs text-slate-500">
          {err('overdue_days') ?? '"To Collect" lists what is older'}
        </span>
      </label>
      <div className="hidden sm:block" />
      {TEXT_FIELDS.map((f) => (
        <label key={f.key}>
          <span className="label">{f.label}</span>
          <input
            className={`input ${err(f.key) ? 'input-error' : ''}`}
            type={f.type ?? 'text'}
            value={form[f.key]}
            aria-invalid={!!err(f.key) || undefined}
            onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
          />
          <span className={`mt-1 block text-xs ${err(f.key) ? 'text-red-600' : 'text-slate-500'}`}>
            {err(f.key) ?? f.hint ?? ''}
          </span>
        </label>
      ))}
      <label>
        <span className="label">Password</span>
        <input
          className="input"
          type="password"
          autoComplete="new-password"
          value={form.password}
          placeholder={current.data?.smtp?.password_set ? 'Saved (leave empty to keep)' : ''}
          onChange={(e) => setForm({ ...form, password: e.target.value })}
        />
        <span className="mt-1 block text-xs text-slate-500">Kept encrypted with the server's key</span>
      </label>
      <label className="flex items-center gap-2 self-center text-sm">
        <input
          type="checkbox"
          checked={form.secure}
          onChange={(e) => setForm({ ...form, secure: e.target.checked })}
        />
        SSL from the start (port 465)
      </label>
      <div className="sm:col-span-2">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={form.allow_self_signed}
            onChange={(e) => setForm({ ...form, allow_self_signed: e.target.checked })}
          />
          Accept a self-signed certificate
        </label>
        {form.allow_self_signed ? (
          <p className="mt-1 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900" role="alert">
            The server's certificate is not checked, and without "SSL from the start" the mail may go
            unencrypted: anyone between this server and the mail server can read the password and the
            statements. Use it only for a mail relay on the office network.
          </p>
        ) : (
          <span className="mt-1 block text-xs text-slate-500">
            Off: the certificate is checked, and without SSL from the start STARTTLS is required (recommended)
          </span>
        )}
      </div>
      <div className="sm:col-span-2">
        <span className="label">Share links</span>
        <p className="text-sm text-slate-700" data-testid="share-base">
          Links start with {current.data?.share_links.base}
        </p>
        {current.data?.share_links.warning && (
          <p className="mt-1 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900" role="alert">
            {current.data.share_links.warning}
          </p>
        )}
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          Save reminder settings
        </button>
      </div>
    </form>
  )
}
