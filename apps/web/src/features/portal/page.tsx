import type { Statement } from '@booking/shared'
import { formatDate, todayIso } from '@booking/shared/date-text'
import { formatAmount } from '@booking/shared/money'
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { DateInput } from '../../components/date-input.tsx'
import { ApiError, api } from '../../lib/api.ts'
import { useAuth } from '../../lib/auth.tsx'
import { downloadFile } from '../../lib/files.ts'
import { readToken } from '../../lib/session.ts'
// The Urdu face the papers print with (server's documents/pdf.ts): phones' own fonts lack letters
// such as heh goal. Loaded with the desk's chunk only.
import '@fontsource/noto-naskh-arabic/arabic-400.css'
import '@fontsource/noto-naskh-arabic/arabic-700.css'
import type { BookingRequest } from '../../lib/booking-request.ts'
import { BookedList, BookedOwed, type BookedRecord, DueAndReceipt } from './booked.tsx'
import { Field } from './field.tsx'
import { FormStatus } from './form-status.tsx'
import { isOffline, OfflineNote } from './offline-note.tsx'
import { type Notice, Notices, RequestForm, RequestList } from './requests.tsx'
import { type PortalLang, portalWords } from './words.ts'

/**
 * An agent's desk (issue 35 item 2): phone-first, in the agent's language. Every figure comes from
 * /api/portal/*, which the server scopes to the signed-in user's agent.
 */

interface Me {
  agent: string
  balance: number
  credit_limit: number | null
  credit_left: number | null
  currency: string
  last_payment: { date: string; entry: string; amount: number } | null
  language: PortalLang
}
interface Ticket {
  id: number
  entry: string
  sector: string
  airline: string
  depart_date: string | null
  pnr: string
  ticket_numbers: string[]
  amount: number
  remaining: number
  voided: boolean
}
interface Deposit {
  id: number
  amount: number
  date: string
  bank: string
  reference: string
  status: 'pending' | 'approved' | 'rejected'
  reason: string | null
  entry: string | null
}

const monthStart = () => `${todayIso().slice(0, 8)}01`

/** The period a link names (`/portal?from=2026-01-01&to=2026-06-30`), else this month so far. */
const firstRange = () => {
  const q = new URLSearchParams(window.location.search)
  const day = (key: string) => (/^\d{4}-\d{2}-\d{2}$/.test(q.get(key) ?? '') ? q.get(key) : null)
  return { from: day('from') ?? monthStart(), to: day('to') ?? todayIso() }
}

