import { type Kysely, sql } from 'kysely'
import { dbKind, moneyType } from './helpers/dialect.ts'

/** Each ledger and the column its running balance restarts on. */
export const LEDGER_PARTITIONS = {
  agent_entries: 'agent_name',
  account_entries: 'bank_name',
  vender_entries: 'vender_name',
} as const

/**
 * Ledger checkpoints: per (ledger, name, month) and per (ledger, month) over all names, the row
 * count and the sum of credit - debit, kept by triggers so every writer (the API, postings from other records, a bank rename, a bulk import)
 * keeps them exact. A page's opening balance is then a few dozen checkpoint rows plus part of one
 * month instead of every earlier row, and a page total is the same kind of sum.
 * The covering (name, date, id, credit, debit) indexes let those in-month sums, the page seeks and
 * the counts read only the index; they supersede 0001's (name, date, id) indexes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  await db.schema
    .createTable('ledger_months')
    .addColumn('ledger', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('net', moneyType(kind), (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ledger_months_pk', ['ledger', 'name', 'month'])
    .execute()
  // The same per month over all names: the All view's total and deep-page skip read ~60 rows, not names x months.
  await db.schema
    .createTable('ledger_months_all')
    .addColumn('ledger', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('net', moneyType(kind), (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ledger_months_all_pk', ['ledger', 'month'])
    .execute()

  for (const [table, name] of Object.entries(LEDGER_PARTITIONS)) {
    await db.schema.dropIndex(OLD_INDEX[table]!).ifExists().execute()
    await db.schema
      .createIndex(`${table}_ledger_cover`)
      .on(table)
      .columns([name, 'date', 'id', 'credit', 'debit'])
      .execute()

    const add = `INSERT INTO ledger_months (ledger, name, month, n, net)
       VALUES ('${table}', NEW.${name}, substr(NEW.date, 1, 7), 1, NEW.credit - NEW.debit)
       ON CONFLICT (ledger, name, month) DO UPDATE SET n = ledger_months.n + 1, net = ledger_months.net + excluded.net;
     INSERT INTO ledger_months_all (ledger, month, n, net)
       VALUES ('${table}', substr(NEW.date, 1, 7), 1, NEW.credit - NEW.debit)
       ON CONFLICT (ledger, month) DO UPDATE SET n = ledger_months_all.n + 1, net = ledger_months_all.net + excluded.net;`
    const remove = `UPDATE ledger_months SET n = n - 1, net = net - (OLD.credit - OLD.debit)
       WHERE ledger = '${table}' AND name = OLD.${name} AND month = substr(OLD.date, 1, 7);
     UPDATE ledger_months_all SET n = n - 1, net = net - (OLD.credit - OLD.debit)
       WHERE ledger = '${table}' AND month = substr(OLD.date, 1, 7);`
    // Only these columns move a balance; editing a detail leaves the checkpoints alone.
    const moved = `${name}, date, credit, debit`

    if (kind === 'postgres') {
      await sql
        .raw(`CREATE FUNCTION ${table}_months_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    ${remove}
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    ${add}
  END IF;
  RETURN NULL;
END $$`)
        .execute(db)
      await sql
        .raw(`CREATE TRIGGER ${table}_months_sync AFTER INSERT OR DELETE OR UPDATE OF ${moved} ON ${table}
FOR EACH ROW EXECUTE FUNCTION ${table}_months_sync()`)
        .execute(db)
    } else {
      await sql.raw(`CREATE TRIGGER ${table}_months_ai AFTER INSERT ON ${table} BEGIN ${add} END`).execute(db)
      await sql
        .raw(`CREATE TRIGGER ${table}_months_ad AFTER DELETE ON ${table} BEGIN ${remove} END`)
        .execute(db)
      await sql
        .raw(
          `CREATE TRIGGER ${table}_months_au AFTER UPDATE OF ${moved} ON ${table} BEGIN ${remove} ${add} END`,
        )
        .execute(db)
    }

    // Rows written before this migration: derive their checkpoints once.
    await sql
      .raw(`INSERT INTO ledger_months (ledger, name, month, n, net)
       SELECT '${table}', ${name}, substr(date, 1, 7), count(*), sum(credit - debit)
       FROM ${table} GROUP BY ${name}, substr(date, 1, 7)`)
      .execute(db)
    await sql
      .raw(`INSERT INTO ledger_months_all (ledger, month, n, net)
       SELECT '${table}', substr(date, 1, 7), count(*), sum(credit - debit)
       FROM ${table} GROUP BY substr(date, 1, 7)`)
      .execute(db)
  }
}

const OLD_INDEX: Record<string, string> = {
  agent_entries: 'agent_entries_name',
  account_entries: 'account_entries_bank',
  vender_entries: 'vender_entries_name',
}

export async function down(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  for (const [table, name] of Object.entries(LEDGER_PARTITIONS)) {
    if (kind === 'postgres') {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_months_sync ON ${table}`).execute(db)
      await sql.raw(`DROP FUNCTION IF EXISTS ${table}_months_sync()`).execute(db)
    } else {
      for (const t of ['ai', 'ad', 'au'])
        await sql.raw(`DROP TRIGGER IF EXISTS ${table}_months_${t}`).execute(db)
    }
    await db.schema.dropIndex(`${table}_ledger_cover`).ifExists().execute()
    await db.schema.createIndex(OLD_INDEX[table]!).on(table).columns([name, 'date', 'id']).execute()
  }
  await db.schema.dropTable('ledger_months_all').ifExists().execute()
  await db.schema.dropTable('ledger_months').ifExists().execute()
}
