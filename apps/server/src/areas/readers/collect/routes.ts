import {
  ADMIN_ONLY_MESSAGE,
  CollectionsAnswer,
  CollectionsQuery,
  CollectSettingsAnswer,
  CollectSettingsInput,
  CreditAnswer,
  can,
  DEBTOR_KINDS,
  EmailReminderInput,
  formatAmount,
  formatDate,
  fromPaisa,
  MessageOnlyAnswer,
  type PartyKind,
  PartyProfileAnswer,
  PartyProfileInput,
  PartyProfileSavedAnswer,
  ReminderSavedAnswer,
  RemindersAnswer,
  ShareCreatedAnswer,
  ShareInput,
  SharesAnswer,
  SmtpSettingsInput,
  toPaisa,
  WhatsappReminderInput,
} from '@booking/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { setAccountCurrency } from '../../../books/account-rows.ts'
import { enabledCurrencies, NOT_TURNED_ON } from '../../../books/rates.ts'
import type { Db } from '../../../db/connect.ts'
import { audit } from '../../../lib/audit.ts'
import { officeReader, partyReader, scopeOf } from '../../../lib/caller-scope.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { parseBody, parseIdParam } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import type { AuthUser } from '../../../plugins/auth.ts'
import { agencySettings, agencyToday } from '../../platform/settings/routes.ts'
import { collectionRows } from './collections.ts'
import { sendMail } from './mail.ts'
import {
  accountOf,
  customerIdOfKey,
  findParty,
  isDebtor,
  type Party,
  partyBalancePaisa,
  profileAnswer,
  storedProfile,
} from './parties.ts'
import { collectSettings, saveCollectSettings, seal, unseal } from './settings.ts'
import { shareBase } from './share-base.ts'
import { newShareToken, sharePath, statementPdfBuffer, tokenHash } from './shares.ts'

const NameParams = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200, 'At most 200 characters'),
})
const DebtorParams = z.object({
  kind: z.enum(DEBTOR_KINDS, { error: 'Statement must be agent or customer' }),
  name: z.string().trim().min(1, 'Name is required').max(200, 'At most 200 characters'),
})
const LABEL: Record<PartyKind, string> = { agent: 'Agent', vendor: 'Vendor', customer: 'Customer' }

const userOf = (req: FastifyRequest) => req.user as AuthUser
const admin = (req: FastifyRequest) => {
  if (!can(userOf(req), 'use', 'admin-area')) throw new HttpError(403, ADMIN_ONLY_MESSAGE)
}

const partyOr404 = async (db: Db, kind: PartyKind, name: string): Promise<Party> => {
  const party = await findParty(db, kind, name)
  if (!party) throw new HttpError(404, `${LABEL[kind]} not found`)
  return party
}

/** Statement e-mails an employee may send in an hour (admins: no limit). */
export const EMPLOYEE_EMAILS_PER_HOUR = 20

/** A share link's base for this request (share-base.ts: never an unconfigured Host header). */
const baseOf = (req: FastifyRequest) => shareBase({ protocol: req.protocol, host: req.headers.host })

const reminderRow = (r: {
  id: number
  at: string
  username: string
  channel: string
  amount: number | string
  detail: string
}) => ({
  id: r.id,
  at: r.at,
  by: r.username,
  channel: r.channel,
  amount: fromPaisa(Number(r.amount)),
  detail: r.detail,
})

/**
 * An employee sends at most EMPLOYEE_EMAILS_PER_HOUR e-mails an hour (issue 33, decision 086):
 * the office's mail server and name are not a free relay to any address. Every send is recorded
 * (reminders: who, when, to whom; the portal's notices too, decision 116); an admin is not limited.
 */
export const withinEmailLimit = async (db: Db, user: AuthUser) => {
  if (await emailLimitReached(db, user))
    throw new HttpError(
      429,
      `You have e-mailed ${EMPLOYEE_EMAILS_PER_HOUR} statements in the last hour, the most an employee may: wait, or ask an admin to send it`,
    )
}

