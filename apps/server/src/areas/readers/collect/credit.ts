import {
  can,
  creditLimitMessage,
  fromPaisa,
  OVERRIDE_REASON_KEY,
  SEND_FOR_APPROVAL_KEY,
} from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../../db/schema.ts'
import { audit } from '../../../lib/audit.ts'
import { HttpError } from '../../../lib/http-error.ts'
import type { AuthUser } from '../../../plugins/auth.ts'
import { partyBalancePaisa, partyOfAccount, storedProfile } from './parties.ts'

type Trx = Kysely<Database>

/** Net paisa (debit − credit) a record's own lines put on each agent and customer account (walk-ins too). */
export type PartyLines = Map<string, number>

/** The record's lines on agent and customer accounts, read before a write and again after it. */
export const partyLinesOf = async (trx: Trx, source: { type: string; id: number }): Promise<PartyLines> => {
  const rows = await trx
    .selectFrom('posting_lines')
    .select(['account', sql<string>`sum(debit) - sum(credit)`.as('net')])
    .where('source_type', '=', source.type)
    .where('source_id', '=', source.id)
    .where((eb) => eb.or([eb('account', 'like', 'agent:%'), eb('account', 'like', 'customer:%')]))
    .groupBy('account')
    .execute()
  return new Map(rows.map((r) => [r.account, Number(r.net)]))
}

/** The admin's reason for saving past a limit, read from the raw body (record schemas strip it). */
export const overrideReasonOf = (body: unknown): string | undefined => {
  if (!body || typeof body !== 'object') return undefined
  const v = (body as Record<string, unknown>)[OVERRIDE_REASON_KEY]
  return typeof v === 'string' && v.trim() ? v.trim().slice(0, 500) : undefined
}

/**
 * Runs after a record's postings, inside its write transaction (so on SQLite's single writer and
 * PostgreSQL's one write lock, decision 036, two sales cannot both pass on the same balance): every
 * agent or customer whose balance this write raised is checked against its credit limit. Past it,
 * the write is refused (409, rolled back whole) unless an admin gave an override reason, which is
 * written to the audit history beside the change.
 */
export const enforceCreditLimits = async (
  trx: Trx,
  source: { type: string; id: number },
  before: PartyLines,
  actor: { user: AuthUser; overrideReason?: string; approvedBy?: string },
) => {
  const after = await partyLinesOf(trx, source)
  for (const [account, net] of after) {
    if (net - (before.get(account) ?? 0) <= 0) continue
    const party = await partyOfAccount(trx, account)
    if (!party) continue
    const { limitPaisa } = await storedProfile(trx, party.kind, party.key)
    if (limitPaisa === null) continue
    const balance = await partyBalancePaisa(trx, party)
    if (balance <= limitPaisa) continue
    const message = creditLimitMessage(fromPaisa(limitPaisa), party.name, fromPaisa(balance - limitPaisa))
    // An admin's own save with a reason, or an employee's sale an admin approved (decision 098).
    if ((can(actor.user, 'use', 'credit-override') || actor.approvedBy) && actor.overrideReason) {
      await audit(
        trx,
        { user: actor.user, approvedBy: actor.approvedBy },
        'credit-override',
        source.type,
        source.id,
        null,
        {
          override_reason: actor.overrideReason,
          party: party.name,
          kind: party.kind,
          credit_limit: fromPaisa(limitPaisa),
          balance: fromPaisa(balance),
          exceeded_by: fromPaisa(balance - limitPaisa),
        },
      )
      continue
    }
    throw new HttpError(
      409,
      message,
      can(actor.user, 'use', 'credit-override')
        ? { [OVERRIDE_REASON_KEY]: 'An admin may save it with a reason for going past the limit' }
        : { [SEND_FOR_APPROVAL_KEY]: 'An admin may approve it' },
    )
  }
}
