import { type Kysely, sql } from 'kysely'

/** Record tables and the column holding the spec's employee name (none for the vendor ledger). */
const AUTHORED: Record<string, string | null> = {
  tickets: 'employee_name',
  umrah: 'user_name',
  visa_processing: 'employee_name',
  gamca_tokens: 'employee_name',
  protectors: 'employee',
  expenses: 'user_name',
  refunded: 'employee',
  services: 'user_name',
  refund_customers: 'employee',
  navtcc: 'employee_name',
  agent_entries: 'employee',
  account_entries: 'employee_name',
  vender_entries: null,
}

/**
 * Usernames unique whatever their case, and records linked to the user who created them.
 * Older databases may hold "Owner" beside "owner": every later one of a clash gets its id appended
 * (the first keeps its name). Old records are linked by their stored name to the first user who
 * had it, which is who the name meant when they were saved.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`UPDATE users SET username = username || '_' || CAST(id AS TEXT)
    WHERE EXISTS (SELECT 1 FROM users o WHERE lower(o.username) = lower(users.username) AND o.id < users.id)`.execute(
    db,
  )
  await sql`CREATE UNIQUE INDEX users_username_lower ON users (lower(username))`.execute(db)
  for (const [table, nameColumn] of Object.entries(AUTHORED)) {
    await db.schema.alterTable(table).addColumn('created_by', 'integer').execute()
    if (!nameColumn) continue
    await sql
      .raw(
        `UPDATE ${table} SET created_by = (SELECT u.id FROM users u WHERE lower(u.username) = lower(${table}.${nameColumn}))`,
      )
      .execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(AUTHORED))
    await db.schema.alterTable(table).dropColumn('created_by').execute()
  await sql`DROP INDEX users_username_lower`.execute(db)
}
