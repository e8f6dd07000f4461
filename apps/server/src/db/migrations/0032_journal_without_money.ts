import { type Kysely, sql } from 'kysely'
import { dbKind, idColumn, idType, moneyType } from './helpers/dialect.ts'

// Copied, not imported: a migration must keep meaning what it meant when it was written.
/** The record types that sell (a receivable and a remaining amount), with their payments' source_type. */
const SALES: Record<string, string> = {
  tickets: 'ticket',
  umrah: 'umrah',
  visa_processing: 'visa-processing',
  gamca_tokens: 'gamca-token',
  navtcc: 'navtcc',
  services: 'services',
}
const SUMS = ['receivable', 'paid_cash', 'paid_in_bank', 'remaining', 'withdraw'] as const
/** Sources whose bank debits the dashboard counts as Paid In Bank: sales, typed agent entries, payments. */
const BANK_IN = [...Object.keys(SALES), 'agent_entries', 'payments']
const list = (xs: readonly string[]) => xs.map((x) => `'${x}'`).join(', ')
const party = (l: string) => `(${l}.account LIKE 'agent:%' OR ${l}.account LIKE 'customer:%')`
/** The payments' source_type of a sale table, as SQL over `column`. */
const paymentSourceOf = (column: string) =>
  `CASE ${column} ${Object.entries(SALES)
    .map(([table, path]) => `WHEN '${table}' THEN '${path}'`)
    .join(' ')} END`

