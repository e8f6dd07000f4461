import { RECORD_SPECS, type SettlesCostOf } from '@booking/shared'
import type { Kysely } from 'kysely'
import { byName } from '../../../db/by-name.ts'
import type { Database, TableName } from '../../../db/schema.ts'
import type { ApiRow } from '../../../lib/crud.ts'
import { HttpError } from '../../../lib/http-error.ts'

type Trx = Kysely<Database>

const SETTLING = new Set(['protectors', 'expenses'])

/**
 * A Protector or Expense entry's `settles_cost_of` (issue 36 item 6): kept beside it before it
 * posts. Left out on an edit, the entry keeps what it settled; null clears it.
 */
export const keepSettlement = async (trx: Trx, table: string, row: ApiRow, input: unknown) => {
  if (!SETTLING.has(table) || input === undefined) return
  const asked = (input as { settles_cost_of?: SettlesCostOf | null }).settles_cost_of
  if (asked === undefined) return
  await trx
    .deleteFrom('cost_settlements')
    .where('source_type', '=', table)
    .where('source_id', '=', row.id)
    .execute()
  if (asked === null) return
  const found = await byName(trx)
    .selectFrom(asked.source_type as TableName)
    .select('id')
    .where('id', '=', asked.source_id)
    .executeTakeFirst()
  if (!found) {
    const spec = (RECORD_SPECS as Record<string, { payment?: { label: string } }>)[asked.source_type]
    const label = spec?.payment?.label ?? 'Record'
    const message = `${label} not found`
    throw new HttpError(400, message, { settles_cost_of: message })
  }
  await trx
    .insertInto('cost_settlements')
    .values({
      source_type: table,
      source_id: row.id,
      settles_type: asked.source_type,
      settles_id: asked.source_id,
    })
    .execute()
}

/** An Office Accounts entry's `purpose` (bank charge or profit), kept beside it before it posts. */
export const keepOfficePurpose = async (trx: Trx, table: string, row: ApiRow, input: unknown) => {
  if (table !== 'account_entries' || input === undefined) return
  const purpose = (input as { purpose?: string }).purpose
  if (purpose === undefined) return
  await trx.deleteFrom('office_purposes').where('entry_id', '=', row.id).execute()
  await trx.insertInto('office_purposes').values({ entry_id: row.id, purpose, reposted: 1 }).execute()
}

/** `settles_cost_of` and `purpose` on the answers of the entries that carry them (in place). */
export const answerBeside = async (trx: Trx, table: string, answers: Record<string, unknown>[]) => {
  const ids = answers.map((a) => Number(a.id)).filter((id) => Number.isInteger(id))
  if (ids.length === 0) return
  if (SETTLING.has(table)) {
    const rows = await trx
      .selectFrom('cost_settlements')
      .selectAll()
      .where('source_type', '=', table)
      .where('source_id', 'in', ids.slice(0, 1000))
      .execute()
    const by = new Map(rows.map((r) => [Number(r.source_id), r]))
    for (const a of answers) {
      const s = by.get(Number(a.id))
      if (s) a.settles_cost_of = { source_type: s.settles_type, source_id: Number(s.settles_id) }
    }
  }
  if (table === 'account_entries') {
    const rows = await trx
      .selectFrom('office_purposes')
      .selectAll()
      .where('entry_id', 'in', ids.slice(0, 1000))
      .execute()
    const by = new Map(rows.map((r) => [Number(r.entry_id), r.purpose]))
    for (const a of answers) {
      const p = by.get(Number(a.id))
      if (p) a.purpose = p
    }
  }
}
