import { BOOKS_CURRENCY, CURRENCY_MINOR_UNITS } from '../currency.ts'
import type { ReadSegment, ReadTicket, TicketMoney, TicketParseAnswer } from './types.ts'

/** Airline names the wizard's Airline field shows for the codes Pakistani agencies sell most. */
const AIRLINE_NAMES: Record<string, string> = {
  PK: 'PIA',
  EK: 'Emirates',
  SV: 'Saudia',
  QR: 'Qatar Airways',
  FZ: 'flydubai',
  PA: 'Airblue',
  PF: 'AirSial',
  ER: 'SereneAir',
  EY: 'Etihad',
  TK: 'Turkish Airlines',
  G9: 'Air Arabia',
  GF: 'Gulf Air',
  WY: 'Oman Air',
}
export const airlineName = (code: string | null) => (code ? (AIRLINE_NAMES[code] ?? code) : '')

/** The ticket form's titles (Mr, Mrs, Ms, Dr); a boy (MSTR) is Mr, a girl (MISS) Ms. */
const TITLE: Record<string, string> = { MR: 'Mr', MRS: 'Mrs', MS: 'Ms', MISS: 'Ms', MSTR: 'Mr', DR: 'Dr' }

export interface PastedPassenger {
  title: string
  firstName: string
  lastName: string
}

/** What the wizard takes from a paste: its fields, the passengers, and the money to show. */
export interface TicketFromPaste {
  values: {
    reference: string
    sector: string
    airline: string
    depart_date: string
    return_date: string
    adults: number
    children: number
    infants: number
    ticket_numbers: string
  }
  passengers: PastedPassenger[]
  /** Fare, taxes and total as printed; `each`: per ticket (GDS) or once for the whole receipt. */
  money: { fare: TicketMoney | null; taxes: ReadTicket['taxes']; total: TicketMoney | null; each: boolean }
  /** The tickets used, and the ones left out (another PNR, or VOID/REFUNDED). */
  used: ReadTicket[]
  notes: string[]
}

/**
 * The trip's shape: out and back when it ends where it started, turning at the longest stay
 * between two flights; else one way from the first airport to the last.
 */
const tripOf = (segments: readonly ReadSegment[]) => {
  const first = segments[0]
  const last = segments[segments.length - 1]
  if (!first) return { sector: '', depart: '', back: '' }
  let turn = -1
  if (segments.length > 1 && first.from && first.from === last.to) {
    let longest = -1
    for (let k = 1; k < segments.length; k++) {
      const a = segments[k - 1].date
      const b = segments[k].date
      const gap = a && b ? Date.parse(b) - Date.parse(a) : 0
      if (gap > longest) {
        longest = gap
        turn = k
      }
    }
  }
  const destination = turn > 0 ? segments[turn - 1].to : last.to
  return {
    sector: first.from && destination ? `${first.from}-${destination}` : '',
    depart: first.date ?? '',
    back: turn > 0 ? (segments[turn].date ?? '') : '',
  }
}

/**
 * One Ticket record from a read paste (issue 22 §3): the live tickets of the first PNR, one
 * passenger block per passenger, counts from the passenger types, the trip from the itinerary.
 */
export const ticketFromPaste = (read: TicketParseAnswer): TicketFromPaste => {
  const notes: string[] = []
  const live = read.tickets.filter((t) => t.status === 'ISSUED' || t.status === 'EXCHANGED')
  const pool = live.length > 0 ? live : read.tickets
  const pnr = pool[0]?.pnr ?? null
  const used = pool.filter((t) => t.pnr === pnr)
  const left = read.tickets.length - used.length
  if (left > 0) notes.push(`${left} ticket${left === 1 ? '' : 's'} left out (another PNR, or VOID/REFUNDED)`)
  const passengers: PastedPassenger[] = []
  const counts = { ADT: 0, CHD: 0, INF: 0 }
  const seen = new Set<string>()
  for (const t of used) {
    const p = t.passenger
    const key = `${p.last_name}/${p.first_name}/${p.type}`
    if (seen.has(key)) continue
    seen.add(key)
    counts[p.type]++
    passengers.push({ title: TITLE[p.title ?? ''] ?? '', firstName: p.first_name, lastName: p.last_name })
  }
  const head = used[0]
  const trip = tripOf(head?.segments ?? [])
  if (head && !trip.sector) notes.push('The airports could not be read: type the sector')
  const receipt = read.format === 'Airline e-ticket receipt'
  return {
    values: {
      reference: pnr ?? '',
      sector: trip.sector,
      airline: airlineName(head?.validating_carrier ?? null),
      depart_date: trip.depart,
      return_date: trip.back,
      adults: counts.ADT,
      children: counts.CHD,
      infants: counts.INF,
      ticket_numbers: used.map((t) => t.ticket_number).join(' '),
    },
    passengers,
    money: {
      fare: head?.fare ?? null,
      taxes: head?.taxes ?? [],
      total: head?.total ?? null,
      each: !receipt && used.length > 1,
    },
    used,
    notes,
  }
}

/**
 * The currency a paste proposes (issue 34 item 7, decision 125): a ticket priced in another
 * currency than rupees (USD, SAR, ...) that the books know, with the amount for every ticket used
 * (the total, else the fare; a per-ticket GDS figure times the tickets). Null for a rupee ticket,
 * one without a price, or a currency the books do not keep (IRR, UAH).
 */
export const pastedForeign = (from: TicketFromPaste): { currency: string; amount: number } | null => {
  const m = from.money.total ?? from.money.fare
  if (!m || m.currency === BOOKS_CURRENCY || !(m.currency in CURRENCY_MINOR_UNITS)) return null
  const times = from.money.each ? from.used.length : 1
  return { currency: m.currency, amount: Math.round(m.amount * times * 100) / 100 }
}
