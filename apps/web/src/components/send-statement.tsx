import {
  type DebtorKind,
  formatAmount,
  formatDate,
  type ReminderLanguage,
  reminderMessage,
  whatsappLink,
} from '@booking/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link2, Mail, MessageCircle } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { useAgency } from '../lib/agency.ts'
import { ApiError, api } from '../lib/api.ts'

export interface SendTarget {
  kind: DebtorKind
  /** The statement key: an agent's name, a customer's id. */
  key: string
  name: string
  phone: string
  language: ReminderLanguage
  /** Rupees due, shown in the message (the server logs its own figure). */
  amount: number
}

interface Share {
  id: number
  url: string
  expires_at: string
  reused: boolean
  warning: string | null
}

const partyPath = (t: Pick<SendTarget, 'kind' | 'key'>) =>
  `/statements/${t.kind}/${encodeURIComponent(t.key)}`

const period = (from: string, to: string) =>
  from && to
    ? `${formatDate(from)} to ${formatDate(to)}`
    : to
      ? `up to ${formatDate(to)}`
      : from
        ? `from ${formatDate(from)}`
        : 'all dates'

/**
 * Share link, WhatsApp and e-mail for one party's statement (issue 25). WhatsApp makes a share
 * link first, so the message carries the amount due, the period and the link; every send is logged.
 */
export const SendStatement = ({
  target,
  from = '',
  to = '',
  compact = false,
}: {
  target: SendTarget
  from?: string
  to?: string
  compact?: boolean
}) => {
  const qc = useQueryClient()
  const agency = useAgency().data
  const [share, setShare] = useState<Share | null>(null)
  const [wa, setWa] = useState<string | null>(null)
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['collections'] })
    void qc.invalidateQueries({ queryKey: ['reminders', target.kind, target.key] })
    void qc.invalidateQueries({ queryKey: ['shares', target.kind, target.key] })
  }
  const makeShare = () =>
    api.post<Share>(`${partyPath(target)}/share`, { from: from || null, to: to || null, expires_days: 30 })
  const shareLink = useMutation({
    mutationFn: makeShare,
    onSuccess: (s) => {
      setShare(s)
      refresh()
    },
    onError: (e) => toast.error((e as Error).message),
  })
  const whatsapp = useMutation({
    mutationFn: async () => {
      const s = await makeShare()
      const message = reminderMessage({
        language: target.language,
        name: target.name,
        agency: agency?.name ?? '',
        amount: target.amount,
        period: period(from, to),
        url: s.url,
      })
      const link = whatsappLink(target.phone, message)
      if (!link) throw new ApiError(400, 'This party has no WhatsApp number: add one to its profile')
      await api.post(`${partyPath(target)}/reminders/whatsapp`, { share_id: s.id, message })
      return { share: s, link }
    },
    onSuccess: ({ share: s, link }) => {
      setShare(s)
      setWa(link)
      window.open(link, '_blank', 'noopener')
      toast.success('WhatsApp reminder logged')
      refresh()
    },
    onError: (e) => toast.error((e as Error).message),
  })
  const email = useMutation({
    mutationFn: () =>
      api.post<{ message: string }>(`${partyPath(target)}/reminders/email`, {
        from: from || null,
        date_to: to || null,
      }),
    onSuccess: (r) => {
      toast.success(r.message)
      refresh()
    },
    onError: (e) => toast.error((e as Error).message),
  })
  const busy = shareLink.isPending || whatsapp.isPending || email.isPending
  const size = compact ? 'px-2 py-1 text-xs' : ''
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={`btn-primary ${size}`}
          disabled={busy || !target.phone}
          title={target.phone ? `WhatsApp ${target.phone}` : 'No WhatsApp number in the profile'}
          aria-label={`WhatsApp reminder to ${target.name}`}
          onClick={() => whatsapp.mutate()}
        >
          <MessageCircle className="h-4 w-4" aria-hidden /> WhatsApp
        </button>
        <button
          type="button"
          className={`btn-secondary ${size}`}
          disabled={busy}
          aria-label={`E-mail statement to ${target.name}`}
          onClick={() => email.mutate()}
        >
          <Mail className="h-4 w-4" aria-hidden /> E-mail
        </button>
        <button
          type="button"
          className={`btn-secondary ${size}`}
          disabled={busy}
          aria-label={`Share link for ${target.name}`}
          onClick={() => shareLink.mutate()}
        >
          <Link2 className="h-4 w-4" aria-hidden /> Share link
        </button>
      </div>
      {share && (
        <p className="break-all text-xs text-slate-600">
          {share.reused ? 'The live link' : 'Link'} (expires {formatDate(share.expires_at.slice(0, 10))}):{' '}
          <a className="text-blue-700 underline" href={share.url} target="_blank" rel="noreferrer">
            {share.url}
          </a>
        </p>
      )}
      {share?.warning && (
        <p className="rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900" role="alert">
          {share.warning}
        </p>
      )}
      {wa && (
        <p className="text-xs">
          <a
            className="text-green-700 underline"
            href={wa}
            target="_blank"
            rel="noreferrer"
            data-testid="whatsapp-link"
          >
            Open WhatsApp again
          </a>
        </p>
      )}
    </div>
  )
}

