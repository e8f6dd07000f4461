import { formatDate, todayIso } from '@booking/shared/date-text'
import { formatAmount } from '@booking/shared/money'
import { CONFIRM_OVER_LIMIT, requestPassesLimit } from '@booking/shared/request-limit'
import { type ChangeEvent, type FormEvent, useState } from 'react'
import { DateInput } from '../../components/date-input.tsx'
import { ApiError, api } from '../../lib/api.ts'
import type { BookingRequest } from '../../lib/booking-request.ts'
import { REQUEST_KINDS } from '../../lib/request-kinds.ts'
import { Field, FieldError } from './field.tsx'
import { FormStatus } from './form-status.tsx'
import type { PortalLang, portalWords } from './words.ts'

/**
 * Booking requests from the desk (issue 35 item 4): a ticket, Umrah or visa, its passengers read
 * from their passport photos by the app's MRZ reader (the one the staff's forms use), and a warning
 * before it is sent when it would pass the credit limit (decision 115).
 */

type Words = ReturnType<typeof portalWords>

interface Pax {
  key: number
  title: string
  firstName: string
  lastName: string
  documentNo: string
  dob: string
  nationality: string
  documentExpiry: string
  issueCountry: string
  /** What the photo said, shown under the block; or why nothing was read. */
  read: { ok: boolean; text: string } | null
  reading: boolean
}

let nextKey = 1
const blank = (): Pax => ({
  key: nextKey++,
  title: '',
  firstName: '',
  lastName: '',
  documentNo: '',
  dob: '',
  nationality: '',
  documentExpiry: '',
  issueCountry: '',
  read: null,
  reading: false,
})

/** A passport photo read in the browser (tesseract, loaded only now) and checked by the MRZ rules. */
const readPassport = async (file: File) => {
  const [{ readMrzFromPhoto }, { mrzPassenger, parseMrz }] = await Promise.all([
    import('../../lib/passport-photo-ocr.ts'),
    import('@booking/shared/mrz'),
  ])
  const found = await readMrzFromPhoto(file, () => {}, new AbortController().signal)
  if (!found.ok) return null
  const parsed = parseMrz(found.lines)
  return parsed.ok ? { fields: parsed.fields, passenger: mrzPassenger(parsed.fields) } : null
}

