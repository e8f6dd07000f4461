/**
 * Every derived figure, written once. Work in paisa so results are exact, and hand back rupees.
 */
const p = (v: number | null | undefined) => Math.round((v ?? 0) * 100)
const r = (paisa: number) => paisa / 100

/** remaining = receivable − paid cash − paid in bank (Ticket, Umrah, Visa, GAMCA, Services, NAVTCC). */
export const remainingAmount = (receivable: number, paidCash: number, paidInBank: number): number =>
  r(p(receivable) - p(paidCash) - p(paidInBank))

/** Ticket and Umrah: receivable − payable when payable > 0, otherwise no profit (null). */
export const bookingProfit = (receivable: number, payableToVendor: number): number | null =>
  payableToVendor > 0 ? r(p(receivable) - p(payableToVendor)) : null

/** Visa: receivable − additional charges − pay for protector. */
export const visaProfit = (receivable: number, additional: number, protector: number): number =>
  r(p(receivable) - p(additional) - p(protector))

/** Customer refund: remaining = total − return from vendor − office charges; balance = remaining − cash − bank. */
export const refundFigures = (
  total: number,
  returnFromVendor: number,
  officeCharges: number,
  paidCash: number,
  paidInBank: number,
) => {
  const remaining = p(total) - p(returnFromVendor) - p(officeCharges)
  return { remaining_amount: r(remaining), balance: r(remaining - p(paidCash) - p(paidInBank)) }
}
