import { BOOKS_CURRENCY, CURRENCY_MINOR_UNITS } from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import { dbPaisa } from '../db/money-columns.ts'
import type { Database } from '../db/schema.ts'
import { REALISED } from './moves.ts'

type Trx = Kysely<Database>

/**
 * Currencies and rates (issue 34 item 1, decision 107). A rate is micro-rupees per unit; the rate
 * in force on a day is the latest row dated on or before it (of that date, the last one added).
 */

export interface RateRow {
  currency: string
  date: string
  rate: bigint
  source: string
}

export const rateOn = async (db: Trx, currency: string, date: string): Promise<RateRow | undefined> => {
  const row = await db
    .selectFrom('exchange_rates')
    .select(['currency', 'date', 'rate', 'source'])
    .where('currency', '=', currency)
    .where('date', '<=', date)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row && { ...row, rate: dbPaisa(row.rate) }
}

/** The currencies turned on (PKR always). */
export const enabledCurrencies = async (db: Trx): Promise<Set<string>> => {
  const rows = await db.selectFrom('currencies').select('code').where('enabled', '=', 1).execute()
  return new Set([BOOKS_CURRENCY, ...rows.map((r) => r.code)])
}

export const setCurrencyEnabled = async (db: Trx, code: string, enabled: boolean) => {
  const values = { enabled: enabled ? 1 : 0, updated_at: new Date().toISOString() }
  await db
    .insertInto('currencies')
    .values({ code, minor_units: CURRENCY_MINOR_UNITS[code]!, ...values })
    .onConflict((oc) => oc.column('code').doUpdateSet(values))
    .execute()
}

export const NOT_TURNED_ON = (code: string) =>
  `${code} is not turned on: an admin turns it on under Currencies`

/**
 * The realised exchange differences of [from, to] by party account (decisions 109, 120): each
 * entry's lines on the realised account (a gain is a credit there), under the foreign account the
 * entry settles: its party's, else (no party) its foreign bank's. A settlement's rupee line on the
 * party and a rupee payment's rounding on its cash or bank line are both there. Reversed entries
 * net out (their lines are negated).
 */
export const realisedByParty = async (db: Trx, from: string, to: string) => {
  const { rows } = await sql<{ code: string; name: string; currency: string; n: unknown }>`
    SELECT a.code, a.name, a.currency, sum(r.credit - r.debit) AS n
    FROM posting_lines r
    JOIN (SELECT l.entry_id, min(CASE WHEN x.code LIKE 'bank:%' THEN 'z' || x.code ELSE x.code END) AS pick
          FROM posting_lines l JOIN accounts x ON x.id = l.account_id AND x.currency <> 'PKR'
          WHERE l.entry_id IN (SELECT entry_id FROM posting_lines WHERE account = ${REALISED})
          GROUP BY l.entry_id) p ON p.entry_id = r.entry_id
    JOIN accounts a ON a.code = CASE WHEN p.pick LIKE 'zbank:%' THEN substr(p.pick, 2) ELSE p.pick END
    WHERE r.account = ${REALISED} AND r.date >= ${from} AND r.date <= ${to}
    GROUP BY a.code, a.name, a.currency
    ORDER BY a.code`.execute(db)
  return rows
    .map((r) => ({ account: r.code, name: r.name, currency: r.currency, paisa: dbPaisa(r.n) }))
    .filter((r) => r.paisa !== 0n)
}
