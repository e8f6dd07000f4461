import { type CollectionRow, fromPaisa, whatsappNumber } from '@booking/shared'
import { daysBefore } from '../../../books/sums.ts'
import type { Db } from '../../../db/connect.ts'
import type { Scope } from '../../../lib/caller-scope.ts'
import { openItems } from '../reports/sources.ts'
import { foreignOpen, minorAmount } from '../statements/foreign.ts'
import { lastPayment, storedProfile } from './parties.ts'

const DEBTORS = ['agent', 'customer'] as const

/** The last reminder sent to a party, for the list. */
export const lastReminder = async (db: Db, kind: string, key: string) => {
  const row = await db
    .selectFrom('reminders')
    .select(['at', 'channel', 'username'])
    .where('kind', '=', kind)
    .where('party_key', '=', key)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row ? { at: row.at, channel: row.channel, by: row.username } : null
}

/**
 * Every agent and customer the scope covers owing something older than `minDays` on `asOf`,
 * largest overdue first: every party for staff (To Collect), one party's own row for a one-party
 * caller (an agent's desk's "overdue", decision 147), which reads that party's checkpoints only.
 * Aged exactly as the receivables report ages (first in first out from the open items, decision
 * 068): what is left owed was raised on the newest days, so the part raised within minDays is
 * min(left, what those days raised); the overdue part is the rest, the total everything owed.
 */
export const collectionRows = async (
  db: Db,
  scope: Scope,
  asOf: string,
  minDays: number,
): Promise<{ rows: CollectionRow[]; owed: number }> => {
  const start = daysBefore(asOf, minDays)
  const rows: CollectionRow[] = []
  // "Owed in all" is every open item, overdue or not: the receivables report's total (issue 37).
  let owed = 0
  for (const kind of scope.all ? DEBTORS : [scope.kind]) {
    const items = await openItems(db, scope, kind, asOf, [start])
    // A party kept in another currency is aged in it too, beside the rupees (decision 123).
    const foreign = await foreignOpen(
      db,
      items.map((p) => p.party),
      'debit',
      asOf,
      [start],
    )
    for (const { party: account, key, name, left, raised } of items) {
      owed += left
      const overdue = left - Math.min(left, raised[0] ?? 0)
      if (overdue <= 0) continue
      const f = foreign.get(account)
      const profile = await storedProfile(db, kind, key)
      let phone = profile.phone
      if (!phone && kind === 'customer' && /^\d+$/.test(key))
        phone =
          (
            await db
              .selectFrom('customers')
              .select('mobile_number')
              .where('id', '=', Number(key))
              .executeTakeFirst()
          )?.mobile_number ?? ''
      const paid = await lastPayment(db, { kind, account })
      rows.push({
        kind,
        name,
        key,
        total: fromPaisa(left),
        overdue: fromPaisa(overdue),
        phone,
        whatsapp_number: whatsappNumber(phone),
        language: profile.language,
        email: profile.email,
        last_payment: paid ? { date: paid.date, amount: paid.amount } : null,
        last_reminder: await lastReminder(db, kind, key),
        ...(f
          ? {
              currency: f.currency,
              total_fx: minorAmount(f.left, f.currency),
              overdue_fx: minorAmount(
                f.left - (f.left < (f.raised[0] ?? 0n) ? f.left : (f.raised[0] ?? 0n)),
                f.currency,
              ),
            }
          : {}),
      })
    }
  }
  return { rows: rows.sort((a, b) => b.overdue - a.overdue || a.name.localeCompare(b.name)), owed }
}
