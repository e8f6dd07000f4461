import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { AuthUser } from '../plugins/auth.ts'

/** Who changed what, with the record before and after; written in the same transaction as the change. */
export const audit = (
  trx: Kysely<Database>,
  actor: { user: AuthUser | null; approvedBy?: string } | null,
  action: 'create' | 'update' | 'delete' | 'restore',
  table: string,
  recordId: number,
  before: unknown,
  after: unknown,
) =>
  trx
    .insertInto('audit_log')
    .values({
      at: new Date().toISOString(),
      user_id: actor?.user?.id ?? null,
      username: actor?.user?.username ?? '',
      action,
      table_name: table,
      record_id: recordId,
      before_json: before === null ? null : JSON.stringify(before),
      after_json: after === null ? null : JSON.stringify(after),
      approved_by: actor?.approvedBy ?? null,
    })
    .execute()
