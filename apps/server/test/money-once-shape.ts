import { type Kysely, sql } from 'kysely'
import * as fxCheckpoints from '../src/db/migrations/0055_fx_checkpoints.ts'
import type { Database } from '../src/db/schema.ts'
import { DB_KIND } from './harness.ts'

/** Each ledger, its view (migration 0030) and the money columns a posted row stored before it. */
export const LEDGER_MONEY = [
  ['agent_entries', 'agent_ledger', ['debit', 'credit', 'paid_cash', 'paid_bank', 'receivable_amount']],
  ['account_entries', 'office_ledger', ['debit', 'credit']],
  ['vender_entries', 'vendor_ledger', ['debit', 'credit', 'withdraw']],
] as const

/**
 * Puts a database back in the shape of the release before 0030 (decision 072): every posted ledger
 * row stores its money again (here the figures its view shows), no views, no verified point.
 */
export const backBeforeMoneyOnce = async (trx: Kysely<Database>) => {
  // Nor the checkpoints' foreign sums (0055, decision 149), which also widened the month sums 0030
  // remembers: undone, the upgrade fills them again from the lines.
  await fxCheckpoints.down(trx as unknown as Kysely<any>)
  await sql`DELETE FROM kysely_migration WHERE name = '0055_fx_checkpoints'`.execute(trx)
  for (const [table, view, columns] of LEDGER_MONEY) {
    for (const c of columns)
      await sql`UPDATE ${sql.table(table)} SET ${sql.ref(c)} = (SELECT v.${sql.ref(c)} FROM ${sql.table(view)} v
        WHERE v.id = ${sql.ref(`${table}.id`)}) WHERE source_type IS NOT NULL`.execute(trx)
  }
  for (const [, view] of LEDGER_MONEY) await sql`DROP VIEW ${sql.table(view)}`.execute(trx)
  await sql`DROP TABLE books_verified`.execute(trx)
  await sql`DROP TABLE books_verified_months`.execute(trx)
  await sql`DELETE FROM kysely_migration WHERE name = '0030_money_once'`.execute(trx)
  // 0047 redefines the Office Accounts view (decision 132): undone too, so the upgrade runs it again.
  // PostgreSQL alters a table only once the rows' deferred trigger events above have fired.
  if (DB_KIND === 'postgres') await sql`SET CONSTRAINTS ALL IMMEDIATE`.execute(trx)
  await sql`ALTER TABLE account_entries DROP COLUMN currency`.execute(trx)
  await sql`ALTER TABLE account_entries DROP COLUMN rate`.execute(trx)
  await sql`DELETE FROM kysely_migration WHERE name = '0047_office_currency'`.execute(trx)
  // 0050 redefines the Agent ledger view (decision 137): undone too, so the upgrade runs it again.
  await sql`ALTER TABLE payments DROP COLUMN rate`.execute(trx)
  await sql`ALTER TABLE payments DROP COLUMN currency`.execute(trx)
  await sql`ALTER TABLE tickets DROP COLUMN currency`.execute(trx)
  await sql`DELETE FROM kysely_migration WHERE name = '0050_selling_currency'`.execute(trx)
}
