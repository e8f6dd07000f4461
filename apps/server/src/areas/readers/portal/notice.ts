import { type AgentNotice, formatAmount, formatDate, fromPaisa, whatsappLink } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/connect.ts'
import { HttpError } from '../../../lib/http-error.ts'
import type { AuthUser } from '../../../plugins/auth.ts'
import { agencySettings } from '../../platform/settings/routes.ts'
import { sendMail } from '../collect/mail.ts'
import type { Party } from '../collect/parties.ts'
import { profileAnswer } from '../collect/parties.ts'
import { emailLimitReached } from '../collect/routes.ts'
import { collectSettings } from '../collect/settings.ts'

/**
 * Telling an agent of a decision (issue 35 item 3 "is told (in the portal, and by WhatsApp link or
 * e-mail where set)", decision 116): the portal's notices read the decisions themselves; here staff
 * get a wa.me link with the text in the agent's language when its profile has a phone, and the
 * text is e-mailed to the agent's user when an SMTP server is set. The e-mail is sent after the
 * decision is saved and counts towards the sender's hourly limit like a statement (decision 086);
 * a refused or skipped e-mail never undoes the decision, the answer says what became of it.
 */

interface Notice {
  /** The subject and text in the agent's language. */
  subject: string
  text: string
  /** The agent's user the decision is about: the e-mail goes to them. */
  to: string | null
  /** Paisa: what the reminders log records as the amount. */
  amount: number
}

export const tellAgent = async (
  app: FastifyInstance,
  db: Db,
  me: AuthUser,
  party: Party,
  notice: Notice,
): Promise<AgentNotice> => {
  const profile = await profileAnswer(db, party)
  const whatsapp = whatsappLink(profile.phone, notice.text)
  const answer = (email: AgentNotice['email'], message: string | null = null): AgentNotice => ({
    whatsapp,
    email,
    email_to: notice.to,
    email_message: message,
  })
  if (!notice.to) return answer('no_address')
  const smtp = (await collectSettings(db)).smtp
  if (!smtp) return answer('no_smtp')
  if (await emailLimitReached(db, me))
    return answer('limit', 'The most e-mails an employee may send in an hour were sent: use WhatsApp')
  try {
    await sendMail(smtp, app.sealKey, { to: notice.to, subject: notice.subject, text: notice.text })
  } catch (err) {
    return answer('failed', err instanceof HttpError ? err.message : 'The e-mail could not be sent')
  }
  // Logged once the SMTP server took it, as statements are: the hourly limit counts it.
  await db
    .insertInto('reminders')
    .values({
      kind: party.kind,
      party_key: party.key,
      party_name: party.name,
      channel: 'email',
      amount: notice.amount,
      detail: `E-mail to ${notice.to}: ${notice.subject}`,
      share_id: null,
      user_id: me.id,
      username: me.username,
      at: new Date().toISOString(),
    })
    .execute()
  return answer('sent')
}

/** A decided deposit's notice, in the agent's language. */
export const depositNotice = async (
  db: Db,
  party: Party,
  d: {
    amount: number
    date: string
    reference: string
    status: 'approved' | 'rejected'
    entry: string | null
    reason: string | null
    email: string | null
  },
): Promise<Notice> => {
  const { currency, name } = await agencySettings(db)
  const { language } = await profileAnswer(db, party)
  const money = `${currency} ${formatAmount(fromPaisa(d.amount))}`
  const day = formatDate(d.date)
  const en =
    d.status === 'approved'
      ? `Your deposit of ${money} (${day}, ref ${d.reference}) is approved and posted to your account as ${d.entry}.`
      : `Your deposit of ${money} (${day}, ref ${d.reference}) was not approved: ${d.reason}.`
  const ur =
    d.status === 'approved'
      ? `آپ کی ${money} کی جمع شدہ رقم (${day}، حوالہ ${d.reference}) منظور ہو گئی اور آپ کے کھاتے میں ${d.entry} کے طور پر درج ہے۔`
      : `آپ کی ${money} کی جمع شدہ رقم (${day}، حوالہ ${d.reference}) منظور نہیں ہوئی: ${d.reason}۔`
  return {
    subject: `${d.status === 'approved' ? 'Deposit approved' : 'Deposit not approved'}: ${d.reference} (${name})`,
    text: `${language === 'ur' ? ur : en}\n\n${name}`,
    to: d.email,
    amount: d.amount,
  }
}
