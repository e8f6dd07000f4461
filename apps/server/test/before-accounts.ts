import type { FastifyInstance } from 'fastify'
import { type Kysely, sql } from 'kysely'
import { connect } from '../src/db/connect.ts'
import * as accountsMigration from '../src/db/migrations/0034_accounts.ts'
import * as officeCurrency from '../src/db/migrations/0047_office_currency.ts'
import * as sellingCurrency from '../src/db/migrations/0050_selling_currency.ts'

/**
 * Issue 32's "upgrade from the previous release": the release before the accounts table (migration
 * 0034, decisions 081-082) stored every line's account as its text code only, had no accounts, no
 * insert-only triggers and no agents' portal (0041, whose tables name accounts by id). This takes a
 * database written by this release back to that shape, so the next start upgrades it as an
 * installed previous release would be: 0034 builds the accounts from the lines' codes and names each
 * line's account by id, 0041 comes back. The later migrations (currencies, tax, ...) stay applied:
 * they do not read the accounts, and the migrator runs only what is missing, in order.
 */
/**
 * Later migrations whose tables name accounts by id (a key to accounts.id), in dependants-first
 * order: they go with the accounts and come back after 0034. A new one belongs here.
 */
const NAMING_ACCOUNTS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['0044_booking_requests', ['booking_requests']],
  ['0041_portal', ['portal_deposits', 'portal_sessions', 'agent_users']],
]

export const backBeforeAccounts = async (url: string) => {
  const old = connect(url) as unknown as Kysely<any>
  try {
    const present = new Set((await old.introspection.getTables()).map((t) => t.name))
    await old.transaction().execute(async (trx) => {
      // 0050's Agent ledger view and 0047's Office Accounts view read the accounts (decisions 132,
      // 137): back to 0030's, run again after (later first).
      for (const [name, migration] of [
        ['0050_selling_currency', sellingCurrency],
        ['0047_office_currency', officeCurrency],
      ] as const) {
        const ran = await trx
          .selectFrom('kysely_migration')
          .select('name')
          .where('name', '=', name)
          .executeTakeFirst()
        if (!ran) continue
        await migration.down(trx)
        await trx.deleteFrom('kysely_migration').where('name', '=', name).execute()
      }
      for (const [migration, tables] of NAMING_ACCOUNTS) {
        if (!tables.some((t) => present.has(t))) continue
        for (const table of tables) await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(trx)
        await trx.deleteFrom('kysely_migration').where('name', '=', migration).execute()
      }
      await accountsMigration.down(trx)
      await trx.deleteFrom('kysely_migration').where('name', '=', '0034_accounts').execute()
    })
  } finally {
    await old.destroy()
  }
}

/** The parties and days whose answers are compared. */
export interface BookAnswerParties {
  agent: string
  vendor: string
  bank: string
  /** A customer's id, for the customer statement and profile; none when the books have none. */
  customer?: number
  /** A day inside the books, and a month (from, to) around it. */
  day: string
  from: string
  to: string
}

/**
 * Every report, statement, ledger page and dashboard answer of the books, as the screens ask for
 * them (JSON; the PDFs and spreadsheets are drawn from these answers).
 */
export const bookAnswerUrls = (p: BookAnswerParties): string[] => {
  const e = encodeURIComponent
  const month = `from=${p.from}&to=${p.to}`
  const statements = [
    `agent/${e(p.agent)}`,
    `vendor/${e(p.vendor)}`,
    `bank/${e(p.bank)}`,
    'cash/Cash%20in%20Office',
    ...(p.customer === undefined ? [] : [`customer/${p.customer}`]),
  ]
  return [
    // Reports.
    '/api/reports/trial-balance',
    `/api/reports/trial-balance?to=${p.day}`,
    `/api/reports/receivables?as_of=${p.day}`,
    `/api/reports/payables?as_of=${p.day}`,
    `/api/reports/profit?by=month&${month}`,
    `/api/reports/profit?by=type&${month}`,
    '/api/reports/profit?by=month',
    `/api/reports/net-profit?${month}`,
    `/api/reports/day-book?date=${p.day}`,
    `/api/reports/day-book?date=${p.day}&limit=200`,
    `/api/reports/cash-in-office?to=${p.day}`,
    '/api/reports/cash-in-office',
    `/api/collections?as_of=${p.day}&min_days=30`,
    `/api/collections?as_of=${p.day}`,
    // Statements: the whole account, a month, the screens' first page.
    ...statements.flatMap((s) => [
      `/api/statements/${s}`,
      `/api/statements/${s}?${month}`,
      `/api/statements/${s}?${month}&limit=200`,
    ]),
    // Ledger pages: newest first and the oldest page, as the ledger screens page them.
    `/api/agent?name=${e(p.agent)}`,
    `/api/agent?name=${e(p.agent)}&sort=-date&limit=50`,
    `/api/agent?name=${e(p.agent)}&limit=50&offset=50`,
    `/api/vender?name=${e(p.vendor)}`,
    `/api/vender?name=${e(p.vendor)}&sort=-date&limit=50`,
    `/api/accounts/${e(p.bank)}`,
    `/api/accounts/${e(p.bank)}?limit=50&offset=50`,
    '/api/accounts/Cash%20in%20Office',
    '/api/accounts/Cash%20in%20Office?limit=50&offset=50',
    // Party profiles (balance, last payment).
    `/api/agents/${e(p.agent)}`,
    `/api/vendors/${e(p.vendor)}`,
    ...(p.customer === undefined ? [] : [`/api/customers/${p.customer}`]),
    // Dashboard.
    '/api/dashboard',
    '/api/dashboard/bookings?limit=50',
    '/api/dashboard/charts',
  ]
}

/** Each URL's status and raw answer bytes, asked as `token`'s caller, one at a time. */
export const captureAnswers = async (app: FastifyInstance, token: string, urls: readonly string[]) => {
  const out = new Map<string, { status: number; body: string }>()
  for (const url of urls) {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
    out.set(url, { status: res.statusCode, body: res.body })
  }
  return out
}
