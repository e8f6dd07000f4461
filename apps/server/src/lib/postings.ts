import type { Kysely } from 'kysely'
import { byName } from '../db/by-name.ts'
import { moneyIn } from '../db/money-columns.ts'
import type { Database, NewRow } from '../db/schema.ts'

/** The ledgers other records post into. */
export type Ledger = 'agent_entries' | 'account_entries' | 'vender_entries'

/** The record that caused a posting; the posting is updated and removed with it. */
export interface Source {
  type: string
  id: number
}

type PostingValues<L extends Ledger> = Omit<NewRow<L>, 'source_type' | 'source_id' | 'created_at' | 'id'>

/**
 * Makes the source's posting in one ledger match `values` (rupees): insert, update in place
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
