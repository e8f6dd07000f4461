import { type Kysely, sql } from 'kysely'
import { dbKind, moneyType } from './helpers/dialect.ts'

/**
 * The Agent ledger's rows another record posted (0030) read from their source's agent line: for an
 * agent kept in another currency, in that currency (the lines' `fx_debit`/`fx_credit`), as the
 * Ticket's own row shows its typed riyals; a rupee agent reads rupees as before. A rupee line beside
 * a foreign agent's (a realised difference) is not money in the agent's currency: left out there.
 */
const side = (column: 'debit' | 'credit') =>
  sql.raw(`(SELECT COALESCE(SUM(CASE WHEN COALESCE(a.currency, 'PKR') = 'PKR' THEN l.${column}
        WHEN l.currency = a.currency THEN l.fx_${column} ELSE 0 END), 0)
      FROM posting_lines l LEFT JOIN accounts a ON a.code = l.account
      WHERE l.source_type = x.source_type AND l.source_id = x.source_id AND l.account LIKE 'agent:%')`)

/** 0030's rule: the lines' rupees. */
const rupeeSide = (column: 'debit' | 'credit') =>
  sql.raw(`(SELECT COALESCE(SUM(l.${column}), 0) FROM posting_lines l WHERE l.source_type = x.source_type
      AND l.source_id = x.source_id AND l.account LIKE 'agent:%')`)

const agentLedger = (s: typeof side) => sql`CREATE VIEW agent_ledger AS
    SELECT x.id, x.created_at, x.source_type, x.source_id, x.created_by, x.agent_name, x.date, x.employee,
      x.entry, x.detail, x.bank_title,
      CASE WHEN x.source_type IS NULL THEN x.debit WHEN x.source_type = 'tickets' THEN t.receivable_amount
        ELSE ${s('debit')} END AS debit,
      CASE WHEN x.source_type IS NULL THEN x.credit WHEN x.source_type = 'tickets' THEN t.paid_cash + t.paid_in_bank
        ELSE ${s('credit')} END AS credit,
      CASE WHEN x.source_type IS NULL THEN x.paid_cash WHEN x.source_type = 'tickets' THEN t.paid_cash
        WHEN x.bank_title <> '' THEN 0 ELSE ${s('credit')} END AS paid_cash,
      CASE WHEN x.source_type IS NULL THEN x.paid_bank WHEN x.source_type = 'tickets' THEN t.paid_in_bank
        WHEN x.bank_title <> '' THEN ${s('credit')} ELSE 0 END AS paid_bank,
      CASE WHEN x.source_type IS NULL THEN x.receivable_amount WHEN x.source_type = 'tickets' THEN t.receivable_amount
        ELSE 0 END AS receivable_amount
    FROM agent_entries x
    LEFT JOIN tickets t ON x.source_type = 'tickets' AND t.id = x.source_id`

/**
 * Issue 34 item 3 (decision 137): a Ticket's selling side in its agent's or customer's currency, as
 * 0042 gave the Umrah (`currency`; its rate is kept in `rates` beside the payable's, 0049); and a
 * later payment (Receive Payment) in its record's currency, with the rate it used (micro-rupees;
 * null in rupees). Added with defaults, so every record and payment already saved stays in rupees.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const money = sql.raw(moneyType(dbKind(db)))
  await sql`ALTER TABLE tickets ADD COLUMN currency text NOT NULL DEFAULT 'PKR'`.execute(db)
  await sql`ALTER TABLE payments ADD COLUMN currency text NOT NULL DEFAULT 'PKR'`.execute(db)
  await sql`ALTER TABLE payments ADD COLUMN rate ${money}`.execute(db)
  await sql`DROP VIEW agent_ledger`.execute(db)
  await agentLedger(side).execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP VIEW agent_ledger`.execute(db)
  await agentLedger(rupeeSide).execute(db)
  await sql`ALTER TABLE payments DROP COLUMN rate`.execute(db)
  await sql`ALTER TABLE payments DROP COLUMN currency`.execute(db)
  await sql`ALTER TABLE tickets DROP COLUMN currency`.execute(db)
}