export const RequestForm = ({
  w,
  lang,
  creditLeft,
  currency,
  onSent,
}: {
  w: Words
  lang: PortalLang
  creditLeft: number | null
  currency: string
  onSent: () => Promise<void>
}) => {
  const [kind, setKind] = useState(REQUEST_KINDS[0]?.kind ?? '')
  const [sector, setSector] = useState('')
  const [depart, setDepart] = useState(todayIso)
  const [ret, setRet] = useState('')
  const [pax, setPax] = useState<Pax[]>(() => [blank()])
  const [amount, setAmount] = useState('')
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<{ ok: boolean; text: string; errors?: Record<string, string> } | null>(
    null,
  )
  const [confirming, setConfirming] = useState<string | null>(null)

  const set = (key: number, patch: Partial<Pax>) =>
    setPax((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)))
  const money = (n: number) => `${currency} ${formatAmount(n)}`
  const amountNumber = amount.trim() && Number.isFinite(Number(amount)) ? Number(amount) : null
  const over = requestPassesLimit(creditLeft, amountNumber)
  const overText =
    over && creditLeft !== null
      ? w.overLimit(money(creditLeft), amountNumber !== null ? money(amountNumber) : null)
      : null
  // A visa is for one passenger (a Visa Processing record holds one).
  const onePassenger = kind === 'visa'

  const photo = async (p: Pax, e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    set(p.key, { reading: true, read: null })
    try {
      const read = await readPassport(file)
      if (!read) return set(p.key, { reading: false, read: { ok: false, text: w.noMrz } })
      const { fields, passenger: filled } = read
      set(p.key, {
        reading: false,
        // The passport says the sex, not the title: the forms' usual one for it, staff may change it.
        title: fields.sex === 'M' ? 'Mr' : fields.sex === 'F' ? 'Ms' : '',
        firstName: filled.firstName,
        lastName: filled.lastName,
        documentNo: filled.documentNo,
        dob: filled.dob,
        nationality: filled.nationality,
        documentExpiry: filled.documentExpiry,
        issueCountry: filled.issueCountry,
        read: {
          ok: true,
          text: `${w.readFrom(`${filled.firstName} ${filled.lastName}`.trim())} · ${w.born} ${formatDate(filled.dob)} · ${w.expires} ${formatDate(filled.documentExpiry)}`,
        },
      })
    } catch {
      set(p.key, { reading: false, read: { ok: false, text: w.noMrz } })
    }
  }

  const send = async (confirmed: boolean) => {
    setBusy(true)
    setNotice(null)
    try {
      await api.post('/portal/requests', {
        kind,
        sector,
        depart_date: depart,
        return_date: ret || null,
        passengers: (onePassenger ? pax.slice(0, 1) : pax).map(({ key, read, reading, ...p }) => ({
          ...p,
          dob: p.dob || null,
          documentExpiry: p.documentExpiry || null,
        })),
        amount: amount.trim() || null,
        note,
        ...(confirmed ? { [CONFIRM_OVER_LIMIT]: true } : {}),
      })
      setConfirming(null)
      setSector('')
      setRet('')
      setPax([blank()])
      setAmount('')
      setNote('')
      setNotice({ ok: true, text: w.requestSent })
      await onSent()
    } catch (err) {
      // Past the credit limit: the server says so and stores nothing until it is sent knowing.
      if (err instanceof ApiError && err.status === 409 && err.errors[CONFIRM_OVER_LIMIT])
        setConfirming(overText ?? err.message)
      else setNotice({ ok: false, text: (err as Error).message, errors: (err as ApiError).errors })
    } finally {
      setBusy(false)
    }
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void send(false)
  }
  const errors = notice?.errors

  return (
    <section aria-labelledby="ask-h" className="card p-4">
      <h2 id="ask-h" className="mb-2 text-lg font-semibold">
        {w.askBooking}
      </h2>
      <form onSubmit={submit} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <fieldset className="flex flex-wrap gap-3 text-sm sm:col-span-2">
          <legend className="mb-1">{w.kind}</legend>
          {REQUEST_KINDS.map((s) => (
            <label key={s.kind} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="kind"
                value={s.kind}
                checked={kind === s.kind}
                onChange={() => setKind(s.kind)}
              />
              {lang === 'ur' ? s.ur : s.name}
            </label>
          ))}
        </fieldset>
        <Field label={kind === 'visa' ? w.country : w.sector} error={errors?.sector}>
          <input className="input" value={sector} onChange={(e) => setSector(e.target.value)} required />
        </Field>
        <Field label={w.travelDate} htmlFor="rq-depart" error={errors?.depart_date}>
          <DateInput id="rq-depart" value={depart} onChange={setDepart} />
        </Field>
        <Field label={w.returnDate} htmlFor="rq-return" error={errors?.return_date}>
          <DateInput id="rq-return" value={ret} onChange={setRet} />
        </Field>
        <fieldset className="flex flex-col gap-3 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium">{w.passengers}</legend>
          {(onePassenger ? pax.slice(0, 1) : pax).map((p, i) => (
            <fieldset
              key={p.key}
              aria-label={w.passenger(i + 1)}
              className="grid grid-cols-1 gap-2 rounded border border-slate-200 p-3 sm:grid-cols-3"
            >
              <div className="flex items-center justify-between gap-2 sm:col-span-3">
                <span className="text-sm font-medium">{w.passenger(i + 1)}</span>
                <label className="btn-secondary cursor-pointer px-3 py-1.5 text-sm focus-within:ring-2 focus-within:ring-blue-500">
                  {w.passportPhoto}
                  <input
                    type="file"
                    accept="image/*"
                    capture="environment"
                    className="sr-only"
                    aria-label={`${w.passportPhoto} ${i + 1}`}
                    onChange={(e) => void photo(p, e)}
                  />
                </label>
              </div>
              {p.reading && (
                <p role="status" className="text-sm text-slate-600 sm:col-span-3">
                  {w.readingPassport}
                </p>
              )}
              {p.read && (
                <p className={`text-sm sm:col-span-3 ${p.read.ok ? 'text-green-700' : 'text-red-700'}`}>
                  {p.read.text}
                </p>
              )}
              <Field label={w.surname} error={errors?.[`passengers.${i}.lastName`]}>
                <input
                  className="input"
                  value={p.lastName}
                  onChange={(e) => set(p.key, { lastName: e.target.value })}
                />
              </Field>
              <Field label={w.givenNames}>
                <input
                  className="input"
                  value={p.firstName}
                  onChange={(e) => set(p.key, { firstName: e.target.value })}
                />
              </Field>
              <Field label={w.passportNo} error={errors?.[`passengers.${i}.documentNo`]}>
                <input
                  className="input font-mono"
                  value={p.documentNo}
                  autoCapitalize="characters"
                  onChange={(e) => set(p.key, { documentNo: e.target.value.toUpperCase() })}
                />
              </Field>
              {pax.length > 1 && !onePassenger && (
                <button
                  type="button"
                  className="justify-self-start text-sm text-red-700 underline"
                  onClick={() => setPax((list) => list.filter((x) => x.key !== p.key))}
                >
                  {w.remove}
                </button>
              )}
            </fieldset>
          ))}
          <FieldError text={errors?.passengers} />
          {!onePassenger && pax.length < 20 && (
            <button
              type="button"
              className="btn-secondary self-start"
              onClick={() => setPax((list) => [...list, blank()])}
            >
              {w.addPassenger}
            </button>
          )}
        </fieldset>
        <Field label={w.quoted} error={errors?.amount}>
          <input
            className="input"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
        <Field label={w.note}>
          <input className="input" value={note} onChange={(e) => setNote(e.target.value)} />
        </Field>
        {overText && !confirming && (
          <p className="rounded bg-amber-50 p-2 text-sm text-amber-800 sm:col-span-2">{overText}</p>
        )}
        {confirming ? (
          <div
            role="alert"
            className="flex flex-col gap-2 rounded bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2"
          >
            <p>{confirming}</p>
            <div className="flex gap-2">
              <button type="button" className="btn-primary" disabled={busy} onClick={() => void send(true)}>
                {w.sendAnyway}
              </button>
              <button type="button" className="btn-secondary" onClick={() => setConfirming(null)}>
                {w.cancel}
              </button>
            </div>
          </div>
        ) : (
          <div className="sm:col-span-2">
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
              {w.sendRequest}
            </button>
          </div>
        )}
        <FormStatus notice={notice} />
      </form>
    </section>
  )
}

