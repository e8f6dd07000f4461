import type { Kysely } from 'kysely'

/**
 * A Ticket's or NAVTCC's payable with no vendor named now posts its cost to the type's "Costs to
 * pay" account (issue 32 item 7, decision 146), so the books check proves the record's profit from
 * its lines. Records saved before posted no cost line: this marks a backfill the server runs at
 * start with the application's own rules (books/cost-backfill.ts, as 0025 did), a page at a time,
 * each page in its own transaction with its progress. The mark is a settings row, cleared when done.
 */
export const UNVENDORED_BACKFILL_KEY = 'books_backfill_0053'

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: UNVENDORED_BACKFILL_KEY, value: JSON.stringify({ step: 0, after: 0 }) })
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', UNVENDORED_BACKFILL_KEY).execute()
}