/** Whether the user has sent the most e-mails an employee may in the last hour. */
export const emailLimitReached = async (db: Db, user: AuthUser) => {
  if (can(user, 'use', 'unlimited-email')) return false
  const since = new Date(Date.now() - 3_600_000).toISOString()
  const sent = await db
    .selectFrom('reminders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .where('channel', '=', 'email')
    .where('at', '>=', since)
    .executeTakeFirstOrThrow()
  return Number(sent.n) >= EMPLOYEE_EMAILS_PER_HOUR
}

export const collectRoutes = async (app: FastifyInstance, db: Db) => {
  // --- Party profiles: GET/PUT /agents/{name}, /vendors/{name} (admin), /customers/{id}/profile.
  const profileRoutes = (kind: PartyKind, path: string, adminOnly: boolean) => {
    // A customer by its statement key: the customer's id, or a walk-in's text (decision 097).
    const CustomerKey = z.object({
      id: z.string().trim().min(1, 'Customer is required').max(200, 'At most 200 characters'),
    })
    const params = kind === 'customer' ? CustomerKey : NameParams
    const nameOf = (req: FastifyRequest) =>
      kind === 'customer' ? parseBody(CustomerKey, req.params).id : parseBody(NameParams, req.params).name
    app.get(path, { schema: { params, response: { 200: PartyProfileAnswer } } }, async (req) => {
      if (adminOnly) admin(req)
      const party = await partyOr404(db, kind, nameOf(req))
      await partyReader(db, req.caller, party.account, `${LABEL[kind]} not found`)
      return { status: 'success', profile: await profileAnswer(db, party) }
    })
    app.put(
      path,
      { schema: { params, body: PartyProfileInput, response: { 200: PartyProfileSavedAnswer } } },
      async (req) => {
        if (adminOnly) admin(req)
        const input = parseBody(PartyProfileInput, req.body)
        const user = userOf(req)
        const party = await partyOr404(db, kind, nameOf(req))
        const limit = isDebtor(kind) && input.credit_limit !== null ? toPaisa(input.credit_limit) : null
        await writeTransaction(db, async (trx) => {
          const before = await storedProfile(trx, kind, party.key)
          // A credit limit is an authorised person's decision (issue 25): staff keep contact details up to date.
          if (before.limitPaisa !== limit && !can(user, 'use', 'credit-override'))
            throw new HttpError(403, 'Only an admin can change a credit limit', {
              credit_limit: 'Only an admin can change a credit limit',
            })
          const values = {
            phone: input.phone,
            email: input.email,
            city: input.city,
            note: input.note,
            credit_limit: limit,
            language: input.language,
            updated_at: new Date().toISOString(),
          }
          const found = await trx
            .selectFrom('party_profiles')
            .select('id')
            .where('kind', '=', kind)
            .where('party_key', '=', party.key)
            .executeTakeFirst()
          let id = found?.id
          if (id !== undefined)
            await trx.updateTable('party_profiles').set(values).where('id', '=', id).execute()
          else
            id = (
              await trx
                .insertInto('party_profiles')
                .values({ kind, party_key: party.key, ...values })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id
          // The customer's one language setting (decision 093): the profile's choice is the customer's.
          const customerId = customerIdOfKey(kind, party.key)
          if (customerId !== null)
            await trx
              .updateTable('customers')
              .set({ paper_language: input.language })
              .where('id', '=', customerId)
              .execute()
          if (input.currency !== undefined) {
            if (!(await enabledCurrencies(trx)).has(input.currency))
              throw new HttpError(400, NOT_TURNED_ON(input.currency), {
                currency: NOT_TURNED_ON(input.currency),
              })
            const refused = await setAccountCurrency(trx, accountOf(kind, party.key), input.currency)
            if (refused) throw new HttpError(409, `${party.name}: ${refused}`, { currency: refused })
          }
          const { limitPaisa: _l, ...shown } = before
          await audit(
            trx,
            user,
            'update',
            'party_profiles',
            id,
            { kind, name: party.name, ...shown },
            {
              kind,
              name: party.name,
              ...input,
            },
          )
        })
        return {
          status: 'success',
          message: `${LABEL[kind]} profile saved successfully`,
          profile: await profileAnswer(db, party),
        }
      },
    )
  }
  profileRoutes('agent', '/agents/:name', false)
  profileRoutes('vendor', '/vendors/:name', true)
  profileRoutes('customer', '/customers/:id/profile', false)

  // --- What a form shows as soon as the party is picked.
  app.get(
    '/credit/:kind/:name',
    { schema: { params: DebtorParams, response: { 200: CreditAnswer } } },
    async (req) => {
      const { kind, name } = parseBody(DebtorParams, req.params)
      const party = await findParty(db, kind, name)
      // Customer text no customer row stands behind, or a new name: no limit, nothing owed yet.
      if (!party)
        return { status: 'success', kind, name, key: null, balance: 0, credit_limit: null, credit_left: null }
      await partyReader(db, req.caller, party.account, `${LABEL[kind]} not found`)
      const balance = await partyBalancePaisa(db, party)
      const { limitPaisa } = await storedProfile(db, kind, party.key)
      return {
        status: 'success',
        kind,
        name: party.name,
        key: party.key,
        balance: fromPaisa(balance),
        credit_limit: limitPaisa === null ? null : fromPaisa(limitPaisa),
        credit_left: limitPaisa === null ? null : fromPaisa(limitPaisa - balance),
      }
    },
  )

  // --- To collect.
  app.get(
    '/collections',
    { schema: { querystring: CollectionsQuery, response: { 200: CollectionsAnswer } } },
    async (req) => {
      const q = parseBody(CollectionsQuery, req.query)
      const asOf = q.as_of ?? agencyToday(await agencySettings(db))
      const minDays = q.min_days ?? (await collectSettings(db)).overdue_days
      const { rows, owed } = await collectionRows(db, await scopeOf(db, req.caller), asOf, minDays)
      const overdue = fromPaisa(rows.reduce((s, r) => s + toPaisa(r.overdue), 0))
      return {
        status: 'success',
        as_of: asOf,
        min_days: minDays,
        rows,
        totals: { overdue, total: fromPaisa(owed) },
      }
    },
  )

  // --- Share links.
  app.post(
    '/statements/:kind/:name/share',
    { schema: { params: DebtorParams, body: ShareInput, response: { 201: ShareCreatedAnswer } } },
    async (req, reply) => {
      const { kind, name } = parseBody(DebtorParams, req.params)
      const input = parseBody(ShareInput, req.body)
      const party = await partyOr404(db, kind, name)
      const user = userOf(req)
      const now = new Date()
      const expires_at = new Date(now.getTime() + input.expires_days * 86_400_000).toISOString()
      const { base, warning } = baseOf(req)
      const answer = await writeTransaction(db, async (trx) => {
        // One live link per party and period (decision 086): a WhatsApp click an hour after the
        // last gives the same link, as long as it lives no longer than asked and half of it is left.
        const halfLeft = new Date(now.getTime() + (input.expires_days * 86_400_000) / 2).toISOString()
        const live = await trx
          .selectFrom('statement_shares')
          .select(['id', 'token_sealed', 'expires_at'])
          .where('kind', '=', kind)
          .where('party_key', '=', party.key)
          .where((eb) => (input.from ? eb('date_from', '=', input.from) : eb('date_from', 'is', null)))
          .where((eb) => (input.to ? eb('date_to', '=', input.to) : eb('date_to', 'is', null)))
          .where('revoked_at', 'is', null)
          .where('token_sealed', '<>', '')
          .where('expires_at', '>=', halfLeft)
          .where('expires_at', '<=', expires_at)
          .orderBy('expires_at', 'desc')
          .executeTakeFirst()
        const again = live ? unseal(app.sealKey, live.token_sealed) : null
        if (live && again)
          return { id: Number(live.id), token: again, expires_at: live.expires_at, reused: true }
        const token = newShareToken()
        const row = await trx
          .insertInto('statement_shares')
          .values({
            token_hash: tokenHash(token),
            token_sealed: seal(app.sealKey, token),
            kind,
            party_key: party.key,
            party_name: party.name,
            date_from: input.from ?? null,
            date_to: input.to ?? null,
            expires_at,
            revoked_at: null,
            created_by: user.id,
            created_by_name: user.username,
            created_at: now.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await audit(trx, user, 'statement-share', 'statement_shares', row.id, null, {
          kind,
          name: party.name,
          from: input.from ?? null,
          to: input.to ?? null,
          expires_at,
        })
        return { id: Number(row.id), token, expires_at, reused: false }
      })
      return reply.code(201).send({
        status: 'success',
        id: answer.id,
        url: `${base}${sharePath(answer.token)}`,
        expires_at: answer.expires_at,
        reused: answer.reused,
        warning,
      })
    },
  )

  app.get(
    '/statements/:kind/:name/shares',
    { schema: { params: DebtorParams, response: { 200: SharesAnswer } } },
    async (req) => {
      const { kind, name } = parseBody(DebtorParams, req.params)
      const party = await partyOr404(db, kind, name)
      await partyReader(db, req.caller, party.account, `${LABEL[kind]} not found`)
      const shares = await db
        .selectFrom('statement_shares')
        .select(['id', 'date_from', 'date_to', 'expires_at', 'revoked_at', 'created_by_name', 'created_at'])
        .where('kind', '=', kind)
        .where('party_key', '=', party.key)
        .orderBy('id', 'desc')
        .limit(100)
        .execute()
      const openings = shares.length
        ? await db
            .selectFrom('statement_share_openings')
            .select(['share_id', 'at', 'what'])
            .where(
              'share_id',
              'in',
              shares.map((s) => s.id),
            )
            .orderBy('id', 'desc')
            .execute()
        : []
      return {
        status: 'success',
        shares: shares.map((s) => ({
          ...s,
          openings: openings.filter((o) => o.share_id === s.id).map(({ at, what }) => ({ at, what })),
        })),
      }
    },
  )

  app.delete(
    '/statement-shares/:id',
    { schema: { params: z.object({ id: z.string() }), response: { 200: MessageOnlyAnswer } } },
    async (req) => {
      const id = parseIdParam(req.params, 'share link')
      const user = userOf(req)
      await writeTransaction(db, async (trx) => {
        const row = await trx
          .selectFrom('statement_shares')
          .select(['id', 'revoked_at', 'party_name'])
          .where('id', '=', id)
          .executeTakeFirst()
        if (!row) throw new HttpError(404, 'Share link not found')
        if (row.revoked_at) return
        const at = new Date().toISOString()
        await trx.updateTable('statement_shares').set({ revoked_at: at }).where('id', '=', id).execute()
        await audit(trx, user, 'statement-share-revoke', 'statement_shares', id, null, {
          name: row.party_name,
          at,
        })
      })
      return { status: 'success', message: 'Share link revoked' }
    },
  )

  // --- Reminders: every one logged (who, when, channel, amount), shown on the party and the list.
  const logReminder = (
    party: Party,
    user: AuthUser,
    r: { channel: 'whatsapp' | 'email'; amount: number; detail: string; share_id: number | null },
  ) =>
    writeTransaction(db, async (trx) =>
      trx
        .insertInto('reminders')
        .values({
          kind: party.kind,
          party_key: party.key,
          party_name: party.name,
          channel: r.channel,
          amount: r.amount,
          detail: r.detail,
          share_id: r.share_id,
          user_id: user.id,
          username: user.username,
          at: new Date().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    )

  app.get(
    '/statements/:kind/:name/reminders',
    { schema: { params: DebtorParams, response: { 200: RemindersAnswer } } },
    async (req) => {
      const { kind, name } = parseBody(DebtorParams, req.params)
      const party = await partyOr404(db, kind, name)
      await partyReader(db, req.caller, party.account, `${LABEL[kind]} not found`)
      const rows = await db
        .selectFrom('reminders')
        .selectAll()
        .where('kind', '=', kind)
        .where('party_key', '=', party.key)
        .orderBy('id', 'desc')
        .limit(200)
        .execute()
      return { status: 'success', reminders: rows.map(reminderRow) }
    },
  )

  app.post(
    '/statements/:kind/:name/reminders/whatsapp',
    { schema: { params: DebtorParams, body: WhatsappReminderInput, response: { 201: ReminderSavedAnswer } } },
    async (req, reply) => {
      const { kind, name } = parseBody(DebtorParams, req.params)
      const input = parseBody(WhatsappReminderInput, req.body)
      const party = await partyOr404(db, kind, name)
      const { phone } = await profileAnswer(db, party)
      // The amount logged is the balance the server computes, not a figure the browser sent.
      const amount = await partyBalancePaisa(db, party)
      const row = await logReminder(party, userOf(req), {
        channel: 'whatsapp',
        amount,
        detail: `WhatsApp to ${phone || '(no number)'}: ${input.message}`.slice(0, 2000),
        share_id: input.share_id ?? null,
      })
      return reply
        .code(201)
        .send({ status: 'success', message: 'Reminder logged', reminder: reminderRow(row) })
    },
  )

  app.post(
    '/statements/:kind/:name/reminders/email',
    { schema: { params: DebtorParams, body: EmailReminderInput, response: { 201: ReminderSavedAnswer } } },
    async (req, reply) => {
      const { kind, name } = parseBody(DebtorParams, req.params)
      const input = parseBody(EmailReminderInput, req.body)
      const party = await partyOr404(db, kind, name)
      await withinEmailLimit(db, userOf(req))
      const profile = await profileAnswer(db, party)
      const to = input.to || profile.email
      if (!to)
        throw new HttpError(400, 'Enter an e-mail address for this party', {
          to: 'E-mail address is required',
        })
      const settings = await agencySettings(db)
      const range = { from: input.from ?? undefined, to: input.date_to ?? undefined }
      const { pdf, file, statement } = await statementPdfBuffer(db, kind, party.key, party.name, range)
      const amount = await partyBalancePaisa(db, party)
      const periodText =
        range.from && range.to
          ? `${formatDate(range.from)} to ${formatDate(range.to)}`
          : range.to
            ? `up to ${formatDate(range.to)}`
            : range.from
              ? `from ${formatDate(range.from)}`
              : 'all dates'
      await sendMail((await collectSettings(db)).smtp, app.sealKey, {
        to,
        subject: `Statement of Account: ${party.name} (${settings.name})`,
        text:
          `Dear ${party.name},\n\nPlease find attached your statement of account for ${periodText}. ` +
          `The closing balance is ${settings.currency} ${formatAmount(statement.closing)}; ` +
          `the amount due today is ${settings.currency} ${formatAmount(fromPaisa(amount))}.\n\n${settings.name}\n${settings.phone}`,
        attachment: { filename: file, content: pdf },
      })
      // Logged only once the SMTP server accepted it: a refused message is never marked sent.
      const row = await logReminder(party, userOf(req), {
        channel: 'email',
        amount,
        detail: `E-mail to ${to} with ${file}`,
        share_id: null,
      })
      return reply
        .code(201)
        .send({ status: 'success', message: `Statement e-mailed to ${to}`, reminder: reminderRow(row) })
    },
  )

  // --- Settings (admin; /api/admin/* is admin-only by the auth hook).
  const settingsAnswer = async () => {
    const s = await collectSettings(db)
    const { password_sealed, ...smtp } = s.smtp ?? { password_sealed: '' }
    return {
      status: 'success' as const,
      overdue_days: s.overdue_days,
      share_links: shareBase(null),
      smtp: s.smtp
        ? {
            ...(smtp as Omit<NonNullable<typeof s.smtp>, 'password_sealed'>),
            password_set: password_sealed !== '',
          }
        : null,
    }
  }
  app.get(
    '/admin/collect-settings',
    { schema: { response: { 200: CollectSettingsAnswer } } },
    async (req) => {
      officeReader(req.caller, 'admin-area')
      return settingsAnswer()
    },
  )
  const SettingsBody = CollectSettingsInput.extend({ smtp: SmtpSettingsInput.nullable().default(null) })
  app.put(
    '/admin/collect-settings',
    { schema: { body: SettingsBody, response: { 200: CollectSettingsAnswer } } },
    async (req) => {
      const input = parseBody(SettingsBody, req.body)
      const user = userOf(req)
      await writeTransaction(db, async (trx) => {
        const before = await collectSettings(trx)
        const smtp = input.smtp
          ? {
              host: input.smtp.host,
              port: input.smtp.port,
              secure: input.smtp.secure,
              allow_self_signed: input.smtp.allow_self_signed,
              user: input.smtp.user,
              from: input.smtp.from,
              // An empty password field keeps the stored one (the screen never shows it).
              password_sealed: input.smtp.password
                ? seal(app.sealKey, input.smtp.password)
                : (before.smtp?.password_sealed ?? ''),
            }
          : null
        await saveCollectSettings(trx, { overdue_days: input.overdue_days, smtp })
        const brief = (s: typeof before) => ({
          overdue_days: s.overdue_days,
          smtp: s.smtp ? { ...s.smtp, password_sealed: s.smtp.password_sealed ? '(set)' : '' } : null,
        })
        await audit(
          trx,
          user,
          'update',
          'settings',
          0,
          brief(before),
          brief({ overdue_days: input.overdue_days, smtp }),
        )
      })
      return settingsAnswer()
    },
  )
}
