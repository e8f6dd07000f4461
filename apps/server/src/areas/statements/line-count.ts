import { sql } from 'kysely'
import type { Db } from '../../db/connect.ts'

/**
 * How many lines a statement over `range` has, counted before any is read: a PDF past the row
 * limit is refused (decision 045) without loading 50,000 lines onto the main thread first.
 */
export const statementLineCount = async (
  db: Db,
  account: string,
  range: { from?: string; to?: string },
): Promise<number> => {
  let q = db.selectFrom('posting_lines').select(sql<number>`count(*)`.as('n')).where('account', '=', account)
  if (range.from) q = q.where('date', '>=', range.from)
  if (range.to) q = q.where('date', '<=', range.to)
  const row = await q.executeTakeFirst()
  return Number(row?.n ?? 0)
}
