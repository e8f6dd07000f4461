import { type Kysely, sql } from 'kysely'
import { dbKind } from './helpers/dialect.ts'

/** The trigger-kept checkpoints (table_counts, journal_months, ledger_months): their triggers' names end so. */
const CHECKPOINT_TRIGGER = /_(count|months_sync)$/

interface Trigger {
  name: string
  table: string
  def: string
}

const checkpointTriggers = async (db: Kysely<any>, deferred: boolean): Promise<Trigger[]> =>
  (
    await sql<Trigger>`SELECT t.tgname AS name, c.relname AS "table", pg_get_triggerdef(t.oid) AS def
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE NOT t.tgisinternal AND n.nspname = current_schema() AND t.tginitdeferred = ${deferred}
      ORDER BY t.tgname`.execute(db)
  ).rows.filter((t) => CHECKPOINT_TRIGGER.test(t.name))

/**
 * PostgreSQL (decision 070): the checkpoint triggers run at COMMIT instead of at each row, as
 * deferred constraint triggers with the same function and events. Every record write shares their
 * rows (one per table, month, ledger); at COMMIT a write holds them only while it commits, under
 * one short lock taken after its accounts (lib/write-locks.ts), instead of from its first insert
 * to its end. The figures are the same: each row event still adds and subtracts its own values.
 * Whatever checkpoint triggers exist are converted (later releases may have dropped some). SQLite
 * has one writer and needs nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dbKind(db) !== 'postgres') return
  for (const t of await checkpointTriggers(db, false)) {
    const def = t.def
      .replace(/^CREATE TRIGGER/, 'CREATE CONSTRAINT TRIGGER')
      .replace(/ FOR EACH ROW /, ' DEFERRABLE INITIALLY DEFERRED FOR EACH ROW ')
    if (def === t.def || !def.includes('DEFERRABLE'))
      throw new Error(`cannot defer trigger ${t.name}: ${t.def}`)
    await sql.raw(`DROP TRIGGER ${t.name} ON ${t.table}`).execute(db)
    await sql.raw(def).execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dbKind(db) !== 'postgres') return
  for (const t of await checkpointTriggers(db, true)) {
    const def = t.def
      .replace(/^CREATE CONSTRAINT TRIGGER/, 'CREATE TRIGGER')
      .replace(/ DEFERRABLE INITIALLY DEFERRED/, '')
    await sql.raw(`DROP TRIGGER ${t.name} ON ${t.table}`).execute(db)
    await sql.raw(def).execute(db)
  }
}
