import { BOOKS_CURRENCY, CASH_IN_OFFICE, fromPaisa, type ListQuery, minorUnitsOf } from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import { addressCodes, bankAccount, currencyOf } from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import { dbPaisa } from '../../../db/money-columns.ts'
import type { Database } from '../../../db/schema.ts'
import type { AnyRecordRow } from '../../../lib/crud.ts'

/**
 * Office Accounts of a bank kept in another currency (issue 34 item 6, decision 150): the list's
 * amounts are in the bank's currency (decision 132's view), so its running balance is too, from
 * the lines' amounts in it (fx_debit − fx_credit; a rupee line, an exchange difference, has none),
 * and the rupees sit beside as `credit_pkr`, `debit_pkr`, `balance_pkr` (the rupee running
 * balance the rupee reader already gives). A rupee bank's rows are left exactly as they were.
 */

type Trx = Kysely<Database>
type Row = AnyRecordRow & Record<string, unknown>

/** Sources per statement: keeps the bound parameters far below either database's limit. */
const BATCH = 200

/** The bank's currency when its Office Accounts list is kept in another than rupees, else null. */
export const foreignBankCurrency = async (db: Db, name: string | undefined): Promise<string | null> => {
  if (!name || name === CASH_IN_OFFICE) return null
  const currency = await currencyOf(db as unknown as Trx, bankAccount(name))
  return currency === BOOKS_CURRENCY ? null : currency
}

const amountOf = (minor: bigint, currency: string) => {
  const units = minorUnitsOf(currency)
  return units === 2 ? fromPaisa(Number(minor)) : Number(minor) / 10 ** units
}

const sourceOf = (r: Row) =>
  r.source_type
    ? { type: String(r.source_type), id: Number(r.source_id) }
    : { type: 'account_entries', id: Number(r.id) }

interface Own {
  debit: bigint
  credit: bigint
  fx: bigint
  rate: string | null
}

/** Each row's own lines on the bank: rupees each side, the net in the currency, the rate. */
const ownLines = async (db: Trx, code: string, rows: Row[]) => {
  const keys = [...new Map(rows.map((r) => [`${sourceOf(r).type} ${sourceOf(r).id}`, sourceOf(r)])).values()]
  const out = new Map<string, Own>()
  for (let start = 0; start < keys.length; start += BATCH) {
    const batch = keys.slice(start, start + BATCH)
    const found = await db
      .selectFrom('posting_lines')
      .select(['source_type', 'source_id', 'debit', 'credit', 'fx_debit', 'fx_credit', 'rate'])
      .where('account', '=', code)
      .where((eb) =>
        eb.or(batch.map((s) => eb.and([eb('source_type', '=', s.type), eb('source_id', '=', s.id)]))),
      )
      .orderBy('id')
      .execute()
    // A reversal carries its line's amounts negated, so a source's lines sum to its entry in force.
    for (const l of found) {
      const key = `${l.source_type} ${Number(l.source_id)}`
      const o = out.get(key) ?? { debit: 0n, credit: 0n, fx: 0n, rate: null }
      o.debit += dbPaisa(l.debit)
      o.credit += dbPaisa(l.credit)
      o.fx += dbPaisa(l.fx_debit) - dbPaisa(l.fx_credit)
      if (l.rate !== null && (dbPaisa(l.fx_debit) > 0n || dbPaisa(l.fx_credit) > 0n)) o.rate = String(l.rate)
      out.set(key, o)
    }
  }
  return rows.map((r) => out.get(`${sourceOf(r).type} ${sourceOf(r).id}`) ?? null)
}

/**
 * The bank's balance in its currency (minor units) at each point: its lines before the point's day
 * (the covering index posting_lines_account_fx), plus that day's Office Accounts rows of the bank
 * up to and including the point's id, in the order the list shows a day.
 */
