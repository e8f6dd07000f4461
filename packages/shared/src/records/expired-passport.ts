import { formatDate } from '../dates.ts'
import { passengerList } from './passenger.ts'

/** The body flag that saves an expired passport the user confirmed (issue 23, decision 049). */
export const CONFIRM_EXPIRED = 'confirm_expired'
export const CONFIRM_EXPIRED_MESSAGE = 'The passport has expired. Confirm to save it anyway.'

export interface ExpiredPassport {
  /** Field path of the expiry, e.g. "passport_detail.1.documentExpiry". */
  path: string
  documentNo: string
  expiry: string
  message: string
}

/**
 * Passports in a record's passenger field that expired before `today`, new in this save: one the
 * stored record already held with the same number and expiry is not asked about again.
 */
export const newlyExpiredPassports = (
  key: string,
  value: unknown,
  today: string,
  stored?: unknown,
): ExpiredPassport[] => {
  const list = passengerList(value)
  const indexed = Array.isArray(value)
  const had = new Set(
    passengerList(stored).map((p) => `${String(p.documentNo ?? '')}|${String(p.documentExpiry ?? '')}`),
  )
  const out: ExpiredPassport[] = []
  list.forEach((p, i) => {
    const expiry = typeof p.documentExpiry === 'string' ? p.documentExpiry.slice(0, 10) : ''
    if (!/^\d{4}-\d{2}-\d{2}$/.test(expiry) || expiry >= today) return
    if ((p.documentType ?? 'Passport') !== 'Passport' && p.documentType !== '') return
    const documentNo = typeof p.documentNo === 'string' ? p.documentNo : ''
    if (had.has(`${documentNo}|${String(p.documentExpiry ?? '')}`)) return
    out.push({
      path: indexed ? `${key}.${i}.documentExpiry` : `${key}.documentExpiry`,
      documentNo,
      expiry,
      message: `Passport expired on ${formatDate(expiry)}`,
    })
  })
  return out
}
