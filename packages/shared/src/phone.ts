/**
 * Phone numbers as staff type them ("0300-1234567", "+92 300 1234567", "3001234567" from the
 * spec's number input that ate the leading 0) stored in one form, so search, duplicate checks
 * and wa.me links see one number (decision 047):
 * - Pakistani numbers in the national form everyone reads: "03001234567", "04235761234";
 * - other countries as "+" and digits: "+966501234567".
 */

/** Separators people put between digit groups; anything else is not a phone number. */
const SEPARATORS = /[\s\-.()/]/g

export const PHONE_MESSAGE = 'Enter the mobile number as 0300 1234567 or +92 300 1234567'

/**
 * The stored form of a typed number: "" for nothing typed, null for something that is not a
 * phone number (the caller refuses it with PHONE_MESSAGE rather than saving it empty).
 */
export const normalizePhone = (typed: string | number | null | undefined): string | null => {
  if (typed === null || typed === undefined) return ''
  const raw = String(typed).trim()
  if (!raw) return ''
  const compact = raw.replace(SEPARATORS, '')
  const plus = compact.startsWith('+')
  const digits = plus ? compact.slice(1) : compact
  if (!/^\d+$/.test(digits)) return null
  const international = plus ? digits : digits.startsWith('00') ? digits.slice(2) : null
  if (international !== null) {
    // "+92 0300 1234567": the national 0 kept after the country code, a common slip.
    if (international.startsWith('92')) return national(international.slice(2).replace(/^0/, ''))
    return international.length >= 8 && international.length <= 15 && !international.startsWith('0')
      ? `+${international}`
      : null
  }
  if (digits.startsWith('0')) return national(digits.slice(1))
  // "3001234567": a Pakistani mobile whose leading 0 a number input dropped.
  if (/^3\d{9}$/.test(digits)) return `0${digits}`
  // "923001234567": the country code typed without its "+".
  if (/^92\d{9,10}$/.test(digits)) return national(digits.slice(2))
  return null
}

/** Pakistani subscriber part (after 0 or +92): mobiles 3XXXXXXXXX, landlines area + number. */
const national = (rest: string): string | null =>
  /^[1-9]\d{8,9}$/.test(rest) && (!rest.startsWith('3') || rest.length === 10) ? `0${rest}` : null

/**
 * The number for a https://wa.me/<number> link: country code and digits, no "+" or leading 0
 * ("03001234567" -> "923001234567"); null when the stored text is not a phone number.
 */
export const whatsappNumber = (phone: string | number | null | undefined): string | null => {
  const normal = normalizePhone(phone)
  if (!normal) return null
  return normal.startsWith('+') ? normal.slice(1) : `92${normal.slice(1)}`
}

/** How a stored number reads on screen and paper: "0300 1234567", "+966501234567". */
export const displayPhone = (phone: string | null | undefined): string => {
  if (!phone) return ''
  const normal = normalizePhone(phone)
  if (!normal) return phone
  return /^03\d{9}$/.test(normal) ? `${normal.slice(0, 4)} ${normal.slice(4)}` : normal
}

/** Phones compare by their stored form, so "0300-1234567" finds "+92 300 1234567". */
export const phoneKey = (phone: string | null | undefined): string => normalizePhone(phone) || ''
