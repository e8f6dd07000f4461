import type { Db } from '../../../db/connect.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { type PaperLang, paperLang } from './paper-words.ts'

/**
 * The language a receipt or statement prints in (decision 044): `?lang=ur|en` when the caller
 * asks, else the customer's saved `paper_language`, else English. Agents have no saved choice
 * yet (their profiles are another change), so their papers take `?lang`.
 */
export const resolvePaperLang = async (
  db: Db,
  query: unknown,
  customerId?: number | null,
): Promise<PaperLang> => {
  const asked = (query as { lang?: unknown } | undefined)?.lang
  if (asked !== undefined) {
    const lang = paperLang(asked)
    if (!lang) throw new HttpError(400, 'Paper language must be en or ur')
    return lang
  }
  if (customerId) {
    const row = await db
      .selectFrom('customers')
      .select('paper_language')
      .where('id', '=', customerId)
      .executeTakeFirst()
    return paperLang(row?.paper_language) ?? 'en'
  }
  return 'en'
}
