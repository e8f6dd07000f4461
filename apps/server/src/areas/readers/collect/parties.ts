import {
  BOOKS_CURRENCY,
  type DebtorKind,
  fromPaisa,
  type PartyKind,
  type PartyProfile,
  type PartyProfileFields,
  type ReminderLanguage,
  rateOfMicro,
  whatsappNumber,
} from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import { currencyOf } from '../../../books/account-rows.ts'
import {
  agentAccount,
  customerIdAccount,
  customerIdOfAccount,
  customerTextAccount,
  vendorAccount,
} from '../../../books/accounts.ts'
import * as ledger from '../../../books/ledger.ts'
import { balanceTo } from '../../../books/read.ts'
import { dbKind } from '../../../db/dialect.ts'
import type { Database } from '../../../db/schema.ts'
import { customerBalance } from '../customers/balance.ts'
import { minorAmount } from '../statements/foreign.ts'
import { statementAccount } from '../statements/sources.ts'

type Trx = Kysely<Database>

/** A party as the collect area names it: its kind, the statement key and the name people read. */
export interface Party {
  kind: PartyKind
  /** Agent or vendor name; a customer's id as text. */
  key: string
  name: string
  account: string
}

/** The agent, vendor or (by id or text naming one customer) customer a path names, or null. */
export const findParty = async (db: Trx, kind: PartyKind, name: string): Promise<Party | null> => {
  const text = name.trim()
  if (!text) return null
  const { account, exists } = await statementAccount(db, kind, text)
  if (!exists) return null
  if (kind !== 'customer') return { kind, key: text, name: text, account }
  const id = customerIdOfAccount(account)
  // A walk-in (customer text no customer row stands behind) is a party too (issue 37, decision 097):
  // keyed by its account's text, as the receivables report and To Collect key it.
  if (id === null) return { kind, key: walkInKey(account), name: text, account }
  const row = await db.selectFrom('customers').select('name').where('id', '=', id).executeTakeFirst()
  return row ? { kind, key: String(id), name: row.name, account } : null
}

/** A walk-in customer's key: the text of its account code ("customer:walk-in rana" → "walk-in rana"). */
const walkInKey = (account: string) => account.slice('customer:'.length)

/**
 * The customer row a customer party's key names, else null (a walk-in, or not a customer). A
 * registered customer's papers' language is the customer's own (decision 093).
 */
export const customerIdOfKey = (kind: PartyKind, key: string) =>
  kind === 'customer' && /^\d{1,10}$/.test(key) ? Number(key) : null

/** The party an account code of the books belongs to (agents and customers by id), else null. */
export const partyOfAccount = async (db: Trx, account: string): Promise<Party | null> => {
  if (account.startsWith('agent:')) {
    const name = account.slice('agent:'.length)
    return { kind: 'agent', key: name, name, account }
  }
  const id = customerIdOfAccount(account)
  if (id === null)
    return account.startsWith('customer:')
      ? { kind: 'customer', key: walkInKey(account), name: walkInKey(account), account }
      : null
  const row = await db.selectFrom('customers').select('name').where('id', '=', id).executeTakeFirst()
  return row ? { kind: 'customer', key: String(id), name: row.name, account } : null
}

export const accountOf = (kind: PartyKind, key: string) =>
  kind === 'agent'
    ? agentAccount(key)
    : kind === 'vendor'
      ? vendorAccount(key)
      : customerIdOfKey('customer', key) === null
        ? customerTextAccount(key)
        : customerIdAccount(Number(key))

/**
 * What the party owes the office in paisa, from the existing readers: a customer's balance
 * (customers/balance.ts, refunds owed to them deducted); an agent's or vendor's is its account's
 * debit − credit over every line (its month checkpoints, books/read.ts); a vendor's is
 * turned round, so it is what the office owes them.
 */
export const partyBalancePaisa = async (db: Trx, party: Pick<Party, 'kind' | 'key' | 'account'>) => {
  const id = customerIdOfKey(party.kind, party.key)
  if (id !== null) return Math.round((await customerBalance(db, id)) * 100)
  if (party.kind === 'customer') return Number(await balanceTo(db, party.account))
  const net = Number(await balanceTo(db, party.account))
  return party.kind === 'vendor' ? -net : net
}

export interface StoredProfile extends PartyProfileFields {
  /** Paisa, null without a limit. */
  limitPaisa: number | null
}

const EMPTY: StoredProfile = {
  phone: '',
  email: '',
  city: '',
  note: '',
  credit_limit: null,
  language: 'en',
  limitPaisa: null,
}

