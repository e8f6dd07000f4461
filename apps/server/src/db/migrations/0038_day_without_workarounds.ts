import { type Kysely, sql } from 'kysely'
import { dbKind, idColumn, idType, moneyType } from './helpers/dialect.ts'

/**
 * Issue 37:
 * - item 3 (docs/decisions/096): the opening and closing balances a bank prints on rows of
 * their own, kept with the import that read them, so the reconciliation can offer the opening as
 * the bank's opening entry. Paisa; null when the file printed none.
 * - item 2 (docs/decisions/098): sale_requests, a sale a credit limit refused kept with its whole
 *   typed body and its employee until an admin approves it (record_id, entry: the saved record) or
 *   refuses it with a reason.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const money = sql.raw(moneyType(dbKind(db)))
  await sql`ALTER TABLE bank_statement_imports ADD COLUMN opening_balance ${money}`.execute(db)
  await sql`ALTER TABLE bank_statement_imports ADD COLUMN opening_date text`.execute(db)
  await sql`ALTER TABLE bank_statement_imports ADD COLUMN closing_balance ${money}`.execute(db)

  const kind = dbKind(db)
  await db.schema
    .createTable('sale_requests')
    .addColumn('id', idType(kind), idColumn(kind))
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('body_json', 'text', (c) => c.notNull())
    .addColumn('refusal', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'refused')`))
    .addColumn('requested_by_id', 'integer', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('reason', 'text')
    .addColumn('record_id', 'integer')
    .addColumn('entry', 'text')
    .execute()
  await db.schema.createIndex('sale_requests_status').on('sale_requests').columns(['status', 'id']).execute()
  await db.schema
    .createIndex('sale_requests_requester')
    .on('sale_requests')
    .columns(['requested_by_id', 'id'])
    .execute()
}
