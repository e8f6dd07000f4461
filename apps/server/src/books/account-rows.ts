import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { runText } from '../lib/prepared.ts'

type Trx = Kysely<Database>

/**
 * The accounts table (issue 32 item 1, decision 081). Callers name an account by its address,
 * today's "kind:name" code (`bank:${name}`, `agent:${name}`, `customer:#${id}`...); the books
 * resolve it to the account's id and code here, opening the account the first time it is posted
 * to. Lines carry the code, which never changes: a rename moves the address, a merge sends the
 * merged account's money to its survivor (decision 083).
 */

export interface AccountRef {
  id: number
  code: string
  /** ISO 4217 (issue 34, decision 108): a foreign account's lines are all in it. */
  currency: string
}

const PARTY_TABLES: Record<string, 'banks' | 'agent_names' | 'vender_names'> = {
  bank: 'banks',
  agent: 'agent_names',
  vendor: 'vender_names',
}

const KINDS = new Set([
  'cash',
  'bank',
  'agent',
  'vendor',
  'customer',
  'income',
  'cost',
  'expense',
  'equity',
  'accrued',
])

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ')

export const byAddress = async (trx: Trx, addresses: readonly string[]) => {
  const found = new Map<string, AccountRef>()
  if (addresses.length === 0) return found
  const rows = await runText<{ id: unknown; code: unknown; address: unknown; currency: unknown }>(
    trx,
    `select id, code, address, currency from accounts where address in (${placeholders(addresses.length)})`,
    addresses,
  )
  for (const r of rows)
    found.set(String(r.address), { id: Number(r.id), code: String(r.code), currency: String(r.currency) })
  return found
}

/** The party row an address names (a bank, agent or vendor by name, a customer by id), else null. */
const partyOf = async (trx: Trx, kind: string, name: string) => {
  if (kind === 'customer') {
    const id = /^#(\d+)$/.exec(name)
    return id ? { kind, id: Number(id[1]) } : { kind, id: null }
  }
  const table = PARTY_TABLES[kind]
  if (!table) return { kind: null, id: null }
  const row = await trx.selectFrom(table).select('id').where('name', '=', name).executeTakeFirst()
  return { kind, id: row ? Number(row.id) : null }
}

/** Opens the account at `address`: its code is the address, unless an older account's code took it. */
const open = async (trx: Trx, address: string) => {
  const colon = address.indexOf(':')
  const prefix = colon < 0 ? address : address.slice(0, colon)
  const kind = KINDS.has(prefix) ? prefix : 'equity'
  const name = colon < 0 ? address : address.slice(colon + 1)
  const party = await partyOf(trx, kind, name)
  const insert = (code: string) =>
    runText(
      trx,
      `insert into accounts (code, address, kind, name, party_kind, party_id, currency, opened_at)
       values (?, ?, ?, ?, ?, ?, 'PKR', ?) on conflict do nothing`,
      [code, address, kind, name, party.kind, party.id, new Date().toISOString()],
    )
  await insert(address)
  if ((await byAddress(trx, [address])).has(address)) return
  // The address was a renamed account's code: this new account gets a code of its own.
  const n = await runText<{ n: unknown }>(trx, 'select coalesce(max(id), 0) + 1 as n from accounts', [])
  await insert(`${address}~${Number(n[0]?.n ?? 1)}`)
}

/**
 * The accounts `addresses` name, opened on first use (posting: books/post.ts). A concurrent writer
 * opening the same account is met by the unique address (on conflict do nothing, read again).
 */
