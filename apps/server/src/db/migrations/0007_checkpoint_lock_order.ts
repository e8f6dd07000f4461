import { type Kysely, sql } from 'kysely'
import { dbKind } from './helpers/dialect.ts'

// Copied, not imported: a migration must keep meaning what it meant when it was written.
const SUMS = ['receivable', 'paid_cash', 'paid_in_bank', 'remaining', 'withdraw'] as const
const LEDGER_PARTITIONS = {
  agent_entries: 'agent_name',
  account_entries: 'bank_name',
  vender_entries: 'vender_name',
} as const

/**
 * PostgreSQL: the checkpoint triggers of 0002 and 0003 lock rows in one global order. An edit that
 * moved a record from month A to month B updated A's checkpoint row, then B's; an edit moving
 * another record from B to A took the same two rows the other way round, and the two deadlocked
 * (40P01, a 500). The functions now take a row's two checkpoint rows in key order whichever way
 * the record moves: per-name ledger rows by (name, month), then the all-names rows by month,
 * journal rows by (month, type). Adding and subtracting commute, so the figures are the same.
 * SQLite has one writer at a time and needs nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dbKind(db) !== 'postgres') return
  const cols = SUMS.join(', ')
  const add = (rec: string) => SUMS.map((c) => `${rec}.${c}`).join(', ')
  const plus = SUMS.map((c) => `${c} = journal_months.${c} + excluded.${c}`).join(', ')
  const minus = SUMS.map((c) => `${c} = ${c} - OLD.${c}`).join(', ')
  const addNew = `INSERT INTO journal_months (month, source_type, n, ${cols})
     VALUES (substr(NEW.date, 1, 7), NEW.source_type, 1, ${add('NEW')})
     ON CONFLICT (month, source_type) DO UPDATE SET n = journal_months.n + 1, ${plus};`
  const removeOld = `UPDATE journal_months SET n = n - 1, ${minus}
     WHERE month = substr(OLD.date, 1, 7) AND source_type = OLD.source_type;`
  await sql
    .raw(`CREATE OR REPLACE FUNCTION journal_months_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (substr(NEW.date, 1, 7), NEW.source_type) < (substr(OLD.date, 1, 7), OLD.source_type) THEN
    ${addNew}
    ${removeOld}
  ELSE
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      ${removeOld}
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      ${addNew}
    END IF;
  END IF;
  RETURN NULL;
END $$`)
    .execute(db)

  for (const [table, name] of Object.entries(LEDGER_PARTITIONS)) {
    const addName = `INSERT INTO ledger_months (ledger, name, month, n, net)
       VALUES ('${table}', NEW.${name}, substr(NEW.date, 1, 7), 1, NEW.credit - NEW.debit)
       ON CONFLICT (ledger, name, month) DO UPDATE SET n = ledger_months.n + 1, net = ledger_months.net + excluded.net;`
    const addAll = `INSERT INTO ledger_months_all (ledger, month, n, net)
       VALUES ('${table}', substr(NEW.date, 1, 7), 1, NEW.credit - NEW.debit)
       ON CONFLICT (ledger, month) DO UPDATE SET n = ledger_months_all.n + 1, net = ledger_months_all.net + excluded.net;`
    const removeName = `UPDATE ledger_months SET n = n - 1, net = net - (OLD.credit - OLD.debit)
       WHERE ledger = '${table}' AND name = OLD.${name} AND month = substr(OLD.date, 1, 7);`
    const removeAll = `UPDATE ledger_months_all SET n = n - 1, net = net - (OLD.credit - OLD.debit)
       WHERE ledger = '${table}' AND month = substr(OLD.date, 1, 7);`
    await sql
      .raw(`CREATE OR REPLACE FUNCTION ${table}_months_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${addName}
    ${addAll}
  ELSIF TG_OP = 'DELETE' THEN
    ${removeName}
    ${removeAll}
  ELSE
    IF (NEW.${name}, substr(NEW.date, 1, 7)) < (OLD.${name}, substr(OLD.date, 1, 7)) THEN
      ${addName}
      ${removeName}
    ELSE
      ${removeName}
      ${addName}
    END IF;
    IF substr(NEW.date, 1, 7) < substr(OLD.date, 1, 7) THEN
      ${addAll}
      ${removeAll}
    ELSE
      ${removeAll}
      ${addAll}
    END IF;
  END IF;
  RETURN NULL;
END $$`)
      .execute(db)
  }
}

/** The old order is the one that deadlocks; there is nothing worth going back to. */
export async function down(): Promise<void> {}