const fxAt = async (db: Trx, code: string, bank: string, points: { date: string; id: number }[]) => {
  const out: bigint[] = []
  for (let start = 0; start < points.length; start += BATCH) {
    const batch = points.slice(start, start + BATCH)
    const values = batch.map(
      (p, i) => sql`(CAST(${i} AS integer), CAST(${p.date} AS text), CAST(${p.id} AS integer))`,
    )
    const { rows } = await sql<{ k: number; before: unknown; day: unknown }>`
      WITH p (k, date, id) AS (VALUES ${sql.join(values)})
      SELECT p.k,
        (SELECT COALESCE(SUM(l.fx_debit), 0) - COALESCE(SUM(l.fx_credit), 0) FROM posting_lines l
          WHERE l.account = ${code} AND l.date < p.date) AS before,
        (SELECT COALESCE(SUM(l.fx_debit), 0) - COALESCE(SUM(l.fx_credit), 0) FROM account_entries t
          JOIN posting_lines l ON l.source_type = COALESCE(t.source_type, 'account_entries')
            AND l.source_id = COALESCE(t.source_id, t.id) AND l.account = ${code}
          WHERE t.bank_name = ${bank} AND t.date = p.date AND t.id <= p.id) AS day
      FROM p`.execute(db)
    for (const r of rows) out[start + Number(r.k)] = dbPaisa(r.before) + dbPaisa(r.day)
  }
  return out
}

const byLedgerOrder = (a: Row, b: Row) =>
  a.date === b.date ? Number(a.id) - Number(b.id) : String(a.date) < String(b.date) ? -1 : 1

/**
 * Whether the rupee reader's rows are an unbroken run of the bank's (date, id) order (ledgerList's
 * own test): then one balance before the first row and the rows' own lines are enough.
 */
const isContiguous = (query: ListQuery) => {
  const sortKey = query.sort?.replace(/^-/, '')
  if (sortKey === 'balance') return false
  return !query.q && (query.limit === undefined || !query.sort || sortKey === 'date')
}

/**
 * A foreign bank's rows with the running balance in its currency and the rupees beside. `balance`
 * comes in as the rupee running balance (paisa turned rupees by the reader) and leaves as the
 * currency's; `currency` and `rate` say the currency of every row's figures (a row another record
 * posted keeps PKR in its own column, decision 132, but is read in the bank's currency).
 */
export const inBankCurrency = async (
  db: Db,
  bank: string,
  currency: string,
  query: ListQuery,
  rows: AnyRecordRow[],
): Promise<AnyRecordRow[]> => {
  if (rows.length === 0) return rows
  const trx = db as unknown as Trx
  const code = (await addressCodes(trx))(bankAccount(bank))
  const list = rows as Row[]
  const own = await ownLines(trx, code, list)
  const balances = new Map<number, bigint>()
  if (isContiguous(query)) {
    const order = list.map((_, i) => i).sort((a, b) => byLedgerOrder(list[a]!, list[b]!))
    const first = list[order[0]!]!
    let running = (await fxAt(trx, code, bank, [{ date: String(first.date), id: Number(first.id) - 1 }]))[0]!
    for (const i of order) {
      running += own[i]?.fx ?? 0n
      balances.set(Number(list[i]!.id), running)
    }
  } else {
    const at = await fxAt(
      trx,
      code,
      bank,
      list.map((r) => ({ date: String(r.date), id: Number(r.id) })),
    )
    for (const [i, r] of list.entries()) balances.set(Number(r.id), at[i]!)
  }
  return list.map((r, i) => {
    const o = own[i]
    const out: Row = {
      ...r,
      currency,
      rate: r.source_type ? (o?.rate === null || !o ? null : Number(o.rate)) : r.rate,
      balance: amountOf(balances.get(Number(r.id)) ?? 0n, currency),
      // Credit is money into the bank: its debit side (decision 023).
      credit_pkr: fromPaisa(Number(o?.debit ?? 0n)),
      debit_pkr: fromPaisa(Number(o?.credit ?? 0n)),
      balance_pkr: r.balance,
    }
    return out
  })
}
