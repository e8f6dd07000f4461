import type { Kysely } from 'kysely'
import { dbKind } from './helpers/dialect.ts'

/**
 * Issue 25: party profiles (agents, vendors; customers' credit limit and reminder language),
 * statement share links (only a hash of each token is kept), every opening of one, and every
 * reminder sent. Money is integer paisa.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  const id = kind === 'postgres' ? 'serial' : 'integer'
  const idCol = (c: any) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement())
  const money = kind === 'postgres' ? 'bigint' : 'integer'

  await db.schema
    .createTable('party_profiles')
    .addColumn('id', id, idCol)
    .addColumn('kind', 'text', (c) => c.notNull())
    // The agent or vendor name as its name list holds it; a customer's id as text.
    .addColumn('party_key', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('credit_limit', money)
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('party_profiles_party')
    .on('party_profiles')
    .columns(['kind', 'party_key'])
    .unique()
    .execute()

  await db.schema
    .createTable('statement_shares')
    .addColumn('id', id, idCol)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('party_key', 'text', (c) => c.notNull())
    .addColumn('party_name', 'text', (c) => c.notNull())
    .addColumn('date_from', 'text')
    .addColumn('date_to', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('statement_shares_party')
    .on('statement_shares')
    .columns(['kind', 'party_key', 'id'])
    .execute()

  await db.schema
    .createTable('statement_share_openings')
    .addColumn('id', id, idCol)
    .addColumn('share_id', 'integer', (c) =>
      c.notNull().references('statement_shares.id').onDelete('cascade'),
    )
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('what', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('statement_share_openings_share')
    .on('statement_share_openings')
    .columns(['share_id', 'id'])
    .execute()

  await db.schema
    .createTable('reminders')
    .addColumn('id', id, idCol)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('party_key', 'text', (c) => c.notNull())
    .addColumn('party_name', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('share_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('reminders_party')
    .on('reminders')
    .columns(['kind', 'party_key', 'id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reminders').ifExists().execute()
  await db.schema.dropTable('statement_share_openings').ifExists().execute()
  await db.schema.dropTable('statement_shares').ifExists().execute()
  await db.schema.dropTable('party_profiles').ifExists().execute()
}
