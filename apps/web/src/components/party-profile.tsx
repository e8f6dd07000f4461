import {
  type DebtorKind,
  displayPhone,
  formatAmount,
  formatDate,
  normalizePhone,
  type PartyKind,
  type PartyProfile,
  PHONE_MESSAGE,
} from '@booking/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { ApiError, api } from '../lib/api.ts'
import { useIsAdmin } from '../lib/auth.tsx'
import { AgentUsers } from './agent-users.tsx'
import { ReminderLog, SendStatement, ShareLinks } from './send-statement.tsx'

/** The profile's path: /agents/{name}, /vendors/{name}, /customers/{id}/profile (by the id the credit call names). */
const useProfilePath = (kind: PartyKind, name: string) => {
  const customer = useQuery({
    queryKey: ['credit', 'customer', name],
    enabled: kind === 'customer',
    queryFn: () =>
      api.get<{ key: string | null; name: string }>(`/credit/customer/${encodeURIComponent(name)}`),
  })
  if (kind === 'agent') return `/agents/${encodeURIComponent(name)}`
  if (kind === 'vendor') return `/vendors/${encodeURIComponent(name)}`
  const key = customer.data?.key
  if (!key) return null
  // A walk-in (no customer row, decision 097) by the name as typed, so the panel shows it as typed.
  return `/customers/${encodeURIComponent(/^\d+$/.test(key) ? key : (customer.data?.name ?? key))}/profile`
}

/** A payment in the party's currency with its rupees beside, as the statement shows it; else rupees. */
const paidText = (paid: NonNullable<PartyProfile['last_payment']>) =>
  paid.currency && paid.amount_fx !== undefined
    ? `${paid.currency} ${formatAmount(paid.amount_fx)} (Rs ${formatAmount(paid.amount)})`
    : `Rs ${formatAmount(paid.amount)}`

/**
 * The balance in the party's currency with the rupees under it (decision 150), each part kept
 * whole on a phone; else rupees.
 */
const balanceText = (p: PartyProfile) =>
  p.currency && p.balance_fx !== undefined ? (
    <>
      <span className="whitespace-nowrap">
        {p.currency} {formatAmount(p.balance_fx)}
      </span>{' '}
      <span className="block whitespace-nowrap text-xs font-normal text-slate-600">
        (Rs {formatAmount(p.balance)})
      </span>
    </>
  ) : (
    `Rs ${formatAmount(p.balance)}`
  )

interface Draft {
  phone: string
  email: string
  city: string
  note: string
  credit_limit: string
  language: 'en' | 'ur'
}

const draftOf = (p: PartyProfile): Draft => ({
  phone: p.phone,
  email: p.email,
  city: p.city,
  note: p.note,
  credit_limit: p.credit_limit === null ? '' : String(p.credit_limit),
  language: p.language,
})

/**
 * A party's profile beside its statement (issue 25): contact details, credit limit, balance and
 * credit left, last payment; for agents and customers the send buttons and the reminders sent.
 */
