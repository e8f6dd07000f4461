import { type Kysely, sql } from 'kysely'
import { dbKind } from './helpers/dialect.ts'

/**
 * Issue 21 item 3, decision 072: money stored once. A ledger row another record posted (a
 * ticket's agent row, a payment's bank row, an office entry's vendor row: `source_type` set) keeps
 * what the screen shows about it (name, day, entry, detail, bank, its place in the ledger) but no
 * money: its figures are read through these views, from its source's posting lines, or,
 * where the screen shows two sides the lines net (a ticket's receivable and paid on the Agent
 * ledger, an office entry's credit and debit on its vendor's), from the record's own typed figures.
 * A row staff typed on the ledger's own screen (`source_type` NULL) keeps its figures.
 *
 * Each view has its table's columns, so a screen reads it as it read the table. The rules are
 * frozen here (a migration imports nothing from the application); a new source of ledger rows
 * redefines the view in its own migration.
 *
 * Existing databases: the linked rows' money is set to 0 (their figures now come from the views;
 * the upgrade test proves every ledger screen answers the same), and `books_verified` holds where
 * the incremental books check last stopped (issue 26 item 2, decision 073).
 */
/**
 * One side of the row's source's lines on one kind of account ("agent:", "bank:", "vendor:"), all
 * entries summed: a reversal line repeats the line it cancels negated on the same side (decision
 * 050), so the sum is the line in force. A source has at most one such account (one agent, one
 * bank, one vendor per record). A correlated sum on the lines' (source_type, source_id) index, so a
 * page of rows costs an index probe per row on both databases.
 */
const side = (column: 'debit' | 'credit', prefix: 'agent' | 'bank' | 'vendor') =>
  sql.raw(`(SELECT COALESCE(SUM(l.${column}), 0) FROM posting_lines l WHERE l.source_type = x.source_type
      AND l.source_id = x.source_id AND l.account LIKE '${prefix}:%')`)

export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  await sql`CREATE VIEW agent_ledger AS
    SELECT x.id, x.created_at, x.source_type, x.source_id, x.created_by, x.agent_name, x.date, x.employee,
      x.entry, x.detail, x.bank_title,
      CASE WHEN x.source_type IS NULL THEN x.debit WHEN x.source_type = 'tickets' THEN t.receivable_amount
        ELSE ${side('debit', 'agent')} END AS debit,
      CASE WHEN x.source_type IS NULL THEN x.credit WHEN x.source_type = 'tickets' THEN t.paid_cash + t.paid_in_bank
        ELSE ${side('credit', 'agent')} END AS credit,
      CASE WHEN x.source_type IS NULL THEN x.paid_cash WHEN x.source_type = 'tickets' THEN t.paid_cash
        WHEN x.bank_title <> '' THEN 0 ELSE ${side('credit', 'agent')} END AS paid_cash,
      CASE WHEN x.source_type IS NULL THEN x.paid_bank WHEN x.source_type = 'tickets' THEN t.paid_in_bank
        WHEN x.bank_title <> '' THEN ${side('credit', 'agent')} ELSE 0 END AS paid_bank,
      CASE WHEN x.source_type IS NULL THEN x.receivable_amount WHEN x.source_type = 'tickets' THEN t.receivable_amount
        ELSE 0 END AS receivable_amount
    FROM agent_entries x
    LEFT JOIN tickets t ON x.source_type = 'tickets' AND t.id = x.source_id`.execute(db)
  // Office Accounts: money into the account is the bank's debit.
  await sql`CREATE VIEW office_ledger AS
    SELECT x.id, x.created_at, x.source_type, x.source_id, x.created_by, x.bank_name, x.employee_name,
      x.vendor_name, x.entry, x.date, x.detail,
      CASE WHEN x.source_type IS NULL THEN x.credit ELSE ${side('debit', 'bank')} END AS credit,
      CASE WHEN x.source_type IS NULL THEN x.debit ELSE ${side('credit', 'bank')} END AS debit
    FROM account_entries x`.execute(db)
  await sql`CREATE VIEW vendor_ledger AS
    SELECT x.id, x.created_at, x.source_type, x.source_id, x.created_by, x.vender_name, x.date, x.entry,
      x.detail, x.bank_title,
      CASE WHEN x.source_type IS NULL THEN x.credit WHEN x.source_type = 'account_entries' THEN a.credit
        ELSE ${side('credit', 'vendor')} END AS credit,
      CASE WHEN x.source_type IS NULL THEN x.debit WHEN x.source_type = 'account_entries' THEN a.debit
        ELSE ${side('debit', 'vendor')} END AS debit,
      CASE WHEN x.source_type IS NULL THEN x.withdraw ELSE 0 END AS withdraw
    FROM vender_entries x
    LEFT JOIN account_entries a ON x.source_type = 'account_entries' AND a.id = x.source_id`.execute(db)

  await sql`UPDATE agent_entries SET debit = 0, credit = 0, paid_cash = 0, paid_bank = 0, receivable_amount = 0
    WHERE source_type IS NOT NULL`.execute(db)
  await sql`UPDATE account_entries SET debit = 0, credit = 0 WHERE source_type IS NOT NULL`.execute(db)
  await sql`UPDATE vender_entries SET debit = 0, credit = 0, withdraw = 0 WHERE source_type IS NOT NULL`.execute(
    db,
  )

  // Where the incremental books check last stopped: lines up to line_id proved, their debits' total.
  await db.schema
    .createTable('books_verified')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('line_id', 'integer', (c) => c.notNull())
    .addColumn('debit', kind === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
    .addColumn('checked_at', 'text', (c) => c.notNull())
    // A full check starts a new generation: month sums verified in an older one are not trusted.
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // Each month checkpoint as the check last proved it (generation, n, debits, credits), so the
  // next run proves it by the lines added since, not by recounting its month.
  await db.schema
    .createTable('books_verified_months')
    .addColumn('account', 'varchar(220)', (c) => c.notNull())
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('generation', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('debit', kind === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
    .addColumn('credit', kind === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('books_verified_months_pk', ['account', 'month'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('books_verified_months').ifExists().execute()
  await db.schema.dropTable('books_verified').ifExists().execute()
  for (const view of ['agent_ledger', 'office_ledger', 'vendor_ledger'])
    await sql.raw(`DROP VIEW IF EXISTS ${view}`).execute(db)
}
