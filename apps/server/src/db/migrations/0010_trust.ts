import { type Kysely, sql } from 'kysely'
import { dbKind } from './helpers/dialect.ts'

/**
 * Issue 14: sessions (one row per sign-in, revoked by deleting it), deactivated accounts, the
 * history's filters, and correction requests (maker-checker).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  const id = kind === 'postgres' ? 'serial' : 'integer'
  const idCol = (c: any) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement())

  await db.schema
    .alterTable('users')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute()

  // The checker of a correction; the maker is username (who asked) on the same row.
  await db.schema.alterTable('audit_log').addColumn('approved_by', 'text').execute()
  await db.schema
    .createIndex('audit_log_record')
    .on('audit_log')
    .columns(['table_name', 'record_id'])
    .execute()
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute()

  await db.schema
    .createTable('corrections')
    .addColumn('id', id, idCol)
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('update', 'delete')`))
    .addColumn('changes_json', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'rejected')`))
    .addColumn('requested_by_id', 'integer', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decision_note', 'text')
    .execute()
  await db.schema.createIndex('corrections_status').on('corrections').columns(['status', 'id']).execute()
  await db.schema
    .createIndex('corrections_requester')
    .on('corrections')
    .columns(['requested_by_id', 'id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('corrections').ifExists().execute()
  await db.schema.dropIndex('audit_log_at').ifExists().execute()
  await db.schema.dropIndex('audit_log_record').ifExists().execute()
  await db.schema.alterTable('audit_log').dropColumn('approved_by').execute()
  await db.schema.dropTable('sessions').ifExists().execute()
  await db.schema.alterTable('users').dropColumn('active').execute()
}
