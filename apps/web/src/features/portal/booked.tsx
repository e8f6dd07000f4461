import { formatDate } from '@booking/shared/date-text'
import { downloadFile } from '../../lib/files.ts'
import { REQUEST_KINDS } from '../../lib/request-kinds.ts'
import type { PortalLang, portalWords } from './words.ts'

/**
 * The bookings the agent's requests became that name no agent themselves (decision 134): each
 * requestable type but the ticket, under its spec's desk key in `GET /api/portal/bookings`.
 */

type Words = ReturnType<typeof portalWords>

export interface BookedRecord {
  id: number
  entry: string
  sector: string
  package: string
  depart_date: string | null
  return_date: string | null
  passengers: string
  amount: number
  remaining: number
  stage: string | null
  receipt: string
}

/** The types listed apart from tickets, with their desk key. */
export const BOOKED_TYPES = REQUEST_KINDS.filter((k) => k.desk !== 'tickets')

export const typeName = (t: (typeof BOOKED_TYPES)[number], lang: PortalLang) =>
  lang === 'ur' ? t.ur : t.name

/** "Umrah and Visa to pay": what these bookings still owe, said apart from the agent's balance. */
export const BookedOwed = ({
  w,
  lang,
  owed,
  money,
}: {
  w: Words
  lang: PortalLang
  owed: number
  money: (n: number) => string
}) => (
  <div className="mt-3 border-t border-slate-200 pt-3 text-sm">
    <p className="text-slate-500">
      {w.bookedOwed(BOOKED_TYPES.map((t) => typeName(t, lang)).join(` ${w.and} `))}
    </p>
    <p data-testid="portal-booked-owed" className="font-medium">
      {money(owed)}
    </p>
    <p className="text-xs text-slate-500">{w.bookedOwedNote}</p>
  </div>
)

/**
 * A booking's price, what is left of it, and its receipt (`receipt`: the API path after /api):
 * the line every booking on the desk ends with, a ticket or a booked type alike.
 */
export const DueAndReceipt = ({
  w,
  money,
  booking,
  receipt,
  onError,
}: {
  w: Words
  money: (n: number) => string
  booking: { amount: number; remaining: number }
  receipt: string
  onError: (message: string) => void
}) => (
  <div className="flex items-center justify-between gap-2">
    <span>
      {money(booking.amount)} · {w.remaining} {money(booking.remaining)}
    </span>
    <button
      type="button"
      className="text-blue-700 underline"
      onClick={() => downloadFile(receipt, undefined, 'receipt.pdf').catch((e: Error) => onError(e.message))}
    >
      {w.receipt}
    </button>
  </div>
)

export const BookedList = ({
  w,
  lang,
  lists,
  money,
  onError,
}: {
  w: Words
  lang: PortalLang
  lists: Record<string, BookedRecord[] | undefined>
  money: (n: number) => string
  onError: (message: string) => void
}) =>
  BOOKED_TYPES.map((t) => {
    const rows = lists[t.desk] ?? []
    if (rows.length === 0) return null
    return (
      <div key={t.desk} className="mt-3">
        <h3 className="text-sm font-semibold text-slate-700">{typeName(t, lang)}</h3>
        <ul className="divide-y divide-slate-200" data-testid={`portal-booked-${t.desk}`}>
          {rows.map((r) => (
            <li key={r.id} className="py-2 text-sm">
              <div className="flex justify-between gap-2">
                <span className="min-w-0 font-medium">
                  {/* Each value keeps its own direction on the Urdu desk ("15 days", "ISB-JED"). */}
                  {r.package && <bdi>{r.package}</bdi>}
                  {r.package && r.sector ? ' · ' : ''}
                  {r.sector && <bdi>{r.sector}</bdi>}
                </span>
                <span className="whitespace-nowrap">
                  {[r.depart_date, r.return_date]
                    .filter(Boolean)
                    .map((d) => formatDate(d))
                    .join(' – ')}
                </span>
              </div>
              <p className="text-slate-600">
                <span className="font-mono">{r.entry}</span>
                {r.passengers ? ` · ${w.passengers}: ${r.passengers}` : ''}
                {r.stage ? ` · ${w.bookingState[r.stage] ?? r.stage}` : ''}
              </p>
              <DueAndReceipt
                w={w}
                money={money}
                booking={r}
                receipt={r.receipt.replace(/^\/api/, '')}
                onError={onError}
              />
            </li>
          ))}
        </ul>
      </div>
    )
  })
