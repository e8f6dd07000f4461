import { type Kysely, sql } from 'kysely'

/**
 * The first answer to each create sent with an Idempotency-Key, per user, written in the create's
 * own transaction: a client retrying after a lost answer gets that answer back, never a second record.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'idem_key'])
    .execute()
  await sql`CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute()
}
