import { formatAmount } from './money.ts'

/**
 * A portal request against the agent's credit limit (decision 115): apart from the request's schema,
 * so the agent's desk reads it without the record specs (decision 118: the desk's bundle).
 */

/** The key a portal request's body sets to send it although it would pass the credit limit. */
export const CONFIRM_OVER_LIMIT = 'confirm_over_limit'

/**
 * Whether a request passes the agent's credit limit (one rule for the portal's warning and the
 * server's answer): with an amount, when it is more than the credit left; without one, when no
 * credit is left (any booking would pass). No limit set: never.
 */
export const requestPassesLimit = (creditLeft: number | null, amount: number | null): boolean =>
  creditLeft !== null && (amount !== null ? amount > creditLeft : creditLeft <= 0)

/** The sentence the portal and the server say when a request passes the limit. */
export const overLimitMessage = (currency: string, creditLeft: number, amount: number | null) =>
  amount !== null
    ? `This request (${currency} ${formatAmount(amount)}) would pass your credit limit: ${currency} ${formatAmount(creditLeft)} of credit is left`
    : `Your credit limit is used up (${currency} ${formatAmount(creditLeft)} left): this request would pass it`
