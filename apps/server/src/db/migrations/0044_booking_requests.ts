import { type Kysely, sql } from 'kysely'
import { dbKind, idColumn, idType, moneyType } from './helpers/dialect.ts'

/**
 * Issue 35 item 4 (docs/decisions/114-116): a booking an agent's user asks for from the portal
 * (a ticket, Umrah or visa: sector, dates, passengers read from their passports), waiting for
 * staff to make the booking (the record it became is linked here, in the record's own
 * transaction) or to decline it with a reason. `decided_at` also dates the desk's notices.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  const money = sql.raw(moneyType(kind))
  await db.schema
    .createTable('booking_requests')
    .addColumn('id', idType(kind), idColumn(kind))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('agent_user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('ticket', 'umrah', 'visa')`))
    .addColumn('sector', 'text', (c) => c.notNull())
    .addColumn('depart_date', 'text', (c) => c.notNull())
    .addColumn('return_date', 'text')
    /** The passengers as JSON text (the record forms' passenger fields). */
    .addColumn('passengers_json', 'text', (c) => c.notNull())
    /** Paisa: what the agent expects to pay, when given (the credit check's figure). */
    .addColumn('amount', sql`${money}`)
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    /** 1 when it was sent although it would pass the agent's credit limit (the agent confirmed). */
    .addColumn('over_limit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'booked', 'declined')`))
    .addColumn('reason', 'text')
    .addColumn('record_table', 'text')
    .addColumn('record_id', 'integer')
    .addColumn('entry', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .execute()
  await db.schema
    .createIndex('booking_requests_status')
    .on('booking_requests')
    .columns(['status', 'id'])
    .execute()
  await db.schema
    .createIndex('booking_requests_account')
    .on('booking_requests')
    .columns(['account_id', 'id'])
    .execute()
}