export const storedProfile = async (db: Trx, kind: PartyKind, key: string): Promise<StoredProfile> => {
  const row = await db
    .selectFrom('party_profiles')
    .selectAll()
    .where('kind', '=', kind)
    .where('party_key', '=', key)
    .executeTakeFirst()
  // One language per customer (issue 37): the customer's paper_language, which the receipts and
  // statements already print in, is also the reminders' language.
  const customerId = customerIdOfKey(kind, key)
  const paper =
    customerId === null
      ? undefined
      : (
          await db
            .selectFrom('customers')
            .select('paper_language')
            .where('id', '=', customerId)
            .executeTakeFirst()
        )?.paper_language
  const language = ((paper ?? row?.language) === 'ur' ? 'ur' : 'en') as ReminderLanguage
  if (!row) return { ...EMPTY, language }
  const limitPaisa = row.credit_limit === null ? null : Number(row.credit_limit)
  return {
    phone: row.phone,
    email: row.email,
    city: row.city,
    note: row.note,
    credit_limit: limitPaisa === null ? null : fromPaisa(limitPaisa),
    language,
    limitPaisa,
  }
}

/**
 * The last money the party paid (a credit on its account; a vendor: a debit, what the office paid):
 * the newest day whose lines credit it on balance (posting_days, partial index; decision 068), and
 * that day's newest such line. A payment deleted on its own day nets that day to nothing and is
 * not shown as the last payment.
 */
export const lastPayment = async (db: Trx, party: Pick<Party, 'kind' | 'account'>) => {
  const side = party.kind === 'vendor' ? 'debit' : 'credit'
  // SQLite's planner would walk the account's days on the key (no statistics on a new table):
  // the partial index holds only the days it may be.
  const index = sql.raw(
    dbKind(db) === 'sqlite' ? `indexed by posting_days_${side === 'credit' ? 'credited' : 'debited'}` : '',
  )
  const day = (
    await sql<{ date: string }>`select date from posting_days ${index}
      where account = ${party.account} and ${sql.ref(side)} > 0 order by date desc limit 1`.execute(db)
  ).rows[0]
  if (!day) return null
  const row = await db
    .selectFrom('posting_lines')
    .select(['date', 'entry', side, 'currency', side === 'debit' ? 'fx_debit' : 'fx_credit', 'rate'])
    .where('account', '=', party.account)
    .where('date', '=', day.date)
    .where(side, '>', 0)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!row) return null
  const r = row as Record<string, unknown>
  const paid = { date: row.date, entry: row.entry, amount: fromPaisa(Number(r[side])) }
  // Paid in the party's foreign currency (issue 34): that amount and rate beside the rupees.
  if (row.currency === BOOKS_CURRENCY || r.rate === null || r.rate === undefined) return paid
  return {
    ...paid,
    currency: row.currency,
    amount_fx: fromPaisa(Number(r[`fx_${side}`])),
    rate: rateOfMicro(String(r.rate)),
  }
}

/** The customer's own mobile when their profile has no phone. */
const customerMobile = async (db: Trx, key: string) => {
  const id = customerIdOfKey('customer', key)
  if (id === null) return ''
  return (
    (await db.selectFrom('customers').select('mobile_number').where('id', '=', id).executeTakeFirst())
      ?.mobile_number ?? ''
  )
}

export const profileAnswer = async (db: Trx, party: Party): Promise<PartyProfile> => {
  const stored = await storedProfile(db, party.kind, party.key)
  const phone = stored.phone || (party.kind === 'customer' ? await customerMobile(db, party.key) : '')
  const balance = await partyBalancePaisa(db, party)
  const { limitPaisa, ...fields } = stored
  const currency = await currencyOf(db, accountOf(party.kind, party.key))
  return {
    kind: party.kind,
    name: party.name,
    key: party.key,
    ...fields,
    phone,
    whatsapp_number: whatsappNumber(phone),
    balance: fromPaisa(balance),
    credit_left: limitPaisa === null ? null : fromPaisa(limitPaisa - balance),
    last_payment: await lastPayment(db, party),
    currency,
    ...(await balanceInCurrency(db, party, currency)),
  }
}

/**
 * An agent's or vendor's balance in the currency its account is kept in (issue 34 item 6, decision
 * 150), turned round for a vendor as the rupee one is; nothing for a rupee party, whose answer is
 * what it was. A customer's balance deducts refunds owed from outside its account (customers/
 * balance.ts), so it has no currency twin here.
 */
const balanceInCurrency = async (db: Trx, party: Party, currency: string) => {
  if (currency === BOOKS_CURRENCY || party.kind === 'customer') return {}
  const own = await ledger.balance(db, party.account)
  const amount = minorAmount(own.minor, own.currency)
  return { balance_fx: party.kind === 'vendor' ? -amount : amount }
}

export const isDebtor = (kind: PartyKind): kind is DebtorKind => kind === 'agent' || kind === 'customer'
