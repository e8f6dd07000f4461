import type { Kysely } from 'kysely'
import { moneyIn } from '../db/money-columns.ts'
import type { Database } from '../db/schema.ts'
import { insertRows } from './prepared.ts'

/** What a money-moving record contributes to the dashboard, in rupees. */
export interface JournalFields {
  date: string
  entry: string
  name: string
  employee: string
  receivable?: number
  paid_cash?: number
  paid_in_bank?: number
  remaining?: number
  withdraw?: number
}

/** Keeps the record's journal row in step with it: upsert, or remove when `fields` is null. */
export const writeJournal = async (
  trx: Kysely<Database>,
  sourceType: string,
  sourceId: number,
  fields: JournalFields | null,
) => {
  if (!fields) return removeJournal(trx, sourceType, sourceId)
  const values = moneyIn('journal', {
    receivable: 0,
    paid_cash: 0,
    paid_in_bank: 0,
    remaining: 0,
    withdraw: 0,
    ...fields,
  })
  const keys = Object.keys(values).filter((k) => values[k as keyof typeof values] !== undefined)
  await insertRows(trx, 'journal', [{ ...values, source_type: sourceType, source_id: sourceId }], {
    conflict: `on conflict (source_type, source_id) do update set ${keys.map((k) => `"${k}" = excluded."${k}"`).join(', ')}`,
  })
}

export const removeJournal = (trx: Kysely<Database>, sourceType: string, sourceId: number) =>
  trx.deleteFrom('journal').where('source_type', '=', sourceType).where('source_id', '=', sourceId).execute()
