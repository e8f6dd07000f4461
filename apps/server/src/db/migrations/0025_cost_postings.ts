import type { Kysely } from 'kysely'

/**
 * Costs reach the books (issue 21, docs/decisions/053 and 055): Visa's additional charges and
 * protector fee, and the cost behind GAMCA's and Services' typed profit, now post to cost of sales,
 * and a "Cash in Office" entry's dashboard line is netted like its cash line. Records saved before
 * were posted without them, so this marks a backfill the server runs at start with the
 * application's own rules (a migration imports no application code), a page at a time, each page
 * in its own transaction with its progress, so an interrupted upgrade carries on where it stopped
 * (books/cost-backfill.ts). The mark is a settings row, cleared when the backfill is done.
 */
export const COST_BACKFILL_KEY = 'books_backfill_0023'

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: COST_BACKFILL_KEY, value: JSON.stringify({ step: 0, after: 0 }) })
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', COST_BACKFILL_KEY).execute()
}
