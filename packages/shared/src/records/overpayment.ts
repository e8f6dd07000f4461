import type { z } from 'zod'
import { toPaisa } from '../money.ts'

export const OVERPAID = 'Paid Cash and Paid In Bank together cannot exceed the Receivable Amount'
export const OVERPAID_REMAINING = 'Paid Cash and Paid In Bank together cannot exceed the Remaining Amount'

type Keys = { owed: string; cash: string; bank: string; message?: string }

/**
 * docs/decisions/059-overpayment.md: paid cash + paid in bank may not exceed what the customer owes, on every record
 * with a receivable and a remaining. Compared in paisa, so 0.1 + 0.2 against 0.3 is equal, not over.
 * `owed` may be a function of the body (Customer Refund owes total − return − charges).
 */
export const refuseOverpayment =
  (keys: Keys, owed?: (v: Record<string, unknown>) => number) => (v: unknown, ctx: z.core.$RefinementCtx) => {
    if (!v || typeof v !== 'object') return
    const body = v as Record<string, unknown>
    const money = (key: string) => (typeof body[key] === 'number' ? toPaisa(body[key] as number) : null)
    const cash = money(keys.cash) ?? 0
    const bank = money(keys.bank) ?? 0
    const limit = owed ? toPaisa(owed(body)) : money(keys.owed)
    // A missing or broken amount has its own message already.
    if (limit === null || !Number.isFinite(limit)) return
    if (cash + bank > limit) {
      ctx.addIssue({ code: 'custom', message: keys.message ?? OVERPAID, path: [keys.cash] })
    }
  }
