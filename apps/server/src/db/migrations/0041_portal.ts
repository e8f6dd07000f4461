import { type Kysely, sql } from 'kysely'
import { dbKind, idColumn, idType, moneyType } from './helpers/dialect.ts'

/**
 * Issue 35 (docs/decisions/104-106): an agent's own users and their desk.
 * - agent_users: a user who belongs to one agent (its account's id, which a rename keeps), invited
 *   by an admin (only the SHA-256 of the one-time token is kept) and suspended at once.
 * - portal_sessions: their sign-ins, apart from the office's sessions (a token is good while its row
 *   exists, as for staff).
 * - portal_deposits: a deposit an agent's user reports with the bank slip, waiting for staff to
 *   approve it (an Agent receipt is posted) or reject it with a reason.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  const money = sql.raw(moneyType(kind))
  await db.schema
    .createTable('agent_users')
    .addColumn('id', idType(kind), idColumn(kind))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('invite_hash', 'text')
    .addColumn('invite_expires_at', 'text')
    .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('agent_users_invite').on('agent_users').column('invite_hash').execute()
  await db.schema.createIndex('agent_users_account').on('agent_users').column('account_id').execute()

  await db.schema
    .createTable('portal_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('agent_user_id', 'integer', (c) =>
      c.notNull().references('agent_users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('portal_deposits')
    .addColumn('id', idType(kind), idColumn(kind))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('agent_user_id', 'integer', (c) => c.notNull())
    .addColumn('amount', sql`${money}`, (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('bank', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('slip_type', 'text', (c) => c.notNull())
    /** The slip's bytes as base64 (at most 5 MB read): one column type on both databases. */
    .addColumn('slip', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'rejected')`))
    .addColumn('reason', 'text')
    .addColumn('record_id', 'integer')
    .addColumn('entry', 'text')
    .addColumn('matched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .execute()
  await db.schema
    .createIndex('portal_deposits_status')
    .on('portal_deposits')
    .columns(['status', 'id'])
    .execute()
}
