import {
  ADMIN_ONLY_MESSAGE,
  BOOKING_REQUEST_KEY,
  BookingRequestAnswer,
  BookingRequestCreatedAnswer,
  BookingRequestDecline,
  BookingRequestDeclinedAnswer,
  BookingRequestInput,
  BookingRequestsAnswer,
  BookingRequestsQuery,
  CONFIRM_OVER_LIMIT,
  can,
  formatAmount,
  fromPaisa,
  IdParams,
  overLimitMessage,
  PortalNoticesAnswer,
  passengerList,
  REQUESTABLE_SPECS,
  requestPassesLimit,
  requestSpecOf,
  toPaisa,
  visaStage,
} from '@booking/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { byName } from '../../../db/by-name.ts'
import type { Db } from '../../../db/connect.ts'
import { dbKind } from '../../../db/dialect.ts'
import type { Database, Row } from '../../../db/schema.ts'
import { audit } from '../../../lib/audit.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { parseBody, parseIdParam } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import type { AuthUser } from '../../../plugins/auth.ts'
import { agencySettings } from '../../platform/settings/routes.ts'
import { profileAnswer } from '../collect/parties.ts'
import { agentAccountId } from './booked.ts'
import { callerAgent } from './routes.ts'

/**
 * Issue 35 item 4 (decisions 114-115): booking requests. An agent's user asks from the portal
 * (`/api/portal/requests`, their agent's only, scoped here by the caller); staff see the queue
 * (`/api/booking-requests`), make the booking with the record's own form (its create body names
 * the request, `booking_request`, and the link is written in the record's transaction by
 * `linkBookingRequest`) or decline it with a reason.
 */

type Trx = Kysely<Database>
type RequestRow = Row<'booking_requests'>

const user = (req: FastifyRequest) => req.user as AuthUser
const staffOnly = (req: FastifyRequest) => {
  if (!can(req.caller, 'use', 'staff-area')) throw new HttpError(403, ADMIN_ONLY_MESSAGE)
}
const notFound = () => new HttpError(404, 'Booking request not found')

const nameOf = (kind: string) => requestSpecOf(kind)?.name ?? kind

/** The booking a request became, as it stands now (a void ticket, a visa's stage, what is owed). */
const bookingOf = async (db: Trx, r: RequestRow) => {
  if (!r.record_table || !r.record_id) return null
  const spec = REQUESTABLE_SPECS.find((s) => s.table === r.record_table)
  if (!spec) return null
  const table = spec.table
  const row = (await byName(db)
    .selectFrom(table)
    .selectAll()
    .where('id', '=', r.record_id)
    .executeTakeFirst()) as Record<string, unknown> | undefined
  const base = { table, id: r.record_id, entry: r.entry ?? '' }
  if (!row) return { ...base, state: 'deleted', amount: null, remaining: null, pnr: '', ticket_numbers: [] }
  const kind = spec.formType
  const state =
    kind === 'ticket'
      ? row.voided_at
        ? 'void'
        : String(row.ticket_numbers ?? '').trim()
          ? 'issued'
          : 'booked'
      : kind === 'visa'
        ? visaStage(row)
        : 'booked'
  return {
    ...base,
    state,
    amount: fromPaisa(row.receivable_amount as number),
    remaining: fromPaisa(row.remaining_amount as number),
    pnr: kind === 'ticket' ? String(row.reference ?? '') : '',
    ticket_numbers:
      kind === 'ticket'
        ? String(row.ticket_numbers ?? '')
            .split(/\s+/)
            .filter(Boolean)
        : ([] as string[]),
  }
}

const requestAnswer = async (db: Trx, r: RequestRow & { address?: string | null }) => ({
  id: r.id,
  ...(r.address !== undefined ? { agent: (r.address ?? '').replace(/^agent:/, '') } : {}),
  kind: r.kind,
  sector: r.sector,
  depart_date: r.depart_date,
  return_date: r.return_date,
  passengers: passengerList(r.passengers_json),
  amount: r.amount === null ? null : fromPaisa(r.amount),
  note: r.note,
  over_limit: Boolean(r.over_limit),
  status: r.status,
  reason: r.reason,
  created_at: r.created_at,
  decided_at: r.decided_at,
  booking: await bookingOf(db, r),
})

const accountIdOf = agentAccountId

/** The request a record's create body names (`booking_request`), or undefined. */
export const bookingRequestOf = (body: unknown): number | undefined => {
  const v = (body as Record<string, unknown> | null)?.[BOOKING_REQUEST_KEY]
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined
}

/**
 * Links the request a new record books, in the record's transaction (record-write's `created`
 * step): it must still wait, ask for this record type, and a ticket must name the request's agent.
 * Anything else refuses the save, so a record and its request never disagree.
 */