export default function PortalPage() {
  const { logout } = useAuth()
  const [me, setMe] = useState<Me | null>(null)
  const [overdue, setOverdue] = useState<{ overdue: number; min_days: number } | null>(null)
  const [range, setRange] = useState(firstRange)
  const [statement, setStatement] = useState<Statement | null>(null)
  const [tickets, setTickets] = useState<Ticket[]>([])
  // The Umrah and visas the agent's requests became, by desk key, and what they still owe.
  const [booked, setBooked] = useState<Record<string, BookedRecord[] | undefined>>({})
  const [bookedOwed, setBookedOwed] = useState(0)
  const [deposits, setDeposits] = useState<Deposit[]>([])
  const [banks, setBanks] = useState<string[]>([])
  const [requests, setRequests] = useState<BookingRequest[]>([])
  const [notices, setNotices] = useState<Notice[]>([])
  const [error, setError] = useState('')

  const loadStatement = useCallback(
    () =>
      api.get<Statement>('/portal/statement', range).then(setStatement, (e: Error) => setError(e.message)),
    [range],
  )
  const loadDesk = useCallback(async () => {
    // The balance on its own, asked with the rest (one round trip on a slow link, not two): offline,
    // the service worker still has it while the others fail (decision 117).
    const balance = api.get<Me>('/portal/me').then(setMe, (e: Error) => setError(e.message))
    try {
      const [o, b, d, k, r, n] = await Promise.all([
        api.get<{ overdue: number; min_days: number }>('/portal/overdue'),
        api.get<{ tickets: Ticket[]; booked_remaining: number } & Record<string, unknown>>(
          '/portal/bookings',
        ),
        api.get<{ deposits: Deposit[] }>('/portal/deposits'),
        api.get<{ banks: string[] }>('/portal/banks'),
        api.get<{ requests: BookingRequest[] }>('/portal/requests'),
        api.get<{ notices: Notice[] }>('/portal/notices'),
      ])
      setOverdue(o)
      setTickets(b.tickets)
      setBooked(b as Record<string, BookedRecord[] | undefined>)
      setBookedOwed(b.booked_remaining)
      setDeposits(d.deposits)
      setBanks(k.banks)
      setRequests(r.requests)
      setNotices(n.notices)
    } catch (e) {
      // Offline, the balance from the service worker is what the desk shows: its answer first.
      await balance
      setError((e as Error).message)
    }
    await balance
  }, [])
  useEffect(() => {
    void loadDesk()
  }, [loadDesk])
  // The period is shown when asked (Show), and once at first: not on every change of a date box.
  useEffect(() => {
    void loadStatement()
  }, [])

  const w = portalWords(me?.language ?? 'en')
  const money = (n: number | null | undefined) => `${me?.currency ?? 'PKR'} ${formatAmount(n ?? 0)}`
  // An agent kept in another currency (issue 34): the statement's amounts are in it, rupees beside.
  const inStatement = (n: number | null | undefined) =>
    statement?.currency ? `${statement.currency} ${formatAmount(n ?? 0)}` : money(n)
  // One paint for the first answers: a statement or overdue note arriving after the balance would
  // push everything below it down while the agent reads (Lighthouse's layout shift).
  const settled = (statement !== null && overdue !== null) || error !== ''
  if (!me || !settled) return <div className="p-8 text-center text-slate-500">{error || w.loading}</div>

  return (
    <div
      dir={me.language === 'ur' ? 'rtl' : 'ltr'}
      lang={me.language}
      className="min-h-full bg-slate-50"
      style={me.language === 'ur' ? { fontFamily: "'Noto Naskh Arabic', system-ui, sans-serif" } : undefined}
    >
      <header className="flex items-center justify-between gap-2 bg-blue-700 px-4 py-3 text-white">
        <div className="min-w-0">
          <p className="text-xs opacity-80">{w.desk}</p>
          <h1 className="truncate text-lg font-semibold">{me.agent}</h1>
        </div>
        <button type="button" className="rounded border border-white/40 px-3 py-1.5 text-sm" onClick={logout}>
          {w.signOut}
        </button>
      </header>
      <main className="mx-auto flex max-w-3xl flex-col gap-4 p-4">
        <OfflineNote lang={me.language} answers={[me, statement]} />
        {error && !isOffline([me, statement]) && (
          <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-700">
            {error}
          </p>
        )}
        <section aria-label={w.balance} className="card p-4">
          <p className="text-sm text-slate-600">{w.balance}</p>
          <p data-testid="portal-balance" className="text-3xl font-bold text-slate-900">
            {money(me.balance)}
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-slate-500">{w.creditLimit}</dt>
              <dd className="font-medium">{me.credit_limit === null ? w.noLimit : money(me.credit_limit)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{w.creditLeft}</dt>
              <dd className="font-medium">{me.credit_left === null ? w.noLimit : money(me.credit_left)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{w.lastPayment}</dt>
              <dd className="font-medium">
                {me.last_payment
                  ? `${money(me.last_payment.amount)} · ${formatDate(me.last_payment.date)}`
                  : w.none}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{w.overdue}</dt>
              <dd className={`font-medium ${overdue && overdue.overdue > 0 ? 'text-red-700' : ''}`}>
                {money(overdue?.overdue ?? 0)}
              </dd>
              {overdue && <dd className="text-xs text-slate-500">{w.overdueNote(overdue.min_days)}</dd>}
            </div>
          </dl>
          {/* Decision 134: owed on the customer account, so told apart from the balance. */}
          {bookedOwed > 0 && <BookedOwed w={w} lang={me.language} owed={bookedOwed} money={money} />}
        </section>

        <Notices w={w} notices={notices} />

        <section aria-labelledby="st-h" className="card p-4">
          <h2 id="st-h" className="mb-3 text-lg font-semibold">
            {w.statement}
          </h2>
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault()
              void loadStatement()
            }}
          >
            <Field label={w.from} htmlFor="st-from">
              <DateInput
                id="st-from"
                value={range.from}
                onChange={(iso) => setRange({ ...range, from: iso })}
              />
            </Field>
            <Field label={w.to} htmlFor="st-to">
              <DateInput id="st-to" value={range.to} onChange={(iso) => setRange({ ...range, to: iso })} />
            </Field>
            <button type="submit" className="btn-secondary">
              {w.show}
            </button>
          </form>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary"
              onClick={() =>
                downloadFile('/portal/statement', { ...range, format: 'pdf' }, 'statement.pdf').catch(
                  (e: Error) => setError(e.message),
                )
              }
            >
              {w.pdf}
            </button>
            <button
              type="button"
              className="btn-secondary"
              onClick={() =>
                downloadFile('/portal/statement', { ...range, format: 'xlsx' }, 'statement.xlsx').catch(
                  (e: Error) => setError(e.message),
                )
              }
            >
              {w.excel}
            </button>
          </div>
          {statement && (
            <div className="mt-3">
              <p className="text-sm">
                {w.opening}: <b>{inStatement(statement.opening)}</b>
              </p>
              <ul className="mt-2 divide-y divide-slate-200">
                {statement.rows.map((r, i) => (
                  <li key={`${r.entry}-${i}`} className="py-2 text-sm">
                    <div className="flex justify-between gap-2">
                      <span>
                        {formatDate(r.date)} · <span className="font-mono">{r.entry}</span>
                      </span>
                      <span className="font-medium">{inStatement(r.balance)}</span>
                    </div>
                    <div className="flex justify-between gap-2 text-slate-600">
                      <span className="min-w-0 truncate">{r.detail}</span>
                      <span className="whitespace-nowrap">
                        {r.debit
                          ? `${w.debit} ${formatAmount(r.debit)}`
                          : `${w.credit} ${formatAmount(r.credit)}`}
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-sm">
                {w.closing}: <b data-testid="portal-closing">{inStatement(statement.closing)}</b>
                {statement.currency && (
                  <span className="text-slate-600"> ({money(statement.closing_pkr)})</span>
                )}
              </p>
            </div>
          )}
        </section>

        <DepositForm w={w} banks={banks} onSent={loadDesk} />

        <section aria-labelledby="dep-h" className="card p-4">
          <h2 id="dep-h" className="mb-2 text-lg font-semibold">
            {w.deposits}
          </h2>
          <ul className="divide-y divide-slate-200" data-testid="portal-deposits">
            {deposits.map((d) => (
              <li key={d.id} className="py-2 text-sm">
                <div className="flex justify-between gap-2">
                  <span>
                    {formatDate(d.date)} · {d.bank} · {d.reference}
                  </span>
                  <b className="whitespace-nowrap">{money(d.amount)}</b>
                </div>
                <p
                  className={
                    d.status === 'approved'
                      ? 'text-green-700'
                      : d.status === 'rejected'
                        ? 'text-red-700'
                        : 'text-amber-700'
                  }
                >
                  {w.status[d.status]}
                  {d.entry ? ` · ${d.entry}` : ''}
                  {d.reason ? ` · ${d.reason}` : ''}
                </p>
              </li>
            ))}
          </ul>
        </section>

        <RequestForm
          w={w}
          lang={me.language}
          creditLeft={me.credit_left}
          currency={me.currency}
          onSent={loadDesk}
        />
        <RequestList w={w} requests={requests} currency={me.currency} />

        <section aria-labelledby="bk-h" className="card p-4">
          <h2 id="bk-h" className="mb-2 text-lg font-semibold">
            {w.bookings}
          </h2>
          {tickets.length === 0 &&
            Object.values(booked).every((l) => !Array.isArray(l) || l.length === 0) && (
              <p className="text-sm text-slate-500">{w.noBookings}</p>
            )}
          <ul className="divide-y divide-slate-200">
            {tickets.map((t) => (
              <li key={t.id} className="py-2 text-sm">
                <div className="flex justify-between gap-2">
                  <span className="font-medium">
                    {t.sector} · {t.airline} {t.voided ? `(${w.voided})` : ''}
                  </span>
                  <span>{formatDate(t.depart_date)}</span>
                </div>
                <p className="text-slate-600">
                  {t.entry} · {w.pnr} {t.pnr || '-'}
                  {t.ticket_numbers.length > 0 ? ` · ${w.tickets}: ${t.ticket_numbers.join(', ')}` : ''}
                </p>
                <DueAndReceipt
                  w={w}
                  money={money}
                  booking={t}
                  receipt={`/portal/bookings/tickets/${t.id}/receipt.pdf`}
                  onError={setError}
                />
              </li>
            ))}
          </ul>
          <BookedList w={w} lang={me.language} lists={booked} money={money} onError={setError} />
        </section>
      </main>
    </div>
  )
}

const DepositForm = ({
  w,
  banks,
  onSent,
}: {
  w: ReturnType<typeof portalWords>
  banks: string[]
  onSent: () => Promise<void>
}) => {
  const [busy, setBusy] = useState(false)
  const [date, setDate] = useState(todayIso)
  const [notice, setNotice] = useState<{ ok: boolean; text: string; errors?: Record<string, string> } | null>(
    null,
  )
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = e.currentTarget
    setBusy(true)
    setNotice(null)
    try {
      const res = await fetch('/api/portal/deposits', {
        method: 'POST',
        headers: { Authorization: `Bearer ${readToken() ?? ''}` },
        body: new FormData(form),
      })
      const body = (await res.json()) as { message?: string; errors?: Record<string, string> }
      if (!res.ok) throw new ApiError(res.status, body.message ?? 'Could not send', body.errors)
      form.reset()
      setNotice({ ok: true, text: w.sent })
      await onSent()
    } catch (err) {
      setNotice({ ok: false, text: (err as Error).message, errors: (err as ApiError).errors })
    } finally {
      setBusy(false)
    }
  }
  const errors = notice?.errors
  return (
    <section aria-labelledby="send-h" className="card p-4">
      <h2 id="send-h" className="mb-2 text-lg font-semibold">
        {w.sendDeposit}
      </h2>
      <form onSubmit={submit} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label={w.amount} error={errors?.amount}>
          <input name="amount" inputMode="decimal" className="input" required />
        </Field>
        <Field label={w.date} htmlFor="dep-date" error={errors?.date}>
          <DateInput id="dep-date" value={date} onChange={setDate} />
          {/* The form sends yyyy-mm-dd; the box shows dd/mm/yyyy. */}
          <input type="hidden" name="date" value={date} />
        </Field>
        <Field label={w.bank} error={errors?.bank}>
          <select name="bank" className="input" required defaultValue="">
            <option value="" disabled>
              -
            </option>
            {banks.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </Field>
        <Field label={w.reference} error={errors?.reference}>
          <input name="reference" className="input" required />
        </Field>
        <Field label={w.slip} error={errors?.slip} className="sm:col-span-2">
          <input
            name="slip"
            type="file"
            accept="image/jpeg,image/png,application/pdf"
            capture="environment"
            required
          />
        </Field>
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
            {w.send}
          </button>
        </div>
        <FormStatus notice={notice} />
      </form>
    </section>
  )
}