export const RequestList = ({
  w,
  requests,
  currency,
}: {
  w: Words
  requests: BookingRequest[]
  currency: string
}) => {
  const money = (n: number) => `${currency} ${formatAmount(n)}`
  return (
    <section aria-labelledby="rq-h" className="card p-4">
      <h2 id="rq-h" className="mb-2 text-lg font-semibold">
        {w.myRequests}
      </h2>
      {requests.length === 0 && <p className="text-sm text-slate-500">{w.noRequests}</p>}
      <ul className="divide-y divide-slate-200" data-testid="portal-requests">
        {requests.map((r) => {
          const spec = REQUEST_KINDS.find((s) => s.kind === r.kind)
          return (
            <li key={r.id} className="py-2 text-sm">
              <div className="flex justify-between gap-2">
                <span className="font-medium">
                  {spec?.name ?? r.kind} · {r.sector}
                </span>
                <span>{formatDate(r.depart_date)}</span>
              </div>
              <p className="text-slate-600">
                {r.passengers.map((p) => `${p.firstName ?? ''} ${p.lastName}`.trim()).join(', ')}
              </p>
              <p
                className={
                  r.status === 'booked'
                    ? 'text-green-700'
                    : r.status === 'declined'
                      ? 'text-red-700'
                      : 'text-amber-700'
                }
              >
                {w.requestStatus[r.status] ?? r.status}
                {r.reason ? ` · ${r.reason}` : ''}
              </p>
              {r.booking && (
                <p className="text-slate-800">
                  <span className="font-mono">{r.booking.entry}</span> ·{' '}
                  {w.bookingState[r.booking.state] ?? r.booking.state}
                  {r.booking.pnr ? ` · ${w.pnr} ${r.booking.pnr}` : ''}
                  {r.booking.ticket_numbers.length > 0
                    ? ` · ${w.tickets}: ${r.booking.ticket_numbers.join(', ')}`
                    : ''}
                  {r.booking.amount !== null ? ` · ${money(r.booking.amount)}` : ''}
                  {r.booking.remaining ? ` · ${w.remaining} ${money(r.booking.remaining)}` : ''}
                </p>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

export interface Notice {
  kind: 'deposit' | 'request'
  id: number
  status: string
  at: string
  text: string
  reason: string | null
  entry: string | null
}

export const Notices = ({ w, notices }: { w: Words; notices: Notice[] }) =>
  notices.length === 0 ? null : (
    <section aria-labelledby="nt-h" className="card border-blue-200 bg-blue-50 p-4">
      <h2 id="nt-h" className="mb-2 text-lg font-semibold">
        {w.notices}
      </h2>
      <ul className="flex flex-col gap-1 text-sm" data-testid="portal-notices">
        {notices.map((n) => (
          <li key={`${n.kind}-${n.id}`}>
            <b>{w.notice[`${n.kind}:${n.status}`] ?? n.status}</b> · {n.text}
            {n.entry ? ` · ${n.entry}` : ''}
            {n.reason ? ` · ${n.reason}` : ''} · {formatDate(n.at.slice(0, 10))}
          </li>
        ))}
      </ul>
    </section>
  )
