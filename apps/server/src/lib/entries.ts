import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { forPostgres, runText } from './prepared.ts'
import { shortStatements } from './write-locks.ts'

/** The counter row every form type also bumps; its count is the global serial. */
export const GLOBAL_COUNTER = '_global'

type CounterRow = { form_type: string; current_count: number }

/** The form type's row first, then the global one, as every create takes them. */
const NEXT_ENTRY = `insert into entry_counters (form_type, current_count) values (?, 1), (?, 1)
  on conflict (form_type) do update set current_count = entry_counters.current_count + 1
  returning form_type, current_count`

/**
 * Assigns the next entry number for a form type. Call it inside the create transaction:
 * one upsert bumps (or starts) both counters, and the row lock (PostgreSQL) or the single writer
 * (SQLite) means two saves never share a number. The form type's row is locked before the global
 * one, as every create does, so concurrent creates cannot deadlock.
 */
export const nextEntry = async (trx: Kysely<Database>, formType: string) => {
  const short = shortStatements(trx)
  // A keyed PostgreSQL write (decision 070): the counters commit at once, so their two rows are
  // locked for one statement instead of the whole write; a write that then fails leaves its
  // numbers unused, as a sequence would.
  const rows = short
    ? (await short.query<CounterRow>(forPostgres(NEXT_ENTRY), [formType, GLOBAL_COUNTER])).rows
    : await runText<CounterRow>(trx, NEXT_ENTRY, [formType, GLOBAL_COUNTER])
  return countsOf(rows, formType)
}

const countsOf = (rows: readonly CounterRow[], formType: string) => {
  const count = (type: string) => Number(rows.find((r) => r.form_type === type)!.current_count)
  return { current: count(formType), global: count(GLOBAL_COUNTER) }
}

/** The stored counts, in the shape of GET /api/api/entry/counts. */
export const entryCounts = async (db: Kysely<Database>) => {
  const rows = await db.selectFrom('entry_counters').selectAll().execute()
  const global = Number(rows.find((r) => r.form_type === GLOBAL_COUNTER)?.current_count ?? 0)
  return rows
    .filter((r) => r.form_type !== GLOBAL_COUNTER)
    .map((r) => ({ form_type: r.form_type, current_count: Number(r.current_count), global_count: global }))
}

/**
 * The old client's "increment" after a save. Numbers are assigned by the server in the create
 * transaction, so this moves nothing (a client could otherwise skip numbers for good) and answers
 * the form type's stored count in the spec's {data} shape.
 */
export const storedCounter = async (db: Kysely<Database>, formType: string) => {
  const row = await db
    .selectFrom('entry_counters')
    .select('current_count')
    .where('form_type', '=', formType)
    .executeTakeFirst()
  return { form_type: formType, current_count: Number(row?.current_count ?? 0) }
}
