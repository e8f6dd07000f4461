import { createHash, randomBytes } from 'node:crypto'
import {
  ADMIN_ONLY_MESSAGE,
  AgentUserInvite,
  AgentUserInvitedAnswer,
  AgentUserSavedAnswer,
  AgentUsersAnswer,
  AgentUserUpdate,
  can,
  DepositApprovedAnswer,
  DepositCreatedAnswer,
  DepositFields,
  DepositReject,
  DepositRejectedAnswer,
  DepositsAnswer,
  DepositsQuery,
  EMAIL_TAKEN_MESSAGE,
  FileAnswer,
  fromPaisa,
  IdParams,
  INVITE_DAYS,
  InviteAccept,
  normaliseEmail,
  PortalBanksAnswer,
  PortalBookingsAnswer,
  PortalMeAnswer,
  PortalMessageAnswer,
  PortalOverdueAnswer,
  StatementAnswer,
  StatementQuery,
  toPaisa,
} from '@booking/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { accountsFor } from '../../../books/account-rows.ts'
import { agentAccount } from '../../../books/accounts.ts'
import type { Db } from '../../../db/connect.ts'
import type { Database } from '../../../db/schema.ts'
import { audit } from '../../../lib/audit.ts'
import { scopeOf } from '../../../lib/caller-scope.ts'
import { recordLifecycle } from '../../../lib/crud.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { hashPassword, isCommonPassword } from '../../../lib/passwords.ts'
import { parseBody, parseIdParam } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import type { AuthUser } from '../../../plugins/auth.ts'
import { endPortalSessions } from '../../../plugins/sessions.ts'
import { agencySettings, agencyToday } from '../../platform/settings/routes.ts'
import { MATCH_DAYS, pendingImportIds } from '../banks/matching.ts'
import { boundaryOf, parseMultipart } from '../banks/multipart.ts'
import { postStatementLine } from '../banks/post-line.ts'
import { writeState } from '../banks/routes.ts'
import { collectionRows } from '../collect/collections.ts'
import { findParty, type Party, profileAnswer } from '../collect/parties.ts'
import { collectSettings } from '../collect/settings.ts'
import { shareBase } from '../collect/share-base.ts'
import { sendBookingReceipt, ticketReceipt } from '../receipts/routes.ts'
import { sendStatement } from '../statements/routes.ts'
import { agentBookedRecords, BOOKED_BY_REQUEST, bookedReceiptPath } from './booked.ts'
import { depositNotice, tellAgent } from './notice.ts'
import { SLIP_MAX_BYTES, slipType } from './slip.ts'

/**
 * Issue 35: an agent's own users (invited and suspended by an admin from the agent's profile) and
 * their desk under /api/portal/*. The auth hook already refuses them everything outside the portal
 * (decision 104); here every read is scoped by the caller's party, never by what the request names.
 */

type Trx = Kysely<Database>

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const NameParams = z.object({ name: z.string().trim().min(1, 'Agent is required').max(200) })
const UserParams = z.object({
  name: z.string().trim().min(1, 'Agent is required').max(200),
  id: z.coerce.number().int().positive(),
})
const user = (req: FastifyRequest) => req.user as AuthUser
const need = (req: FastifyRequest, what: 'agent-users' | 'staff-area') => {
  if (!can(req.caller, 'use', what)) throw new HttpError(403, ADMIN_ONLY_MESSAGE)
}

/** The agent a path names, or 404. */
const agentOr404 = async (db: Trx, name: string): Promise<Party> => {
  const party = await findParty(db, 'agent', name)
  if (!party) throw new HttpError(404, 'Agent not found')
  return party
}

/**
 * The agent the signed-in agent's user belongs to: the caller's scope (lib/caller-scope.ts), by
 * its account's id, so a rename or a merge (decision 081) keeps the user at its agent's desk.
 */
export const callerAgent = async (db: Trx, req: FastifyRequest): Promise<Party> => {
  const scope = await scopeOf(db, req.caller)
  if (scope.all || scope.kind !== 'agent') throw new HttpError(403, ADMIN_ONLY_MESSAGE)
  return { kind: 'agent', key: scope.name, name: scope.name, account: scope.account }
}

