import type { z } from 'zod'
import { BANK_TITLE_REQUIRED } from './ticket.ts'

/**
 * Money into or out of a bank names the bank (a name from the banks table) in `bank_title`; a form
 * whose bank amount is 0 names none (docs/decisions/018). `also`: an older field that may name the
 * bank instead (NAVTCC's paid_from_bank).
 */
export const requireBankTitle =
  (amountKey: string, { field = 'bank_title', also }: { field?: string; also?: string } = {}) =>
  (v: unknown, ctx: z.core.$RefinementCtx) => {
    if (!v || typeof v !== 'object') return
    const body = v as Record<string, unknown>
    const amount = body[amountKey]
    if (typeof amount !== 'number' || !(amount > 0)) return
    // Only text names a bank; anything else is refused by the field's own schema (String() of
    // {"toString": 1} would throw here, before it).
    const named = (key: string | undefined) => {
      const value = key === undefined ? undefined : body[key]
      return typeof value === 'string' && value.trim() !== ''
    }
    if (!named(field) && !named(also))
      ctx.addIssue({ code: 'custom', message: BANK_TITLE_REQUIRED, path: [field] })
  }
