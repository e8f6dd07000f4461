import { type Kysely, sql } from 'kysely'
import { dbKind, idColumn, idType } from './helpers/dialect.ts'
import { createInsertOnly } from './helpers/insert-only.ts'

/** The account kinds as of this migration (frozen: books/accounts.ts may grow). */
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
/** Kinds whose account belongs to a party, and the table holding the party's row by name. */
const PARTY_TABLES: Record<string, string> = { bank: 'banks', agent: 'agent_names', vendor: 'vender_names' }

/**
 * Issue 32 items 1 and 2 (docs/decisions/081, 082).
 * - accounts: one row per account the books ever named. `code` is the text the lines carry and
 *   never changes; `address` is the "kind:name" the callers post to and read by (today's codes), so
 *   a bank rename changes the address and the name, never a line. A merged account has no address
 *   and points at its survivor (merged_into). Party accounts name their party by id (banks,
 *   agent_names, vender_names, customers: those tables already had ids). Every account is PKR.
 * - posting_lines.account_id: the line's account by id, filled here for every line.
 * - Triggers: the database itself refuses an UPDATE or DELETE of a posting line, and of an entry
 *   header except the one completion the books' write makes (its audit row and user, set once).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  await db.schema
    .createTable('accounts')
    .addColumn('id', sql.raw(idType(kind)), idColumn(kind))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('address', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('party_kind', 'text')
    .addColumn('party_id', 'integer')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('PKR').check(sql`length(currency) = 3`))
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .addColumn('merged_into', 'integer', (c) => c.references('accounts.id'))
    .execute()
  await sql`CREATE UNIQUE INDEX accounts_address ON accounts (address)`.execute(db)
  await sql`CREATE INDEX accounts_party ON accounts (party_kind, party_id)`.execute(db)

  const { rows } = await sql<{ account: string; opened: string }>`SELECT account, min(created_at) AS opened
    FROM posting_lines GROUP BY account ORDER BY account`.execute(db)
  const partyIds = new Map<string, number>()
  for (const [k, table] of Object.entries(PARTY_TABLES)) {
    const found = await sql<{ id: number; name: string }>`SELECT id, name FROM ${sql.table(table)}`.execute(
      db,
    )
    for (const r of found.rows) partyIds.set(`${k}:${r.name}`, Number(r.id))
  }
  const customers = new Set(
    (await sql<{ id: number }>`SELECT id FROM customers`.execute(db)).rows.map((r) => Number(r.id)),
  )
  const accounts = rows.map((r) => {
    const code = String(r.account)
    const colon = code.indexOf(':')
    const prefix = colon < 0 ? code : code.slice(0, colon)
    const k = KINDS.has(prefix) ? prefix : 'equity'
    const name = colon < 0 ? code : code.slice(colon + 1)
    const customerId = k === 'customer' && /^#\d+$/.test(name) ? Number(name.slice(1)) : null
    const partyId =
      customerId !== null ? (customers.has(customerId) ? customerId : null) : (partyIds.get(code) ?? null)
    const partyKind = k === 'customer' || PARTY_TABLES[k] ? k : null
    return sql`(${code}, ${code}, ${k}, ${name}, ${partyKind}, ${partyId}, 'PKR', ${String(r.opened)})`
  })
  for (let i = 0; i < accounts.length; i += 500)
    await sql`INSERT INTO accounts (code, address, kind, name, party_kind, party_id, currency, opened_at)
      VALUES ${sql.join(accounts.slice(i, i + 500))}`.execute(db)

  // No foreign key: the books' write sets it from the account it resolved, and a key would cost
  // every appended line a lookup (and block SQLite's DROP COLUMN on the way down).
  await sql`ALTER TABLE posting_lines ADD COLUMN account_id integer`.execute(db)
  await sql`UPDATE posting_lines SET account_id = (SELECT a.id FROM accounts a WHERE a.code = posting_lines.account)`.execute(
    db,
  )

  await createInsertOnly(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dbKind(db) === 'sqlite') {
    for (const t of [
      'posting_lines_no_update',
      'posting_lines_no_delete',
      'book_entries_no_update',
      'book_entries_no_delete',
    ])
      await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db)
  } else {
    await sql`DROP FUNCTION books_insert_only() CASCADE`.execute(db)
  }
  await sql`ALTER TABLE posting_lines DROP COLUMN account_id`.execute(db)
  await db.schema.dropTable('accounts').execute()
}