const inviteAnswer = (row: {
  id: number
  email: string
  password_hash: string | null
  suspended: number
  invite_expires_at: string | null
}) => ({
  id: row.id,
  email: row.email,
  status: row.suspended ? 'suspended' : row.password_hash ? 'active' : 'invited',
  invite_expires_at: row.password_hash ? null : row.invite_expires_at,
})

const depositAnswer = (row: {
  id: number
  amount: number | string
  date: string
  bank: string
  reference: string
  status: string
  reason: string | null
  entry: string | null
  matched: number
  created_at: string
}) => ({
  id: row.id,
  amount: fromPaisa(row.amount),
  date: row.date,
  bank: row.bank,
  reference: row.reference,
  status: row.status,
  reason: row.reason,
  entry: row.entry,
  matched: Boolean(row.matched),
  created_at: row.created_at,
})

const DEPOSIT_COLUMNS = [
  'id',
  'amount',
  'date',
  'bank',
  'reference',
  'status',
  'reason',
  'entry',
  'matched',
  'created_at',
] as const

/** Days between two ISO dates. */
const daysApart = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000

export const portalRoutes = async (app: FastifyInstance, db: Db) => {
  // --- An agent's own users, from the agent's profile (admins: the 'agent-users' capability).
  app.get('/agents/:name/users', { schema: { response: { 200: AgentUsersAnswer } } }, async (req) => {
    need(req, 'agent-users')
    const party = await agentOr404(db, parseBody(NameParams, req.params).name)
    const account = await db
      .selectFrom('accounts')
      .select('id')
      .where('code', '=', party.account)
      .executeTakeFirst()
    const rows = account
      ? await db
          .selectFrom('agent_users')
          .select(['id', 'email', 'password_hash', 'suspended', 'invite_expires_at'])
          .where('account_id', '=', account.id)
          .orderBy('id')
          .execute()
      : []
    return { status: 'success', users: rows.map(inviteAnswer) }
  })

  app.post(
    '/agents/:name/users',
    { schema: { body: AgentUserInvite, response: { 201: AgentUserInvitedAnswer } } },
    async (req, reply) => {
      need(req, 'agent-users')
      const { name } = parseBody(NameParams, req.params)
      const input = parseBody(AgentUserInvite, req.body)
      const email = normaliseEmail(input.email)
      const party = await agentOr404(db, name)
      const token = randomBytes(24).toString('base64url')
      const expires_at = new Date(Date.now() + INVITE_DAYS * 86_400_000).toISOString()
      const id = await writeTransaction(db, async (trx) => {
        const taken =
          (await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) ??
          (await trx.selectFrom('agent_users').select('id').where('email', '=', email).executeTakeFirst())
        if (taken) throw new HttpError(409, EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE })
        // The agent's account, opened if nothing has posted to it yet: the user belongs to it by id.
        const account = (await accountsFor(trx, [agentAccount(party.name)])).get(agentAccount(party.name))
        if (!account) throw new Error('agent account not opened')
        const row = await trx
          .insertInto('agent_users')
          .values({
            account_id: account.id,
            email,
            password_hash: null,
            invite_hash: sha256(token),
            invite_expires_at: expires_at,
            created_by: user(req).username,
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await audit(trx, user(req), 'create', 'agent_users', row.id, null, {
          agent: party.name,
          email,
          expires_at,
        })
        return row.id
      })
      const { base } = shareBase({ protocol: req.protocol, host: req.headers.host })
      return reply
        .code(201)
        .send({ status: 'success', id, url: `${base}/portal/invite/${token}`, expires_at })
    },
  )

  app.put(
    '/agents/:name/users/:id',
    { schema: { body: AgentUserUpdate, response: { 200: AgentUserSavedAnswer } } },
    async (req) => {
      need(req, 'agent-users')
      const parsed = UserParams.safeParse(req.params)
      if (!parsed.success) throw new HttpError(400, 'Invalid user ID')
      const input = parseBody(AgentUserUpdate, req.body)
      const party = await agentOr404(db, parsed.data.name)
      const answer = await writeTransaction(db, async (trx) => {
        const row = await trx
          .selectFrom('agent_users')
          .innerJoin('accounts', 'accounts.id', 'agent_users.account_id')
          .select(['agent_users.id', 'email', 'password_hash', 'suspended', 'invite_expires_at'])
          .where('agent_users.id', '=', parsed.data.id)
          .where('accounts.code', '=', party.account)
          .executeTakeFirst()
        if (!row) throw new HttpError(404, 'User not found')
        await trx
          .updateTable('agent_users')
          .set({ suspended: input.suspended ? 1 : 0 })
          .where('id', '=', row.id)
          .execute()
        // Suspension is at once: the user's sessions end, so the next request is a 401.
        if (input.suspended) await endPortalSessions(trx, row.id)
        await audit(trx, user(req), 'user-update', 'agent_users', row.id, inviteAnswer(row), {
          ...inviteAnswer({ ...row, suspended: input.suspended ? 1 : 0 }),
        })
        return inviteAnswer({ ...row, suspended: input.suspended ? 1 : 0 })
      })
      return {
        status: 'success',
        message: input.suspended ? 'User suspended' : 'User active again',
        user: answer,
      }
    },
  )

  // --- The invite: public, the token is the key (only its hash is kept), used once.
  app.post(
    '/portal/invites/:token',
    { schema: { body: InviteAccept, response: { 200: PortalMessageAnswer } } },
    async (req) => {
      const token = String((req.params as { token?: unknown }).token ?? '')
      const input = parseBody(InviteAccept, req.body)
      const invalid = () => new HttpError(404, 'This invite link is not valid or has expired')
      if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw invalid()
      const row = await db
        .selectFrom('agent_users')
        .select(['id', 'invite_expires_at'])
        .where('invite_hash', '=', sha256(token))
        .executeTakeFirst()
      if (!row?.invite_expires_at || row.invite_expires_at < new Date().toISOString()) throw invalid()
      if (isCommonPassword(input.password)) {
        const message = 'This password is too common. Please choose another.'
        throw new HttpError(400, message, { password: message })
      }
      const password_hash = await hashPassword(input.password)
      const done = await db
        .updateTable('agent_users')
        .set({ password_hash, invite_hash: null, invite_expires_at: null })
        .where('id', '=', row.id)
        .where('invite_hash', '=', sha256(token))
        .executeTakeFirst()
      if (Number(done.numUpdatedRows) !== 1) throw invalid()
      return { status: 'success', message: 'Password set. You can sign in now.' }
    },
  )

  // --- The desk (the auth hook lets only the 'portal' capability in).
  app.get('/portal/me', { schema: { response: { 200: PortalMeAnswer } } }, async (req) => {
    const party = await callerAgent(db, req)
    const profile = await profileAnswer(db, party)
    const settings = await agencySettings(db)
    return {
      status: 'success',
      agent: party.name,
      balance: profile.balance,
      credit_limit: profile.credit_limit,
      credit_left: profile.credit_left,
      currency: settings.currency,
      last_payment: profile.last_payment,
      language: profile.language,
      email: user(req).email,
    }
  })

  // The same reader as the staff's statement of this agent (statements/routes.ts sendStatement).
  app.get(
    '/portal/statement',
    { schema: { querystring: StatementQuery, response: { 200: StatementAnswer } } },
    async (req, reply) => {
      const party = await callerAgent(db, req)
      const { language } = await profileAnswer(db, party)
      return sendStatement(db, req.caller, req, reply, 'agent', party.name, language)
    },
  )

  app.get('/portal/bookings', { schema: { response: { 200: PortalBookingsAnswer } } }, async (req) => {
    const party = await callerAgent(db, req)
    const tickets = await db
      .selectFrom('tickets')
      .select([
        'id',
        'entry',
        'created_at',
        'sector',
        'airline',
        'depart_date',
        'return_date',
        'reference',
        'ticket_numbers',
        'passport_detail',
        'receivable_amount',
        'remaining_amount',
        'voided_at',
      ])
      .where('agent_name', '=', party.name)
      .orderBy('id', 'desc')
      .limit(200)
      .execute()
    // Tickets name their agent; Umrah and visa records name a customer, so the agent's are those
    // its booking requests became (decisions 105, 134).
    const booked = await agentBookedRecords(db, party.name)
    return {
      status: 'success',
      ...booked.lists,
      booked_remaining: booked.remaining,
      tickets: tickets.map((t) => ({
        id: t.id,
        entry: t.entry,
        sector: t.sector,
        airline: t.airline,
        depart_date: t.depart_date,
        return_date: t.return_date,
        pnr: t.reference ?? '',
        ticket_numbers: (t.ticket_numbers ?? '').split(/\s+/).filter(Boolean),
        passengers: t.passport_detail,
        amount: fromPaisa(t.receivable_amount),
        remaining: fromPaisa(t.remaining_amount),
        voided: Boolean(t.voided_at),
        receipt: `/api/portal/bookings/tickets/${t.id}/receipt.pdf`,
      })),
    }
  })

  // The staff's receipt reader, scoped by the caller: another party's booking answers as a
  // missing one (receipts/routes.ts sendBookingReceipt, decision 147).
  app.get(
    '/portal/bookings/tickets/:id/receipt.pdf',
    { schema: { params: IdParams, response: { 200: FileAnswer('application/pdf') } } },
    async (req, reply) => {
      await callerAgent(db, req)
      return sendBookingReceipt(
        db,
        req.caller,
        req,
        reply,
        ticketReceipt(),
        parseIdParam(req.params, 'ticket'),
      )
    },
  )

  // The same receipt for the bookings the agent's requests became (decision 134).
  for (const type of BOOKED_BY_REQUEST) {
    app.get(
      `${bookedReceiptPath(type)}/:id/receipt.pdf`,
      { schema: { params: IdParams, response: { 200: FileAnswer('application/pdf') } } },
      async (req, reply) => {
        await callerAgent(db, req)
        const id = parseIdParam(req.params, type.spec.label)
        return sendBookingReceipt(db, req.caller, req, reply, type.receipt, id)
      },
    )
  }

  // To Collect for the caller's one party (the same reader as the staff's list, scoped).
  app.get('/portal/overdue', { schema: { response: { 200: PortalOverdueAnswer } } }, async (req) => {
    const scope = await scopeOf(db, req.caller)
    if (scope.all || scope.kind !== 'agent') throw new HttpError(403, ADMIN_ONLY_MESSAGE)
    const settings = await agencySettings(db)
    const asOf = agencyToday(settings)
    const minDays = (await collectSettings(db)).overdue_days
    const { rows } = await collectionRows(db, scope, asOf, minDays)
    const own = rows[0]
    return {
      status: 'success',
      as_of: asOf,
      min_days: minDays,
      overdue: own?.overdue ?? 0,
      total: own?.total ?? 0,
    }
  })

  // --- Deposits with the slip: the banks it may name (the office's active banks, names only).
  app.get('/portal/banks', { schema: { response: { 200: PortalBanksAnswer } } }, async (req) => {
    await callerAgent(db, req)
    const rows = await db.selectFrom('banks').select('name').where('active', '=', 1).orderBy('name').execute()
    return { status: 'success', banks: rows.map((r) => r.name) }
  })

  app.get('/portal/deposits', { schema: { response: { 200: DepositsAnswer } } }, async (req) => {
    const party = await callerAgent(db, req)
    const account = await db
      .selectFrom('accounts')
      .select('id')
      .where('code', '=', party.account)
      .executeTakeFirst()
    const rows = account
      ? await db
          .selectFrom('portal_deposits')
          .select(DEPOSIT_COLUMNS)
          .where('account_id', '=', account.id)
          .orderBy('id', 'desc')
          .limit(100)
          .execute()
      : []
    return { status: 'success', deposits: rows.map(depositAnswer) }
  })

  await app.register(async (scoped) => {
    scoped.addContentTypeParser(
      'multipart/form-data',
      // The slip's 5 MB, its fields and the multipart framing.
      { parseAs: 'buffer', bodyLimit: SLIP_MAX_BYTES + 64 * 1024 },
      (req, body, done) => {
        const boundary = boundaryOf(req.headers['content-type'])
        if (!boundary) {
          done(new HttpError(400, 'The upload has no multipart boundary'), undefined)
          return
        }
        const parts = parseMultipart(body as Buffer, boundary).reverse()
        done(null, { multipart: new Map(parts.map((p) => [p.name, p])) })
      },
    )
    scoped.post(
      '/portal/deposits',
      { schema: { response: { 201: DepositCreatedAnswer } } },
      async (req, reply) => {
        const party = await callerAgent(db, req)
        const parts = (req.body as { multipart?: Map<string, { data: Buffer }> } | null)?.multipart
        if (!(parts instanceof Map))
          throw new HttpError(400, 'Send the deposit as a form with the slip', { slip: 'Slip is required' })
        const text = (name: string) => parts.get(name)?.data.toString('utf8')
        const input = parseBody(DepositFields, {
          amount: text('amount'),
          date: text('date'),
          bank: text('bank'),
          reference: text('reference'),
        })
        const slip = parts.get('slip')?.data ?? Buffer.alloc(0)
        const kind = slipType(slip)
        if ('problem' in kind)
          throw new HttpError(slip.length > SLIP_MAX_BYTES ? 413 : 400, kind.problem, { slip: kind.problem })
        const id = await writeTransaction(db, async (trx) => {
          const account = (await accountsFor(trx, [agentAccount(party.name)])).get(agentAccount(party.name))
          if (!account) throw new Error('agent account not opened')
          const row = await trx
            .insertInto('portal_deposits')
            .values({
              account_id: account.id,
              agent_user_id: user(req).id,
              amount: toPaisa(input.amount),
              date: input.date,
              bank: input.bank,
              reference: input.reference,
              slip_type: kind.type,
              slip: slip.toString('base64'),
              status: 'pending',
              created_at: new Date().toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
          // The agent's user is no office user: the audit row names them by e-mail, with no user id.
          await audit(trx, null, 'create', 'portal_deposits', row.id, null, {
            by: user(req).email,
            agent: party.name,
            ...input,
          })
          return row.id
        })
        return reply.code(201).send({ status: 'success', id, message: 'Deposit sent for checking' })
      },
    )
  })

  // --- Staff: deposits to check, with the slip beside the bank's statement lines.
  app.get(
    '/deposits',
    { schema: { querystring: DepositsQuery, response: { 200: DepositsAnswer } } },
    async (req) => {
      need(req, 'staff-area')
      const { status } = parseBody(DepositsQuery, req.query)
      let q = db
        .selectFrom('portal_deposits')
        .innerJoin('accounts', 'accounts.id', 'portal_deposits.account_id')
        .select([
          ...DEPOSIT_COLUMNS.map((c) => `portal_deposits.${c}` as const),
          'accounts.address',
          'slip_type',
        ])
        .orderBy('portal_deposits.id', 'desc')
        .limit(200)
      if (status) q = q.where('portal_deposits.status', '=', status)
      const rows = await q.execute()
      const banks = new Map<string, number>()
      for (const b of await db.selectFrom('banks').select(['id', 'name']).execute()) banks.set(b.name, b.id)
      const deposits = []
      for (const r of rows) {
        const bankId = banks.get(r.bank)
        // Unmatched money in near the deposit's day: what the slip is checked against.
        const lines =
          bankId === undefined || r.status !== 'pending' ? [] : await candidateLines(db, bankId, r.date)
        deposits.push({
          ...depositAnswer(r),
          agent: (r.address ?? '').replace(/^agent:/, ''),
          slip_type: r.slip_type,
          slip_url: `/api/deposits/${r.id}/slip`,
          statement_lines: lines.map((l) => ({
            id: l.id,
            date: l.date,
            narration: l.narration,
            reference: l.reference,
            amount: fromPaisa(l.signed),
            same_amount: l.signed === toPaisa(depositAnswer(r).amount),
          })),
        })
      }
      return { status: 'success', deposits }
    },
  )

  app.get(
    '/deposits/:id/slip',
    { schema: { params: IdParams, response: { 200: FileAnswer('application/octet-stream') } } },
    async (req, reply) => {
      need(req, 'staff-area')
      const id = parseIdParam(req.params, 'deposit')
      const row = await db
        .selectFrom('portal_deposits')
        .select(['slip', 'slip_type'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (!row) throw new HttpError(404, 'Deposit not found')
      return reply
        .header('content-type', row.slip_type)
        .header(
          'content-disposition',
          `inline; filename="slip-${id}${row.slip_type === 'application/pdf' ? '.pdf' : row.slip_type === 'image/png' ? '.png' : '.jpg'}"`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(row.slip, 'base64'))
    },
  )

  app.post(
    '/deposits/:id/approve',
    { schema: { params: IdParams, response: { 200: DepositApprovedAnswer } } },
    async (req) => {
      need(req, 'staff-area')
      const id = parseIdParam(req.params, 'deposit')
      const me = user(req)
      const answer = await writeTransaction(db, async (trx) => {
        const dep = await pendingDeposit(trx, id)
        const agent = (dep.address ?? '').replace(/^agent:/, '')
        const amount = Number(dep.amount)
        const bank = await trx
          .selectFrom('banks')
          .select('id')
          .where('name', '=', dep.bank)
          .executeTakeFirst()
        const detail = `Deposit ${dep.reference} (portal)`
        let record: { id: number; entry: string }
        let matched = false
        const state = bank ? await writeState(trx, bank.id) : null
        const line = state
          ? state.st
              .filter(
                (l) =>
                  !state.stMatch.has(l.id) &&
                  l.signed === amount &&
                  daysApart(l.date, dep.date) <= MATCH_DAYS,
              )
              .sort(
                (a, b) =>
                  Number(b.reference.includes(dep.reference) || b.narration.includes(dep.reference)) -
                    Number(a.reference.includes(dep.reference) || a.narration.includes(dep.reference)) ||
                  daysApart(a.date, dep.date) - daysApart(b.date, dep.date),
              )[0]
          : undefined
        if (state && line) {
          // Posted through the Agent type's lifecycle and matched to the bank's line (decision 064).
          const posted = await postStatementLine(db, trx, state, { user: me }, line.id, {
            kind: 'agent',
            name: agent,
            detail,
          })
          record = posted.record
          matched = true
        } else {
          const lifecycle = recordLifecycle(db, 'agent_entries')
          if (!lifecycle) throw new Error('No lifecycle for agent_entries')
          const rupees = fromPaisa(amount)
          const input = lifecycle.parse({
            agent_name: agent,
            date: dep.date,
            employee: me.username,
            detail,
            credit: rupees,
            debit: 0,
            paid_cash: 0,
            paid_bank: rupees,
            bank_title: dep.bank,
          })
          const row = await lifecycle.create(trx, { user: me }, input)
          record = { id: row.id, entry: String(row.entry) }
        }
        const decided = {
          status: 'approved' as const,
          record_id: record.id,
          entry: record.entry,
          matched: matched ? 1 : 0,
        }
        await trx
          .updateTable('portal_deposits')
          .set({ ...decided, decided_by: me.username, decided_at: new Date().toISOString() })
          .where('id', '=', id)
          .execute()
        await audit(trx, me, 'approve', 'portal_deposits', id, { status: 'pending' }, decided)
        return {
          status: 'success',
          message: matched ? 'Deposit approved and matched to the bank statement' : 'Deposit approved',
          entry: record.entry,
          record_id: record.id,
          matched,
        }
      })
      // Saved first: what becomes of the notice never undoes the approval.
      return { ...answer, notice: await noticeOfDeposit(app, db, me, id) }
    },
  )

  app.post(
    '/deposits/:id/reject',
    { schema: { params: IdParams, body: DepositReject, response: { 200: DepositRejectedAnswer } } },
    async (req) => {
      need(req, 'staff-area')
      const id = parseIdParam(req.params, 'deposit')
      const { reason } = parseBody(DepositReject, req.body)
      const me = user(req)
      await writeTransaction(db, async (trx) => {
        await pendingDeposit(trx, id)
        await trx
          .updateTable('portal_deposits')
          .set({ status: 'rejected', reason, decided_by: me.username, decided_at: new Date().toISOString() })
          .where('id', '=', id)
          .execute()
        await audit(
          trx,
          me,
          'reject',
          'portal_deposits',
          id,
          { status: 'pending' },
          { status: 'rejected', reason },
        )
      })
      return {
        status: 'success',
        message: 'Deposit rejected',
        notice: await noticeOfDeposit(app, db, me, id),
      }
    },
  )
}

/** Tells the agent of a decided deposit (decision 116): the staff's WhatsApp link and the e-mail. */
const noticeOfDeposit = async (app: FastifyInstance, db: Db, me: AuthUser, id: number) => {
  const d = await db
    .selectFrom('portal_deposits')
    .innerJoin('accounts', 'accounts.id', 'portal_deposits.account_id')
    .leftJoin('agent_users', 'agent_users.id', 'portal_deposits.agent_user_id')
    .select([
      'portal_deposits.amount',
      'portal_deposits.date',
      'portal_deposits.reference',
      'portal_deposits.status',
      'portal_deposits.entry',
      'portal_deposits.reason',
      'accounts.address',
      'agent_users.email',
    ])
    .where('portal_deposits.id', '=', id)
    .executeTakeFirstOrThrow()
  const party = await findParty(db, 'agent', (d.address ?? '').replace(/^agent:/, ''))
  if (!party || d.status === 'pending')
    return { whatsapp: null, email: 'no_address' as const, email_to: null, email_message: null }
  const notice = await depositNotice(db, party, { ...d, amount: Number(d.amount), status: d.status })
  return tellAgent(app, db, me, party, notice)
}

const pendingDeposit = async (trx: Trx, id: number) => {
  const dep = await trx
    .selectFrom('portal_deposits')
    .innerJoin('accounts', 'accounts.id', 'portal_deposits.account_id')
    .select(['portal_deposits.id', 'amount', 'date', 'bank', 'reference', 'status', 'accounts.address'])
    .where('portal_deposits.id', '=', id)
    .executeTakeFirst()
  if (!dep) throw new HttpError(404, 'Deposit not found')
  if (dep.status !== 'pending') throw new HttpError(409, `This deposit is already ${dep.status}`)
  return dep
}

/** A bank's statement lines of money in within MATCH_DAYS of `date` that no match holds. */
const candidateLines = async (db: Db, bankId: number, date: string) => {
  const from = new Date(Date.parse(date) - MATCH_DAYS * 86_400_000).toISOString().slice(0, 10)
  const to = new Date(Date.parse(date) + MATCH_DAYS * 86_400_000).toISOString().slice(0, 10)
  const hidden = await pendingImportIds(db, bankId)
  const rows = await db
    .selectFrom('bank_statement_lines')
    .select(['id', 'date', 'narration', 'reference', 'amount'])
    .where('bank_id', '=', bankId)
    .$if(hidden.length > 0, (q) => q.where('import_id', 'not in', hidden))
    .where('date', '>=', from)
    .where('date', '<=', to)
    .where('direction', '=', 'in')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('bank_match_statement_lines')
            .select('match_id')
            .whereRef('bank_match_statement_lines.line_id', '=', 'bank_statement_lines.id'),
        ),
      ),
    )
    .orderBy('date')
    .limit(20)
    .execute()
  return rows.map((r) => ({ ...r, id: Number(r.id), signed: Number(r.amount) }))
}
