import { ADMIN_ONLY_MESSAGE, type Caller, type Capability, can } from '@booking/shared'
import type { FastifyRequest, preHandlerHookHandler, RouteShorthandOptions } from 'fastify'
import type { Kysely } from 'kysely'
import { customerIdOfAccount } from '../books/accounts.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { cachedAnswers } from './answer-cache.ts'
import { HttpError } from './http-error.ts'

/**
 * The caller's scope (issue 32 item 5, decision 147): the one place a reader learns which rows it
 * may serve. Every reader route passes `req.caller` (set once by the auth hook) to its reader; a
 * reader of every party's rows asks `officeReader`, a reader of one party's rows `partyReader`.
 */

/** What a reader may serve: every party's rows, or the rows of one party's account. */
export type Scope =
  | { all: true }
  | {
      all: false
      kind: 'agent' | 'customer'
      /** The account's stable code (what lines carry and statements resolve to). */
      account: string
      /** The account's name today (`agent:Name`), followed through merges. */
      address: string
      /** The party's name as its statements key it (an agent's name; a customer's id or text). */
      name: string
    }

const EVERY_ROW: Scope = { all: true }
const KIND_LABEL = { agent: 'Agent', customer: 'Customer' } as const

/** A caller without the capability: the same answer the auth hook gives (403). */
export const refused = () => new HttpError(403, ADMIN_ONLY_MESSAGE)

/**
 * An office-wide reader (every party's rows at once: trial balance, reports, dashboard, books
 * check): the caller it is given must see every row and hold `resource`, whatever the route's
 * registration already checked.
 */
export const officeReader = (caller: Caller | null, resource: Capability): Caller => {
  if (!caller?.sees.all || !can(caller, 'view', resource)) throw refused()
  return caller
}

/**
 * The caller of a reader of every party's rows (record lists and records, decision 128): staff.
 * A caller that sees one party reads through the readers that scope by it; here it is refused as
 * the auth hook refuses it, so a route registered outside that hook cannot leak rows.
 */
export const callerSeeingAll = (req: { caller: Caller | null }): Caller => {
  const caller = req.caller
  if (!caller?.sees.all) throw refused()
  return caller
}

/**
 * An office-wide reader whose answers are cached by URL: the caller's check runs before the cache
 * can hand back an answer (as the record lists do, decision 128), and the reader checks again.
 */
export const officeAnswers = (db: Db, resource: Capability): RouteShorthandOptions => {
  const cached = cachedAnswers(db)
  const office = async (req: FastifyRequest) => {
    officeReader(req.caller, resource)
  }
  return { ...cached, preHandler: [office, cached.preHandler as preHandlerHookHandler] }
}

/**
 * The caller's scope: every row for staff; for a one-party caller, its account as it is today
 * (by id: a rename keeps the id and moves the address, a merge points at the survivor, decision
 * 081). Nobody is refused; a party whose account is gone answers as a missing party (404).
 */
export const scopeOf = async (db: Kysely<Database>, caller: Caller | null): Promise<Scope> => {
  if (!caller) throw refused()
  const { sees } = caller
  if (sees.all) return EVERY_ROW
  let id: number | null = sees.party.id
  for (let hops = 0; id !== null && hops < 10; hops++) {
    const row = await db
      .selectFrom('accounts')
      .select(['code', 'address', 'merged_into'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) break
    const prefix = `${sees.party.kind}:`
    if (row.address?.startsWith(prefix)) {
      // A customer kept by id (`customer:#12`) is keyed by its id, as its statements are.
      const id = customerIdOfAccount(row.address)
      const name = id === null ? row.address.slice(prefix.length) : String(id)
      return { all: false, kind: sees.party.kind, account: row.code, address: row.address, name }
    }
    id = row.merged_into
  }
  throw new HttpError(404, `${KIND_LABEL[sees.party.kind]} not found`)
}

/** Whether the scope covers an account (by its code). */
export const seesAccount = (scope: Scope, account: string): boolean => scope.all || scope.account === account

/**
 * A reader of one party's rows (a statement, its aging, To Collect, a receipt, a profile): the
 * party's account when the caller sees it; another party's answers as a missing one (404,
 * `notFound`), so a one-party caller learns nothing of who else the office deals with.
 */
export const partyReader = async (
  db: Kysely<Database>,
  caller: Caller | null,
  account: string,
  notFound: string,
): Promise<Scope> => {
  const scope = await scopeOf(db, caller)
  if (!seesAccount(scope, account)) throw new HttpError(404, notFound)
  return scope
}

/** Whether the scope covers a party named by its kind and statement key (a customer by its id). */
export const seesParty = (scope: Scope, kind: string, key: string): boolean =>
  scope.all || (scope.kind === kind && scope.name === key)

/** The accounts a scope limits a list of every party to (undefined: no limit). */
export const scopeAccounts = (scope: Scope): readonly string[] | undefined =>
  scope.all ? undefined : [scope.account]
