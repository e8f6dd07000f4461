import { type CollectionRow, displayPhone, formatAmount, formatDate } from '@booking/shared'
import { type FormEvent, useState } from 'react'
import { DateInput } from '../../components/date-input.tsx'
import { ReminderLog, SendStatement, whenSent } from '../../components/send-statement.tsx'
import { useAgency } from '../../lib/agency.ts'
import { ApiError } from '../../lib/api.ts'
import { useCollections } from '../../lib/collections.ts'

const KIND = { agent: 'Agent', customer: 'Customer' } as const

const lastReminder = (r: CollectionRow, timeZone?: string) =>
  r.last_reminder
    ? `${r.last_reminder.channel === 'whatsapp' ? 'WhatsApp' : 'E-mail'} ${whenSent(r.last_reminder.at, timeZone).slice(0, 10)} by ${r.last_reminder.by}`
    : 'None'

const lastPayment = (r: CollectionRow) =>
  r.last_payment ? `Rs ${formatAmount(r.last_payment.amount)} on ${formatDate(r.last_payment.date)}` : 'None'

/** "To collect" (issue 25): every agent and customer with an overdue amount, largest first. */
const ToCollectPage = () => {
  const [asOf, setAsOf] = useState('')
  const [minDays, setMinDays] = useState('')
  const [asked, setAsked] = useState<{ as_of?: string; min_days?: string }>({})
  const [open, setOpen] = useState<string | null>(null)
  const list = useCollections(asked)
  const timeZone = useAgency().data?.time_zone
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setAsked({ as_of: asOf || undefined, min_days: minDays || undefined })
  }
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">To Collect</h1>
      <form className="card flex flex-wrap items-end gap-3 p-4" onSubmit={submit}>
        <label className="w-[calc(50%-0.375rem)] sm:w-44">
          <span className="label">As of</span>
          <DateInput className="input" value={asOf} onChange={setAsOf} aria-label="As of" />
        </label>
        <label className="w-[calc(50%-0.375rem)] sm:w-40">
          <span className="label">Older than (days)</span>
          <input
            className="input"
            type="number"
            min={0}
            placeholder={String(list.data?.min_days ?? 30)}
            value={minDays}
            onChange={(e) => setMinDays(e.target.value)}
          />
        </label>
        <button type="submit" className="btn-primary">
          Show
        </button>
      </form>
      {list.isPending && <p className="py-10 text-center text-slate-500">Loading data...</p>}
      {list.isError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
          {list.error instanceof ApiError ? list.error.message : 'Failed to load the list'}
        </p>
      )}
      {list.data && (
        <>
          <p className="text-sm text-slate-600">
            As of {formatDate(list.data.as_of)}, owed for more than {list.data.min_days} days:{' '}
            <b className="tabular-nums">Rs {formatAmount(list.data.totals.overdue)}</b> of Rs{' '}
            {formatAmount(list.data.totals.total)} owed in all.
          </p>
          {list.data.rows.length === 0 ? (
            <p className="card p-8 text-center text-slate-500">Nobody owes anything overdue.</p>
          ) : (
            <ul className="space-y-3" aria-label="To collect">
              {list.data.rows.map((r) => {
                const id = `${r.kind}:${r.key}`
                return (
                  <li key={id} className="card p-4" data-testid="collect-row">
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="font-semibold text-slate-900">
                          {r.name} <span className="text-xs font-normal text-slate-500">{KIND[r.kind]}</span>
                        </p>
                        <p className="text-sm text-slate-600">
                          {displayPhone(r.phone) || 'No phone'}
                          {r.phone && !r.whatsapp_number ? ' (not a valid number)' : ''}
                          {r.email ? ` · ${r.email}` : ''}
                        </p>
                        <p className="text-xs text-slate-500">
                          Last payment: {lastPayment(r)} · Last reminder:{' '}
                          <span data-testid="last-reminder">{lastReminder(r, timeZone)}</span>
                        </p>
                      </div>
                      <div className="text-right">
                        <p className="text-lg font-semibold tabular-nums text-red-700">
                          Rs {formatAmount(r.overdue)}
                        </p>
                        <p className="text-xs text-slate-500 tabular-nums">
                          overdue of Rs {formatAmount(r.total)}
                        </p>
                        {r.currency && (
                          <p className="text-xs text-slate-600 tabular-nums" data-testid="owed-in-currency">
                            {r.currency} {formatAmount(r.overdue_fx ?? 0)} of {r.currency}{' '}
                            {formatAmount(r.total_fx ?? 0)}
                          </p>
                        )}
                      </div>
                    </div>
                    <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                      <SendStatement
                        compact
                        to={list.data.as_of}
                        target={{
                          kind: r.kind,
                          key: r.key,
                          name: r.name,
                          phone: r.whatsapp_number ? r.phone : '',
                          language: r.language,
                          amount: r.total,
                        }}
                      />
                      <button
                        type="button"
                        className="text-sm text-blue-700 underline"
                        aria-expanded={open === id}
                        onClick={() => setOpen(open === id ? null : id)}
                      >
                        {open === id ? 'Hide reminders' : 'Reminders sent'}
                      </button>
                    </div>
                    {open === id && (
                      <div className="mt-2 border-t border-slate-100 pt-2">
                        <ReminderLog kind={r.kind} partyKey={r.key} />
                      </div>
                    )}
                  </li>
                )
              })}
            </ul>
          )}
        </>
      )}
    </section>
  )
}

export default ToCollectPage
