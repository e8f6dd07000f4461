/**
 * Phone numbers as people type them ("0300-1234567", "+92 300 1234567", "923001234567", "0092…")
 * in one international form. Pakistani numbers are the default: a leading 0 is the national trunk
 * prefix and becomes +92. Anything that is not a plausible number is null, never a guess.
 */
export const normalizePhone = (typed: string | null | undefined): string | null => {
  const text = String(typed ?? '').trim()
  if (!text) return null
  // Only digits, spaces, dashes, dots, brackets and one leading plus are phone writing.
  if (!/^\+?[\d\s\-().]+$/.test(text)) return null
  let digits = text.replace(/\D/g, '')
  if (text.startsWith('+')) return plausible(digits)
  if (digits.startsWith('00')) return plausible(digits.slice(2))
  if (digits.startsWith('0')) digits = `92${digits.slice(1)}`
  else if (digits.length === 10 && digits.startsWith('3')) digits = `92${digits}`
  return plausible(digits)
}

/** E.164 allows at most 15 digits; a Pakistani mobile is 92 + 10 digits. */
const plausible = (digits: string): string | null => {
  if (digits.length < 8 || digits.length > 15 || digits.startsWith('0')) return null
  if (digits.startsWith('92') && digits.length !== 12 && digits.length !== 11) return null
  return `+${digits}`
}

/** The digits wa.me wants ("923001234567"), or null when the number cannot be read. */
export const whatsappNumber = (typed: string | null | undefined): string | null =>
  normalizePhone(typed)?.slice(1) ?? null

/** https://wa.me/<digits>?text=<message>, or null without a usable number. */
export const whatsappLink = (typed: string | null | undefined, message: string): string | null => {
  const number = whatsappNumber(typed)
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(message)}` : null
}
