import type { Kysely } from 'kysely'
import { byName } from '../db/by-name.ts'
import { moneyIn } from '../db/money-columns.ts'
import type { Database, NewRow } from '../db/schema.ts'

/** The ledgers other records post into. */
export type Ledger = 'agent_entries' | 'account_entries' | 'vender_entries'

/**
 * What each ledger's screens read (migration 0030, decision 072): its rows with the figures of a
 * row another record posted taken from that record's posting lines (or its own typed figures).
 */
export const LEDGER_VIEW = {
  agent_entries: 'agent_ledger',
  account_entries: 'office_ledger',
  vender_entries: 'vendor_ledger',
} as const satisfies Record<Ledger, string>

/** A posted row's money columns: never stored (decision 072), the views derive them. */
const LINKED_MONEY: Record<Ledger, readonly string[]> = {
  agent_entries: ['debit', 'credit', 'paid_cash', 'paid_bank', 'receivable_amount'],
  account_entries: ['debit', 'credit'],
  vender_entries: ['debit', 'credit', 'withdraw'],
}

/** The record that caused a posting; the posting is updated and removed with it. */
export interface Source {
  type: string
  id: number
}

type PostingValues<L extends Ledger> = Omit<NewRow<L>, 'source_type' | 'source_id' | 'created_at' | 'id'>

/**
 * Makes the source's posting in one ledger match `values` (rupees; its money columns are stored
 * as 0, decision 072): insert, update in place
 * (keeping its id, so its place in the running balance stays), or delete when null.
 * Call inside the source's transaction. `created`: the source was inserted in this transaction,
 * so it has no posting to look for yet.
 */
export const syncPosting = async <L extends Ledger>(
  trx: Kysely<Database>,
  ledger: L,
  source: Source,
  values: PostingValues<L> | null,
  { created = false }: { created?: boolean } = {},
) => {
  const db = byName(trx)
  const table: Ledger = ledger
  const existing = created
    ? undefined
    : await db
        .selectFrom(table)
        .select('id')
        .where('source_type', '=', source.type)
        .where('source_id', '=', source.id)
        .executeTakeFirst()
  if (!values) {
    if (existing) await db.deleteFrom(table).where('id', '=', existing.id).execute()
    return
  }
  const row: Record<string, unknown> = moneyIn(ledger, values as Record<string, unknown>)
  // The money is the source's (its lines, its own figures); the row says where it shows.
  for (const column of LINKED_MONEY[ledger]) row[column] = 0
  if (existing) {
    await db.updateTable(table).set(row).where('id', '=', existing.id).execute()
  } else {
    await db
      .insertInto(table)
      .values({
        ...row,
        source_type: source.type,
        source_id: source.id,
        created_at: new Date().toISOString(),
      })
      .execute()
  }
}

/** Removes every posting a record made, in all ledgers. */
export const removePostings = async (trx: Kysely<Database>, source: Source) => {
  for (const ledger of ['agent_entries', 'account_entries', 'vender_entries'] as const) {
    await trx
      .deleteFrom(ledger)
      .where('source_type', '=', source.type)
      .where('source_id', '=', source.id)
      .execute()
  }
}