export const accountsFor = async (
  trx: Trx,
  addresses: readonly string[],
): Promise<Map<string, AccountRef>> => {
  // Known in this transaction already (a batch of writes, an upgrade chunk): no read. A rename or
  // merge forgets them (forgetAccounts); a rolled-back transaction takes its map with it.
  const known = seen.get(trx) ?? new Map<string, AccountRef>()
  seen.set(trx, known)
  const found = new Map<string, AccountRef>()
  for (const a of addresses) {
    const ref = known.get(a)
    if (ref) found.set(a, ref)
  }
  const unknown = addresses.filter((a) => !found.has(a))
  if (unknown.length === 0) return found
  for (const [a, ref] of await byAddress(trx, unknown)) found.set(a, ref)
  const missing = unknown.filter((a) => !found.has(a))
  for (const a of missing) await open(trx, a)
  if (missing.length > 0) for (const [a, ref] of await byAddress(trx, missing)) found.set(a, ref)
  for (const a of missing) if (!found.has(a)) throw new Error(`Account ${a} could not be opened`)
  for (const a of unknown) known.set(a, found.get(a)!)
  return found
}

/** Addresses resolved per transaction object. */
const seen = new WeakMap<object, Map<string, AccountRef>>()

/** Forgets what this transaction resolved (its accounts' addresses just changed). */
export const forgetAccounts = (trx: Trx) => {
  seen.delete(trx)
}

/** Matches no line: what an address no account has resolves to when reading. */
const NO_ACCOUNT = ':no account'

/**
 * The code to read an address's lines and checkpoints by, for readers that name accounts by
 * address. Loaded once per read: only renamed and merged accounts differ (a few rows); every other
 * address is its own code. An address that is only an older account's code (the name a bank had
 * before its rename) reads nothing.
 */
export const addressCodes = async (db: Trx): Promise<(address: string) => string> => {
  const rows = await db
    .selectFrom('accounts')
    .select(['code', 'address'])
    .where((eb) => eb.or([eb('address', 'is', null), eb('address', '<>', eb.ref('code'))]))
    .execute()
  const codes = new Map<string, string>()
  const taken = new Set<string>()
  for (const r of rows) {
    if (r.address !== null) codes.set(r.address, r.code)
    taken.add(r.code)
  }
  return (address) => codes.get(address) ?? (taken.has(address) ? NO_ACCOUNT : address)
}

/** The code of one address (see addressCodes). */
export const codeOf = async (db: Trx, address: string): Promise<string> => {
  const row = await db.selectFrom('accounts').select('code').where('address', '=', address).executeTakeFirst()
  if (row) return row.code
  const taken = await db.selectFrom('accounts').select('id').where('code', '=', address).executeTakeFirst()
  return taken ? NO_ACCOUNT : address
}

/**
 * How codes read on screens when their account was renamed or merged: its address now (a merged
 * account, which has none, keeps its code) and its name. Codes not listed read as themselves.
 */
export const renamedCodes = async (
  db: Trx,
): Promise<Map<string, { address: string; name: string; merged: boolean }>> => {
  const rows = await db
    .selectFrom('accounts')
    .select(['code', 'address', 'name'])
    .where((eb) => eb.or([eb('address', 'is', null), eb('address', '<>', eb.ref('code'))]))
    .execute()
  return new Map(
    rows.map((r) => [r.code, { address: r.address ?? r.code, name: r.name, merged: r.address === null }]),
  )
}

/** The currency of the account at `address` (PKR for one not opened yet). */
export const currencyOf = async (trx: Trx, address: string): Promise<string> =>
  (await byAddress(trx, [address])).get(address)?.currency ?? 'PKR'

/**
 * Sets the currency of the account at `address` (issue 34 item 2, decision 107), opening it first:
 * only while it has no line, since its lines' amounts are in its currency. Returns the refusal, or
 * null when set (or already so).
 */
export const setAccountCurrency = async (
  trx: Trx,
  address: string,
  currency: string,
): Promise<string | null> => {
  const ref = (await accountsFor(trx, [address])).get(address)!
  if (ref.currency === currency) return null
  const lines = await runText<{ n: unknown }>(
    trx,
    'select 1 as n from posting_lines where account = ? limit 1',
    [ref.code],
  )
  if (lines.length > 0)
    return `Its account already has entries in ${ref.currency}: the currency can change only while the account has none`
  await runText(trx, 'update accounts set currency = ? where id = ?', [currency, ref.id])
  forgetAccounts(trx)
  return null
}
