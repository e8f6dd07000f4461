import { type Kysely, sql } from 'kysely'
import { dbKind, moneyType } from './helpers/dialect.ts'

const SUMS = ['receivable', 'paid_cash', 'paid_in_bank', 'remaining', 'withdraw'] as const

/**
 * Per-month, per-type checkpoints of the journal, kept by database triggers so every writer
 * (the API, a bulk import, a second server) keeps them exact. The dashboard adds up a few
 * hundred checkpoint rows instead of a million journal rows; dashboard.test.ts proves they
 * always equal the full recomputation.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  const money = moneyType(kind)

  let t = db.schema
    .createTable('journal_months')
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
  for (const c of SUMS) t = t.addColumn(c, money, (col) => col.notNull().defaultTo(0))
  await t.addPrimaryKeyConstraint('journal_months_pk', ['month', 'source_type']).execute()

  // Covers the dashboard's edge-month sums and the running cash in office without touching the table.
  await db.schema
    .createIndex('journal_date_cover')
    .on('journal')
    .columns(['date', 'id', 'source_type', ...SUMS])
    .execute()

  const cols = SUMS.join(', ')
  const add = (rec: string) => SUMS.map((c) => `${rec}.${c}`).join(', ')
  const plus = (table: string) => SUMS.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')
  const minus = SUMS.map((c) => `${c} = ${c} - OLD.${c}`).join(', ')
  const insertNew = (table: string) =>
    `INSERT INTO journal_months (month, source_type, n, ${cols})
     VALUES (substr(NEW.date, 1, 7), NEW.source_type, 1, ${add('NEW')})
     ON CONFLICT (month, source_type) DO UPDATE SET n = ${table}.n + 1, ${plus(table)};`
  const removeOld = `UPDATE journal_months SET n = n - 1, ${minus}
     WHERE month = substr(OLD.date, 1, 7) AND source_type = OLD.source_type;`

  if (kind === 'postgres') {
    await sql
      .raw(`CREATE FUNCTION journal_months_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    ${removeOld}
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    ${insertNew('journal_months')}
  END IF;
  RETURN NULL;
END $$`)
      .execute(db)
    await sql
      .raw(`CREATE TRIGGER journal_months_sync AFTER INSERT OR UPDATE OR DELETE ON journal
FOR EACH ROW EXECUTE FUNCTION journal_months_sync()`)
      .execute(db)
  } else {
    // SQLite's upsert in a trigger needs a WHERE on INSERT ... SELECT; VALUES needs none.
    await sql
      .raw(
        `CREATE TRIGGER journal_months_ai AFTER INSERT ON journal BEGIN ${insertNew('journal_months')} END`,
      )
      .execute(db)
    await sql
      .raw(`CREATE TRIGGER journal_months_ad AFTER DELETE ON journal BEGIN ${removeOld} END`)
      .execute(db)
    await sql
      .raw(
        `CREATE TRIGGER journal_months_au AFTER UPDATE ON journal BEGIN ${removeOld} ${insertNew('journal_months')} END`,
      )
      .execute(db)
  }

  // Databases created before this migration: derive the checkpoints from the rows once.
  await sql
    .raw(`INSERT INTO journal_months (month, source_type, n, ${cols})
     SELECT substr(date, 1, 7), source_type, count(*), ${SUMS.map((c) => `sum(${c})`).join(', ')}
     FROM journal GROUP BY substr(date, 1, 7), source_type`)
    .execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dbKind(db) === 'postgres') {
    await sql`DROP TRIGGER IF EXISTS journal_months_sync ON journal`.execute(db)
    await sql`DROP FUNCTION IF EXISTS journal_months_sync()`.execute(db)
  } else {
    for (const t of ['journal_months_ai', 'journal_months_ad', 'journal_months_au']) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db)
    }
  }
  await db.schema.dropIndex('journal_date_cover').ifExists().execute()
  await db.schema.dropTable('journal_months').ifExists().execute()
}
