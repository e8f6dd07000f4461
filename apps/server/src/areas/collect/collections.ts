import { type CollectionRow, type DebtorKind, fromPaisa, whatsappNumber } from '@booking/shared'
import type { Db } from '../../db/connect.ts'
import { ageInDays, byParty, owedParts } from '../reports/routes.ts'
import { agentMovements, customerMovements } from '../reports/sources.ts'
import { lastPayment, storedProfile } from './parties.ts'

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
 * Every agent and customer owing something older than `minDays` on `asOf`, largest overdue first.
 * Aged exactly as the receivables report ages (reports/routes.ts owedParts: payments settle the
 * oldest first); the overdue part is what is older than minDays, the total everything owed.
 */
export const collectionRows = async (db: Db, asOf: string, minDays: number): Promise<CollectionRow[]> => {
  const sources: [DebtorKind, Awaited<ReturnType<typeof agentMovements>>][] = [
    ['agent', await agentMovements(db, asOf)],
    ['customer', await customerMovements(db, asOf)],
  ]
  const rows: CollectionRow[] = []
  for (const [kind, lines] of sources) {
    for (const [account, list] of byParty(lines)) {
      const parts = owedParts(list, true)
      const overdue = parts
        .filter((p) => p.date === null || ageInDays(asOf, p.date) > minDays)
        .reduce((s, p) => s + p.amount, 0)
      if (overdue <= 0) continue
      const { key, name } = list[0]!
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
        total: fromPaisa(parts.reduce((s, p) => s + p.amount, 0)),
        overdue: fromPaisa(overdue),
        phone,
        whatsapp_number: whatsappNumber(phone),
        language: profile.language,
        email: profile.email,
        last_payment: paid ? { date: paid.date, amount: paid.amount } : null,
        last_reminder: await lastReminder(db, kind, key),
      })
    }
  }
  return rows.sort((a, b) => b.overdue - a.overdue || a.name.localeCompare(b.name))
}
