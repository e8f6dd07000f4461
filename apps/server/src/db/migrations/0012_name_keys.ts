import { type Kysely, sql } from 'kysely'

/** The add-name lists; a migration does not import application code, so they are named here. */
const NAME_TABLES = ['agent_names', 'vender_names'] as const

/**
 * Agent and vendor names are unique ignoring case and surrounding spaces ("skyline agents" is
 * "Skyline Agents", one ledger). Rows already stored twice under that rule keep their oldest
 * spelling: these lists only feed the pick-lists (ledger rows carry the name text itself), so
 * dropping a later spelling loses nothing. The expression index makes the rule hold under
 * concurrent writers on both databases.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of NAME_TABLES) {
    await sql`delete from ${sql.table(table)} where id not in (
      select min(id) from ${sql.table(table)} group by lower(trim(name))
    )`.execute(db)
    await sql`create unique index ${sql.id(`${table}_name_key`)} on ${sql.table(table)} (lower(trim(name)))`.execute(
      db,
    )
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of NAME_TABLES) await sql`drop index if exists ${sql.id(`${table}_name_key`)}`.execute(db)
}