export const PartyProfilePanel = ({
  kind,
  name,
  from,
  to,
  showName = true,
}: {
  kind: PartyKind
  name: string
  from: string
  to: string
  /** Off where the page's own heading already names the party (the customer page). */
  showName?: boolean
}) => {
  const admin = useIsAdmin()
  const qc = useQueryClient()
  const path = useProfilePath(kind, name)
  const profile = useQuery({
    queryKey: ['profile', path],
    enabled: path !== null,
    queryFn: async () => (await api.get<{ profile: PartyProfile }>(path!)).profile,
  })
  const [draft, setDraft] = useState<Draft | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useMutation({
    mutationFn: (d: Draft) => api.put<{ profile: PartyProfile; message: string }>(path!, d),
    onSuccess: (r) => {
      toast.success(r.message)
      qc.setQueryData(['profile', path], r.profile)
      void qc.invalidateQueries({ queryKey: ['credit'] })
      void qc.invalidateQueries({ queryKey: ['collections'] })
      setDraft(null)
      setErrors({})
    },
    onError: (e) => {
      if (e instanceof ApiError) setErrors(e.errors)
      toast.error((e as Error).message)
    },
  })
  if (path === null || profile.isPending)
    return kind === 'customer' && path === null ? null : (
      <p className="text-sm text-slate-500">Loading profile...</p>
    )
  if (profile.isError)
    return (
      <p className="text-sm text-red-700">
        {profile.error instanceof ApiError ? profile.error.message : 'Failed to load the profile'}
      </p>
    )
  const p = profile.data
  const debtor = kind === 'agent' || kind === 'customer'
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!draft) return
    if (draft.phone.trim() && !normalizePhone(draft.phone)) {
      setErrors({ phone: PHONE_MESSAGE })
      return
    }
    save.mutate(draft)
  }
  const text = (k: keyof Omit<Draft, 'language'>, label: string, type = 'text', disabled = false) => (
    <label>
      <span className="label">{label}</span>
      <input
        className={`input ${errors[k] ? 'input-error' : ''}`}
        type={type}
        value={draft?.[k] ?? ''}
        disabled={disabled}
        aria-invalid={!!errors[k] || undefined}
        onChange={(e) => draft && setDraft({ ...draft, [k]: e.target.value })}
      />
      {errors[k] && <span className="mt-1 block text-xs text-red-600">{errors[k]}</span>}
    </label>
  )
  return (
    <section className="no-print card space-y-3 p-4" aria-label="Party profile">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          {showName && <h2 className="font-semibold text-slate-900">{p.name}</h2>}
          <p className="text-sm text-slate-600">
            {[displayPhone(p.phone) || 'No phone', p.email, p.city].filter(Boolean).join(' · ')}
            {p.phone && !p.whatsapp_number ? ' (not a valid number)' : ''}
          </p>
          {p.note && <p className="text-xs text-slate-500">{p.note}</p>}
        </div>
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
          <div className="rounded-md bg-slate-50 p-2">
            <dt className="text-xs text-slate-500">{kind === 'vendor' ? 'Office owes' : 'Balance'}</dt>
            <dd className="font-semibold tabular-nums" data-testid="profile-balance">
              {balanceText(p)}
            </dd>
          </div>
          {debtor && (
            <div className="rounded-md bg-slate-50 p-2">
              <dt className="text-xs text-slate-500">Credit left</dt>
              <dd className="font-semibold tabular-nums" data-testid="credit-left">
                {p.credit_left === null
                  ? 'No limit'
                  : `Rs ${formatAmount(p.credit_left)} of ${formatAmount(p.credit_limit)}`}
              </dd>
            </div>
          )}
          <div className="rounded-md bg-slate-50 p-2">
            <dt className="text-xs text-slate-500">Last payment</dt>
            <dd className="tabular-nums">
              {p.last_payment ? `${paidText(p.last_payment)}, ${formatDate(p.last_payment.date)}` : 'None'}
            </dd>
          </div>
        </dl>
      </div>
      {draft ? (
        <form className="grid gap-3 sm:grid-cols-3" onSubmit={submit} noValidate>
          {text('phone', 'Phone (WhatsApp)', 'tel')}
          {text('email', 'E-mail', 'email')}
          {text('city', 'City')}
          {debtor && text('credit_limit', 'Credit limit (empty = none)', 'number', !admin)}
          {debtor && (
            <label>
              <span className="label">Language (papers and reminders)</span>
              <select
                className="input"
                value={draft.language}
                onChange={(e) => setDraft({ ...draft, language: e.target.value as 'en' | 'ur' })}
              >
                <option value="en">English</option>
                <option value="ur">Urdu</option>
              </select>
            </label>
          )}
          {text('note', 'Note')}
          <div className="flex gap-2 sm:col-span-3">
            <button type="submit" className="btn-primary" disabled={save.isPending}>
              Save profile
            </button>
            <button type="button" className="btn-secondary" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn-secondary" onClick={() => setDraft(draftOf(p))}>
          Edit profile
        </button>
      )}
      {debtor && (
        <div className="space-y-2 border-t border-slate-100 pt-3">
          <SendStatement
            from={from}
            to={to}
            target={{
              kind: kind as DebtorKind,
              key: p.key,
              name: p.name,
              phone: p.whatsapp_number ? p.phone : '',
              language: p.language,
              amount: p.balance,
            }}
          />
          <h3 className="text-sm font-semibold text-slate-700">Reminders sent</h3>
          <ReminderLog kind={kind as DebtorKind} partyKey={p.key} />
          <h3 className="text-sm font-semibold text-slate-700">Share links</h3>
          <ShareLinks kind={kind as DebtorKind} partyKey={p.key} />
        </div>
      )}
      {kind === 'agent' && admin && <AgentUsers agent={p.name} />}
    </section>
  )
}