/**
 * Issue 21 item 3 (docs/decisions/078): the dashboard's journal no longer stores money.
 * - `journal_rows` keeps what only the record knows: each money-moving record's place in All Bookings
 *   (source, day, entry, name, employee). `journal_months` keeps its row count per month and type.
 * - `journal` becomes a view with the table's old columns: a row's money is its source's posting
 *   lines (receivable: income; paid cash and withdraw: the cash account's debits and credits; paid in
 *   bank: bank debits; remaining: what the receivable party still owes on the sale and its payments).
 * - `source_days` is the books' checkpoint for what the account checkpoints cannot split by record
 *   type: per day and source type, the bank debits the dashboard counts, and what sales leave owed
 *   (a payment's part counted on its record's day); `source_months` the same per month. Kept by the
 *   books' write (books/post.ts), like profit_days.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  const money = sql.raw(moneyType(kind))

  // The old month sums' triggers and the covering index read the money columns.
  if (kind === 'postgres') {
    await sql`DROP TRIGGER IF EXISTS journal_months_sync ON journal`.execute(db)
    await sql`DROP FUNCTION IF EXISTS journal_months_sync()`.execute(db)
  } else {
    for (const t of ['journal_months_ai', 'journal_months_ad', 'journal_months_au'])
      await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db)
  }
  await db.schema.dropIndex('journal_date_cover').ifExists().execute()

  if (kind === 'postgres') {
    await sql`ALTER TABLE journal RENAME TO journal_rows`.execute(db)
    for (const c of SUMS) await sql.raw(`ALTER TABLE journal_rows DROP COLUMN ${c}`).execute(db)
    for (const c of SUMS) await sql.raw(`ALTER TABLE journal_months DROP COLUMN ${c}`).execute(db)
  } else {
    // One copy instead of five column drops (each rewrites every row), keeping ids and the id sequence.
    await db.schema
      .createTable('journal_rows')
      .addColumn('id', idType(kind), idColumn(kind))
      .addColumn('source_type', 'text', (c) => c.notNull())
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('entry', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('employee', 'text', (c) => c.notNull())
      .addUniqueConstraint('journal_rows_source_unique', ['source_type', 'source_id'])
      .execute()
    await sql`INSERT INTO journal_rows (id, source_type, source_id, date, entry, name, employee)
      SELECT id, source_type, source_id, date, entry, name, employee FROM journal`.execute(db)
    await sql`INSERT INTO sqlite_sequence (name, seq) SELECT 'journal_rows', 0
      WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'journal_rows')`.execute(db)
    await sql`UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'journal'), 0))
      WHERE name = 'journal_rows'`.execute(db)
    await sql`DROP TABLE journal`.execute(db)
    await db.schema.createIndex('journal_rows_date_id').on('journal_rows').columns(['date', 'id']).execute()
    await sql`CREATE TABLE journal_months_new (month text NOT NULL, source_type text NOT NULL,
      n integer NOT NULL DEFAULT 0, PRIMARY KEY (month, source_type))`.execute(db)
    await sql`INSERT INTO journal_months_new (month, source_type, n)
      SELECT month, source_type, n FROM journal_months`.execute(db)
    await sql`DROP TABLE journal_months`.execute(db)
    await sql`ALTER TABLE journal_months_new RENAME TO journal_months`.execute(db)
  }

  // The row count per (month, type), kept by triggers as before (0002, 0007; deferred on PostgreSQL, 0031).
  const addNew = `INSERT INTO journal_months (month, source_type, n)
     VALUES (substr(NEW.date, 1, 7), NEW.source_type, 1)
     ON CONFLICT (month, source_type) DO UPDATE SET n = journal_months.n + 1;`
  const removeOld = `UPDATE journal_months SET n = n - 1
     WHERE month = substr(OLD.date, 1, 7) AND source_type = OLD.source_type;`
  if (kind === 'postgres') {
    await sql
      .raw(`CREATE FUNCTION journal_months_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (substr(NEW.date, 1, 7), NEW.source_type) = (substr(OLD.date, 1, 7), OLD.source_type) THEN
    RETURN NULL;
  END IF;
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
    await sql
      .raw(`CREATE CONSTRAINT TRIGGER journal_months_sync AFTER INSERT OR UPDATE OR DELETE ON journal_rows
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_months_sync()`)
      .execute(db)
  } else {
    await sql
      .raw(`CREATE TRIGGER journal_months_ai AFTER INSERT ON journal_rows BEGIN ${addNew} END`)
      .execute(db)
    await sql
      .raw(`CREATE TRIGGER journal_months_ad AFTER DELETE ON journal_rows BEGIN ${removeOld} END`)
      .execute(db)
    await sql
      .raw(
        `CREATE TRIGGER journal_months_au AFTER UPDATE OF date, source_type ON journal_rows BEGIN ${removeOld} ${addNew} END`,
      )
      .execute(db)
  }

  const clustered = kind === 'sqlite' ? sql`without rowid` : sql``
  await db.schema
    .createTable('source_days')
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('source_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('bank_in', money, (c) => c.notNull().defaultTo(0))
    .addColumn('owed', money, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('source_days_pk', ['date', 'source_type'])
    .modifyEnd(clustered)
    .execute()
  // From the lines: bank debits per day and type; a sale's party lines on its day; a payment's
  // party lines on its record's day (the record's journal row).
  await sql
    .raw(`INSERT INTO source_days (date, source_type, bank_in, owed)
    SELECT date, source_type, sum(bank_in), sum(owed) FROM (
      SELECT l.date, l.source_type, sum(l.debit) AS bank_in, 0 AS owed
      FROM posting_lines l
      WHERE l.account LIKE 'bank:%' AND l.source_type IN (${list(BANK_IN)})
      GROUP BY l.date, l.source_type
      UNION ALL
      SELECT l.date, l.source_type, 0, sum(l.debit - l.credit)
      FROM posting_lines l
      WHERE ${party('l')} AND l.source_type IN (${list(Object.keys(SALES))})
      GROUP BY l.date, l.source_type
      UNION ALL
      SELECT j.date, j.source_type, 0, sum(l.debit - l.credit)
      FROM posting_lines l
      JOIN payments p ON p.id = l.source_id
      JOIN journal_rows j ON j.source_id = p.source_id AND ${paymentSourceOf('j.source_type')} = p.source_type
      WHERE l.source_type = 'payments' AND ${party('l')}
      GROUP BY j.date, j.source_type
    ) s GROUP BY date, source_type`)
    .execute(db)

  // The same per month, so a range of months reads a row per month and type.
  await db.schema
    .createTable('source_months')
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('source_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('bank_in', money, (c) => c.notNull().defaultTo(0))
    .addColumn('owed', money, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('source_months_pk', ['month', 'source_type'])
    .modifyEnd(clustered)
    .execute()
  await sql`INSERT INTO source_months (month, source_type, bank_in, owed)
    SELECT substr(date, 1, 7), source_type, sum(bank_in), sum(owed) FROM source_days
    GROUP BY substr(date, 1, 7), source_type`.execute(db)

  await sql.raw(journalView).execute(db)
}

/** A source's lines on one account condition, summed. */
const linesOf = (expr: string, account: string) =>
  `coalesce((SELECT sum(${expr}) FROM posting_lines l
    WHERE l.source_type = r.source_type AND l.source_id = r.source_id AND ${account}), 0)`

const journalView = `CREATE VIEW journal AS
SELECT r.id, r.source_type, r.source_id, r.date, r.entry, r.name, r.employee,
  CASE WHEN r.source_type IN (${list(Object.keys(SALES))})
    THEN ${linesOf('l.credit - l.debit', "l.account = 'income:' || r.source_type")} ELSE 0 END AS receivable,
  ${linesOf('l.debit', "l.account = 'cash'")} AS paid_cash,
  CASE WHEN r.source_type IN (${list(BANK_IN)})
    THEN ${linesOf('l.debit', "l.account LIKE 'bank:%'")} ELSE 0 END AS paid_in_bank,
  CASE WHEN r.source_type IN (${list(Object.keys(SALES))})
    THEN ${linesOf('l.debit - l.credit', party('l'))} + coalesce((SELECT sum(l.debit - l.credit)
      FROM payments p JOIN posting_lines l ON l.source_type = 'payments' AND l.source_id = p.id
      WHERE p.source_type = ${paymentSourceOf('r.source_type')} AND p.source_id = r.source_id AND ${party('l')}), 0)
    ELSE 0 END AS remaining,
  ${linesOf('l.credit', "l.account = 'cash'")} AS withdraw
FROM journal_rows r`

export async function down(_db: Kysely<any>): Promise<void> {
  throw new Error('0032_journal_without_money cannot be undone: restore a backup taken before it')
}
