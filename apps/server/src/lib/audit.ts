import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { AuthUser } from '../plugins/auth.ts'
import { insertRows } from './prepared.ts'

/** Record changes, and the events around accounts and settings that change no record row. */
export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'signup'
  | 'login'
  | 'login-failed'
  | 'login-pending'
  | 'approve'
  | 'reject'
  | 'restore'
  | 'user-update'
  | 'password-change'
  | 'password-reset'
  | 'credit-override'
  | 'statement-share'
  | 'statement-share-revoke'
  // The books' lock date moved forward, or back (decision 066).
  | 'books-close'
  | 'books-reopen'
  // A ticket voided by the airline: its entry reversed, the row kept and marked (decision 092).
  | 'void'

/**
 * Who made a change: a signed-in user, or (an approved correction) the employee who asked with the
 * admin who approved; null when nobody is signed in (a failed login).
 */
export type Who = { user: AuthUser | null; approvedBy?: string } | AuthUser | null

const actorOf = (who: Who) => (who && 'user' in who ? who : { user: who })

/**
 * Who changed what, with the record before and after; written in the same transaction as the
 * change. Resolves to the audit row's id (a record's book entries link to it).
 */
export const audit = async (
  trx: Kysely<Database>,
  who: Who,
  action: AuditAction,
  table: string,
  recordId: number,
  before: unknown,
  after: unknown,
) => {
  const actor = actorOf(who)
  const [row] = await insertRows<{ id: number }>(
    trx,
    'audit_log',
    [
      {
        at: new Date().toISOString(),
        user_id: actor.user?.id ?? null,
        username: actor.user?.username ?? '',
        action,
        table_name: table,
        record_id: recordId,
        before_json: before === null ? null : JSON.stringify(before),
        after_json: after === null ? null : JSON.stringify(after),
        approved_by: actor.approvedBy ?? null,
      },
    ],
    { returning: ['id'] },
  )
  return Number(row!.id)
}

/** An event with details but no before/after (a login, a sign-up); never pass a password here. */
export const auditEvent = (
  db: Kysely<Database>,
  user: AuthUser | null,
  action: AuditAction,
  table: string,
  recordId: number,
  details: Record<string, unknown>,
) => audit(db, user, action, table, recordId, null, details)
