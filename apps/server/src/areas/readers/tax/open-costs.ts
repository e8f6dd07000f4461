import {
  fromPaisa,
  type OpenCost,
  OpenCostsAnswer,
  passengerList,
  passengerName,
  RECORD_SPECS,
  SETTLES_COST_TYPES,
} from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { accruedAccount } from '../../../books/accounts.ts'
import { byName } from '../../../db/by-name.ts'
import type { Db } from '../../../db/connect.ts'
import type { TableName } from '../../../db/schema.ts'
import { officeReader } from '../../../lib/caller-scope.ts'

type Rec = Record<string, unknown>

/** "Visa Processing 3/4, Ali Khan (Ahmed Raza)": a record as the list names it. */
const labelOf = (type: string, row: Rec) => {
  const spec = (RECORD_SPECS as Record<string, { payment?: { label: string } }>)[type]
  const kind = spec?.payment?.label ?? type
  const entry = String(row.entry ?? '')
  const who = String(row.customer_add ?? row.name ?? '').trim()
  const passenger = passengerList(row.passport_detail)
    .map((p) => passengerName(p))
    .find(Boolean)
  return [
    `${entry.startsWith(kind) ? entry : `${kind} ${entry}`}`,
    who && passenger && passenger !== who ? `${who} (${passenger})` : who || passenger || '',
  ]
    .filter(Boolean)
    .join(', ')
}

/**
 * The records whose "Costs to pay" are still owed (decision 100): what each posted to its
 * `accrued:<type>` account, less what the Protector and Expense entries that name it settled there,
 * both from the lines in force. `keep` is listed whatever it owes (the entry being edited names it).
 */
export const openCosts = async (db: Db, keep?: { type: string; id: number }): Promise<OpenCost[]> => {
  const out: OpenCost[] = []
  for (const type of SETTLES_COST_TYPES) {
    const account = accruedAccount(type)
    const { rows } = await sql<{ id: number | string; open: number | string }>`
      SELECT o.id, o.owed - coalesce(s.paid, 0) AS open FROM
        (SELECT source_id AS id, sum(credit - debit) AS owed FROM current_lines
          WHERE account = ${account} AND source_type = ${type} GROUP BY source_id) o
      LEFT JOIN
        (SELECT cs.settles_id AS id, sum(l.debit - l.credit) AS paid FROM current_lines l
          JOIN cost_settlements cs ON cs.source_type = l.source_type AND cs.source_id = l.source_id
          WHERE l.account = ${account} AND cs.settles_type = ${type} GROUP BY cs.settles_id) s
      ON s.id = o.id`.execute(db)
    const open = new Map(rows.map((r) => [Number(r.id), Number(r.open)]))
    for (const [id, paisa] of open)
      if (paisa <= 0 && !(keep?.type === type && keep.id === id)) open.delete(id)
    if (keep?.type === type && !open.has(keep.id)) open.set(keep.id, 0)
    const ids = [...open.keys()]
    for (let i = 0; i < ids.length; i += 500) {
      const found = await byName(db)
        .selectFrom(type as TableName)
        .selectAll()
        .where('id', 'in', ids.slice(i, i + 500))
        .execute()
      for (const row of found as Rec[]) {
        const id = Number(row.id)
        out.push({
          source_type: type,
          source_id: id,
          label: labelOf(type, row),
          open: fromPaisa(open.get(id) ?? 0),
        })
      }
    }
  }
  return out.sort((a, b) => a.label.localeCompare(b.label, 'en', { numeric: true }))
}

const GET_OPEN_COSTS = { schema: { response: { 200: OpenCostsAnswer } } }

/** GET /api/tax/open-costs[?keep=visa_processing:3] for the Protector and Expense forms (staff). */
export const openCostRoutes = async (app: FastifyInstance, db: Db) => {
  app.get('/tax/open-costs', GET_OPEN_COSTS, async (req) => {
    officeReader(req.caller, 'staff-area')
    const raw = String((req.query as { keep?: unknown }).keep ?? '')
    const [type, id] = raw.split(':')
    const keep =
      type && (SETTLES_COST_TYPES as readonly string[]).includes(type) && /^\d{1,9}$/.test(id ?? '')
        ? { type, id: Number(id) }
        : undefined
    return { status: 'success', costs: await openCosts(db, keep) }
  })
}
