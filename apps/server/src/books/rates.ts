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
 * The realised exchange differences of [from, to] by party account (decision 109): each settling
 * entry's line on the realised account, against the party's rupee line beside it; a gain is +.
 * Reversed entries net out (their lines are negated).
 */
export const realisedByParty = async (db: Trx, from: string, to: string) => {
  const { rows } = await sql<{ code: string; name: string; currency: string; n: unknown }>`
    SELECT a.code, a.name, a.currency, sum(p.debit - p.credit) AS n
    FROM posting_lines r
    JOIN posting_lines p ON p.entry_id = r.entry_id AND p.account <> r.account AND p.currency = 'PKR'
    JOIN accounts a ON a.id = p.account_id AND a.currency <> 'PKR'
    WHERE r.account = ${REALISED} AND r.date >= ${from} AND r.date <= ${to}
    GROUP BY a.code, a.name, a.currency
    ORDER BY a.code`.execute(db)
  return rows
    .map((r) => ({ account: r.code, name: r.name, currency: r.currency, paisa: dbPaisa(r.n) }))
    .filter((r) => r.paisa !== 0n)
}