interface Reminder {
  id: number
  at: string
  by: string
  channel: string
  amount: number
  detail: string
}

const CHANNEL: Record<string, string> = { whatsapp: 'WhatsApp', email: 'E-mail' }

/** "26/11/2026 02:33" in the agency's time zone (a reminder's time is stored in UTC). */
export const whenSent = (at: string, timeZone = 'Asia/Karachi') =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  })
    .format(new Date(at))
    .replace(',', '')

/** Every reminder sent to the party: who, when, channel, amount. */
export const ReminderLog = ({ kind, partyKey }: { kind: DebtorKind; partyKey: string }) => {
  const timeZone = useAgency().data?.time_zone
  const log = useQuery({
    queryKey: ['reminders', kind, partyKey],
    queryFn: () => api.get<{ reminders: Reminder[] }>(`${partyPath({ kind, key: partyKey })}/reminders`),
  })
  if (log.isPending) return <p className="text-sm text-slate-500">Loading reminders...</p>
  if (log.isError) return <p className="text-sm text-red-700">Failed to load reminders</p>
  if (!log.data.reminders.length) return <p className="text-sm text-slate-500">No reminders sent yet.</p>
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label="Reminders sent">
      {log.data.reminders.map((r) => (
        <li key={r.id} className="py-1.5">
          <span className="font-medium">{CHANNEL[r.channel] ?? r.channel}</span> · {whenSent(r.at, timeZone)}{' '}
          · {r.by} · Rs {formatAmount(r.amount)}
          <p className="truncate text-xs text-slate-500" title={r.detail}>
            {r.detail}
          </p>
        </li>
      ))}
    </ul>
  )
}

interface ShareRow {
  id: number
  date_from: string | null
  date_to: string | null
  expires_at: string
  revoked_at: string | null
  created_by_name: string
  created_at: string
  openings: { at: string; what: string }[]
}

/** The party's share links with every opening, and Revoke (issue 25). */
export const ShareLinks = ({ kind, partyKey }: { kind: DebtorKind; partyKey: string }) => {
  const qc = useQueryClient()
  const timeZone = useAgency().data?.time_zone
  const key = ['shares', kind, partyKey]
  const shares = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ shares: ShareRow[] }>(`${partyPath({ kind, key: partyKey })}/shares`),
  })
  const revoke = useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/statement-shares/${id}`),
    onSuccess: (r) => {
      toast.success(r.message)
      void qc.invalidateQueries({ queryKey: key })
    },
    onError: (e) => toast.error((e as Error).message),
  })
  if (shares.isPending) return <p className="text-sm text-slate-500">Loading links...</p>
  if (shares.isError) return <p className="text-sm text-red-700">Failed to load share links</p>
  if (!shares.data.shares.length) return <p className="text-sm text-slate-500">No links shared yet.</p>
  const now = new Date().toISOString()
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label="Share links">
      {shares.data.shares.map((s) => {
        const state = s.revoked_at ? 'Revoked' : s.expires_at <= now ? 'Expired' : 'Active'
        return (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
            <span>
              {whenSent(s.created_at, timeZone)} by {s.created_by_name} ·{' '}
              {period(s.date_from ?? '', s.date_to ?? '')} ·{' '}
              <span className={state === 'Active' ? 'text-green-700' : 'text-slate-500'}>{state}</span> ·
              opened {s.openings.length} time{s.openings.length === 1 ? '' : 's'}
              {s.openings[0] ? ` (last ${whenSent(s.openings[0].at, timeZone)})` : ''}
            </span>
            {state === 'Active' && (
              <button
                type="button"
                className="btn-secondary px-2 py-1 text-xs"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(s.id)}
              >
                Revoke
              </button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
