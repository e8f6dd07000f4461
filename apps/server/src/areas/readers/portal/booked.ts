import { fromPaisa, passengerList, REQUESTABLE_SPECS, visaStage } from '@booking/shared'
import type { Kysely } from 'kysely'
import { accountsFor } from '../../../books/account-rows.ts'
import { agentAccount } from '../../../books/accounts.ts'
import { byName } from '../../../db/by-name.ts'
import type { Database } from '../../../db/schema.ts'
import type { Scope } from '../../../lib/caller-scope.ts'
import { BOOKING_RECEIPTS, type BookingReceipt } from '../receipts/bookings.ts'

/**
 * The agent's bookings that carry no agent column (decision 134): Umrah and Visa Processing
 * records name a customer, so an agent's are the ones its booking requests were booked as
 * (`booking_requests.record_table/record_id`, written in the record's own transaction).
 */

type Trx = Kysely<Database>

/** The caller's agent's account id (opened if nothing has posted to it yet). */
export const agentAccountId = async (db: Trx, agent: string) => {
  const account = (await accountsFor(db, [agentAccount(agent)])).get(agentAccount(agent))
  if (!account) throw new Error('agent account not opened')
  return account.id
}

/** The requestable types a ticket's `agent_name` does not reach, each with its receipt and desk key. */
export const BOOKED_BY_REQUEST = REQUESTABLE_SPECS.filter((s) => s.table !== 'tickets').map((spec) => {
  const receipt = BOOKING_RECEIPTS.find((c) => c.table === spec.table)
  if (!receipt) throw new Error(`${spec.name} has no receipt`)
  return { spec, desk: spec.request?.desk ?? spec.table, receipt: receipt satisfies BookingReceipt }
})
export type BookedType = (typeof BOOKED_BY_REQUEST)[number]

/** The portal's receipt path of one booking, beside the ticket's (`/portal/bookings/tickets/…`). */
export const bookedReceiptPath = (t: BookedType) => `/portal/bookings${t.spec.path}`

/** Whether this record of that type was booked from one of the agent's requests. */
export const agentBooked = async (db: Trx, agent: string, t: BookedType, id: number) =>
  Boolean(
    await db
      .selectFrom('booking_requests')
      .select('id')
      .where('account_id', '=', await agentAccountId(db, agent))
      .where('status', '=', 'booked')
      .where('record_table', '=', t.spec.table)
      .where('record_id', '=', id)
      .executeTakeFirst(),
  )

/**
 * Whether a booking is one the scope sees (decision 147): staff see every booking; an agent's
 * own user a ticket naming its agent, or a record its requests were booked as. Any other type
 * belongs to no agent, so a one-party caller sees none of it.
 */
export const seesBooking = async (db: Trx, scope: Scope, table: string, id: number): Promise<boolean> => {
  if (scope.all) return true
  if (scope.kind !== 'agent') return false
  if (table === 'tickets')
    return Boolean(
      await db
        .selectFrom('tickets')
        .select('id')
        .where('id', '=', id)
        .where('agent_name', '=', scope.name)
        .executeTakeFirst(),
    )
  const type = BOOKED_BY_REQUEST.find((t) => t.spec.table === table)
  return type ? agentBooked(db, scope.name, type, id) : false
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))

/**
 * The agent's bookings of each type, newest request first (200 at most), as the desk lists them:
 * what was asked (sector or country) beside what was booked, and what is still owed in paisa.
 * A record deleted since is left out: it owes nothing and has no receipt.
 */
export const agentBookedRecords = async (db: Trx, agent: string) => {
  const account = await agentAccountId(db, agent)
  const out: Record<string, Array<Record<string, unknown>>> = {}
  let remainingPaisa = 0
  for (const t of BOOKED_BY_REQUEST) {
    const requests = await db
      .selectFrom('booking_requests')
      .select(['id', 'record_id', 'sector', 'depart_date', 'return_date', 'passengers_json'])
      .where('account_id', '=', account)
      .where('status', '=', 'booked')
      .where('record_table', '=', t.spec.table)
      .orderBy('id', 'desc')
      .limit(200)
      .execute()
    const ids = requests.map((r) => r.record_id).filter((id): id is number => id !== null)
    const rows = ids.length
      ? ((await byName(db).selectFrom(t.spec.table).selectAll().where('id', 'in', ids).execute()) as Array<
          Record<string, unknown>
        >)
      : []
    const byId = new Map(rows.map((r) => [Number(r.id), r]))
    const list: Array<Record<string, unknown>> = []
    for (const r of requests) {
      const row = r.record_id === null ? undefined : byId.get(r.record_id)
      if (!row) continue
      remainingPaisa += Number(row.remaining_amount ?? 0)
      // The record's passengers as booked (staff may have corrected a name), else the request's.
      const name = (p: Record<string, unknown>) => `${text(p.firstName)} ${text(p.lastName)}`.trim()
      const booked = passengerList(row.passport_detail).map(name).filter(Boolean)
      const names = booked.length ? booked : passengerList(r.passengers_json).map(name)
      list.push({
        id: Number(row.id),
        request_id: r.id,
        entry: text(row.entry),
        // A visa's request names its country in the sector (decision 114).
        sector: text(row.sector) || r.sector,
        package: text(row.package_detail),
        depart_date: (row.depart_date as string | null | undefined) ?? r.depart_date,
        return_date: (row.return_date as string | null | undefined) ?? r.return_date,
        passengers: names.join(', '),
        amount: fromPaisa(Number(row.receivable_amount ?? 0)),
        remaining: fromPaisa(Number(row.remaining_amount ?? 0)),
        stage: t.spec.formType === 'visa' ? visaStage(row) : null,
        receipt: `/api${bookedReceiptPath(t)}/${Number(row.id)}/receipt.pdf`,
      })
    }
    out[t.desk] = list
  }
  return { lists: out, remaining: fromPaisa(remainingPaisa) }
}
