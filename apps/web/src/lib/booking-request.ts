import { BOOKING_REQUEST_KEY, type BookingRequestKind, type RequestPassenger } from '@booking/shared'
import { useEffect, useState } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { api } from './api.ts'

/**
 * Issue 35 item 4: "Make booking" opens a record's new form at `?new=1&request={id}`; the form
 * fills itself from the request and its save names it (`booking_request`), so the server links the
 * two in the record's own transaction (decision 114).
 */

export interface BookingRequest {
  id: number
  agent: string
  kind: BookingRequestKind
  sector: string
  depart_date: string
  return_date: string | null
  passengers: Array<Partial<RequestPassenger> & { lastName: string; documentNo: string }>
  amount: number | null
  note: string
  over_limit: boolean
  status: 'pending' | 'booked' | 'declined'
  reason: string | null
  created_at: string
  booking: {
    table: string
    id: number
    entry: string
    state: string
    amount: number | null
    remaining: number | null
    pnr: string
    ticket_numbers: string[]
  } | null
}

/** The request a new record's address names, or null. */
export const requestIdInAddress = (): number | null => {
  const v = new URLSearchParams(window.location.search).get('request')
  return v && /^\d+$/.test(v) ? Number(v) : null
}

/** A request's passenger as the record forms' passenger block holds one. */
export const passengerBlock = (p: BookingRequest['passengers'][number]) => ({
  title: p.title ?? '',
  firstName: p.firstName ?? '',
  lastName: p.lastName,
  dob: p.dob ?? '',
  nationality: p.nationality ?? '',
  documentType: 'Passport',
  documentNo: p.documentNo,
  documentExpiry: p.documentExpiry ?? '',
  issueCountry: p.issueCountry ?? '',
})

/** "KHAN" and "MUHAMMAD ALI" as a name is written: "Muhammad Ali Khan". */
export const personName = (p: { firstName?: string; lastName: string }) =>
  `${p.firstName ?? ''} ${p.lastName}`
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/(^|[\s'-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase())

/** The request a new record is made from (none when editing), read once from the address. */
export const useRequestId = (editing: boolean) => useState(() => (editing ? null : requestIdInAddress()))[0]

/** A save's body naming the request it books, when there is one. */
export const withRequest = <B extends object>(id: number | null, body: B): B =>
  id === null ? body : { ...body, [BOOKING_REQUEST_KEY]: id }

/** Loads the request and fills the form once from `fill`. */
export const useBookingRequest = <V extends FieldValues>(
  form: UseFormReturn<V, unknown, unknown>,
  id: number | null,
  fill: (r: BookingRequest) => Partial<V>,
) => {
  const [request, setRequest] = useState<BookingRequest | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (id === null) return
    let live = true
    api.get<{ request: BookingRequest }>(`/booking-requests/${id}`).then(
      ({ request }) => {
        if (!live) return
        setRequest(request)
        form.reset({ ...form.getValues(), ...fill(request) })
        // Read once: another Add New on this list is a blank record, not this request again.
        const url = new URL(window.location.href)
        url.searchParams.delete('request')
        url.searchParams.delete('new')
        window.history.replaceState(window.history.state, '', url)
      },
      (e: Error) => live && setError(e.message),
    )
    return () => {
      live = false
    }
    // Once per request: the form and fill are the form's own for its life.
  }, [id])
  return { request, error }
}