export const linkBookingRequest = async (
  trx: Trx,
  source: { type: string; id: number },
  actor: { user: AuthUser; bookingRequest?: number },
) => {
  const id = actor.bookingRequest
  if (id === undefined) return
  const query = trx
    .selectFrom('booking_requests')
    .innerJoin('accounts', 'accounts.id', 'booking_requests.account_id')
    .selectAll('booking_requests')
    .select('accounts.address')
    .where('booking_requests.id', '=', id)
  const r = await (dbKind(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst()
  if (!r) throw new HttpError(404, 'Booking request not found', { [BOOKING_REQUEST_KEY]: 'Not found' })
  if (r.status !== 'pending') {
    const message = `This booking request is already ${r.status}`
    throw new HttpError(409, message, { [BOOKING_REQUEST_KEY]: message })
  }
  const spec = requestSpecOf(r.kind)
  if (!spec || spec.table !== source.type) {
    const message = `This request asks for ${nameOf(r.kind)}: make it with the ${nameOf(r.kind)} form`
    throw new HttpError(400, message, { [BOOKING_REQUEST_KEY]: message })
  }
  const row = (await byName(trx)
    .selectFrom(spec.table)
    .selectAll()
    .where('id', '=', source.id)
    .executeTakeFirstOrThrow()) as Record<string, unknown>
  const agent = (r.address ?? '').replace(/^agent:/, '')
  if (r.kind === 'ticket' && String(row.agent_name ?? '').trim() !== agent) {
    const message = `This request is ${agent}'s: the ticket's agent must be ${agent}`
    throw new HttpError(400, message, { agent_name: message })
  }
  const decided = {
    status: 'booked' as const,
    record_table: source.type,
    record_id: source.id,
    entry: String(row.entry ?? ''),
  }
  await trx
    .updateTable('booking_requests')
    .set({ ...decided, decided_by: actor.user.username, decided_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute()
  await audit(trx, actor, 'update', 'booking_requests', id, { status: 'pending' }, decided)
}

export const bookingRequestRoutes = async (app: FastifyInstance, db: Db) => {
  // --- The portal: the caller's agent's requests only.
  app.post(
    '/portal/requests',
    { schema: { body: BookingRequestInput, response: { 201: BookingRequestCreatedAnswer } } },
    async (req, reply) => {
      const party = await callerAgent(db, req)
      const input = parseBody(BookingRequestInput, req.body)
      const profile = await profileAnswer(db, party)
      const over = requestPassesLimit(profile.credit_left, input.amount)
      // Said before it is sent: nothing is stored until the agent sends it knowing (decision 115).
      if (over && input[CONFIRM_OVER_LIMIT] !== true) {
        const { currency } = await agencySettings(db)
        const message = overLimitMessage(currency, profile.credit_left ?? 0, input.amount)
        throw new HttpError(409, message, { [CONFIRM_OVER_LIMIT]: message })
      }
      const id = await writeTransaction(db, async (trx) => {
        const row = await trx
          .insertInto('booking_requests')
          .values({
            account_id: await accountIdOf(trx, party.name),
            agent_user_id: user(req).id,
            kind: input.kind,
            sector: input.sector,
            depart_date: input.depart_date,
            return_date: input.return_date,
            passengers_json: JSON.stringify(input.passengers),
            amount: input.amount === null ? null : toPaisa(input.amount),
            note: input.note,
            over_limit: over ? 1 : 0,
            status: 'pending',
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        // The agent's user is no office user: named by e-mail, with no user id (decision 104).
        await audit(trx, null, 'create', 'booking_requests', row.id, null, {
          by: user(req).email,
          agent: party.name,
          kind: input.kind,
          sector: input.sector,
          over_limit: over,
        })
        return row.id
      })
      return reply.code(201).send({ status: 'success', id, message: 'Request sent', over_limit: over })
    },
  )

  app.get('/portal/requests', { schema: { response: { 200: BookingRequestsAnswer } } }, async (req) => {
    const party = await callerAgent(db, req)
    const rows = await db
      .selectFrom('booking_requests')
      .selectAll()
      .where('account_id', '=', await accountIdOf(db, party.name))
      .orderBy('id', 'desc')
      .limit(100)
      .execute()
    const requests = []
    for (const r of rows) requests.push(await requestAnswer(db, r))
    return { status: 'success', requests }
  })

  app.get(
    '/portal/requests/:id',
    { schema: { params: IdParams, response: { 200: BookingRequestAnswer } } },
    async (req) => {
      const party = await callerAgent(db, req)
      const id = parseIdParam(req.params, 'booking request')
      const r = await db
        .selectFrom('booking_requests')
        .selectAll()
        .where('id', '=', id)
        .where('account_id', '=', await accountIdOf(db, party.name))
        .executeTakeFirst()
      // Another party's request answers as a missing one.
      if (!r) throw notFound()
      return { status: 'success', request: await requestAnswer(db, r) }
    },
  )

  /**
   * The desk's notices (decision 116): deposits and requests staff decided in the last 30 days,
   * newest first, read from the decisions themselves.
   */
  app.get('/portal/notices', { schema: { response: { 200: PortalNoticesAnswer } } }, async (req) => {
    const party = await callerAgent(db, req)
    const account = await accountIdOf(db, party.name)
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString()
    const { currency } = await agencySettings(db)
    const deposits = await db
      .selectFrom('portal_deposits')
      .select(['id', 'amount', 'reference', 'status', 'reason', 'entry', 'decided_at'])
      .where('account_id', '=', account)
      .where('status', '!=', 'pending')
      .where('decided_at', '>=', since)
      .orderBy('decided_at', 'desc')
      .limit(20)
      .execute()
    const requests = await db
      .selectFrom('booking_requests')
      .select(['id', 'kind', 'sector', 'status', 'reason', 'entry', 'decided_at'])
      .where('account_id', '=', account)
      .where('status', '!=', 'pending')
      .where('decided_at', '>=', since)
      .orderBy('decided_at', 'desc')
      .limit(20)
      .execute()
    const notices = [
      ...deposits.map((d) => ({
        kind: 'deposit' as const,
        id: d.id,
        status: d.status,
        at: d.decided_at ?? '',
        text: `${currency} ${formatAmount(fromPaisa(d.amount))} · ${d.reference}`,
        reason: d.reason,
        entry: d.entry,
      })),
      ...requests.map((r) => ({
        kind: 'request' as const,
        id: r.id,
        status: r.status,
        at: r.decided_at ?? '',
        text: `${nameOf(r.kind)} · ${r.sector}`,
        reason: r.reason,
        entry: r.entry,
      })),
    ]
      .sort((a, b) => b.at.localeCompare(a.at))
      .slice(0, 20)
    return { status: 'success', notices }
  })

  // --- Staff: the queue, one request (the form prefills from it), decline with a reason.
  const withAgent = () =>
    db
      .selectFrom('booking_requests')
      .innerJoin('accounts', 'accounts.id', 'booking_requests.account_id')
      .selectAll('booking_requests')
      .select('accounts.address')

  app.get(
    '/booking-requests',
    { schema: { querystring: BookingRequestsQuery, response: { 200: BookingRequestsAnswer } } },
    async (req) => {
      staffOnly(req)
      const { status } = parseBody(BookingRequestsQuery, req.query)
      let q = withAgent().orderBy('booking_requests.id', 'desc').limit(200)
      if (status) q = q.where('booking_requests.status', '=', status)
      const requests = []
      for (const r of await q.execute()) requests.push(await requestAnswer(db, r))
      return { status: 'success', requests }
    },
  )

  app.get(
    '/booking-requests/:id',
    { schema: { params: IdParams, response: { 200: BookingRequestAnswer } } },
    async (req) => {
      staffOnly(req)
      const id = parseIdParam(req.params, 'booking request')
      const r = await withAgent().where('booking_requests.id', '=', id).executeTakeFirst()
      if (!r) throw notFound()
      return { status: 'success', request: await requestAnswer(db, r) }
    },
  )

  app.post(
    '/booking-requests/:id/decline',
    {
      schema: {
        params: IdParams,
        body: BookingRequestDecline,
        response: { 200: BookingRequestDeclinedAnswer },
      },
    },
    async (req) => {
      staffOnly(req)
      const id = parseIdParam(req.params, 'booking request')
      const { reason } = parseBody(BookingRequestDecline, req.body)
      const me = user(req)
      await writeTransaction(db, async (trx) => {
        const query = trx.selectFrom('booking_requests').select('status').where('id', '=', id)
        const r = await (dbKind(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst()
        if (!r) throw notFound()
        if (r.status !== 'pending') throw new HttpError(409, `This booking request is already ${r.status}`)
        await trx
          .updateTable('booking_requests')
          .set({ status: 'declined', reason, decided_by: me.username, decided_at: new Date().toISOString() })
          .where('id', '=', id)
          .execute()
        await audit(
          trx,
          me,
          'reject',
          'booking_requests',
          id,
          { status: 'pending' },
          { status: 'declined', reason },
        )
      })
      return { status: 'success', message: 'Booking request declined' }
    },
  )
}
