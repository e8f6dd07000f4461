import { sumsBetween } from '../../../books/sums.ts'
import type { Db } from '../../../db/connect.ts'

/**
 * How many lines a statement over `range` has, counted before any is read: a PDF past the row
 * limit is refused (decision 045) without loading 50,000 lines onto the main thread first. From
 * the checkpoints' line counts (decision 068), not by counting the lines.
 */
export const statementLineCount = async (
  db: Db,
  account: string,
  range: { from?: string; to?: string },
): Promise<number> => (await sumsBetween(db, { account }, range)).get(account)?.n ?? 0
