import { type Kysely, sql } from 'kysely'
import { dbKind, moneyType } from './helpers/dialect.ts'

/**
 * Issue 26 item 1 (docs/decisions/068): checkpoints by day, so a reader answers from a few sums
 * instead of the lines of a month or of all history.
 * - posting_days: per account and day, the lines' count, debits and credits (posting_months cut by
 *   day). A balance to any day is whole months plus the days of its own month; the aging buckets
 *   are three 30-day windows of an account's days.
 * - profit_days: per day and source type, the income (credit − debit of income:* lines), the cost
 *   of sales (debit − credit of cost:* lines) and how many sources have such lines that day, the
 *   profit report's "Bookings" count.
 * Two partial indexes find an account's newest day with a credit (a payment received) or a debit
 * (a vendor paid) without walking its days.
 * Both are kept by the books' one write (books/post.ts) in the lines' transaction; filled here
 * from the lines already written.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  const money = sql.raw(moneyType(kind))
  // SQLite: rows kept in key order (no rowid), so an account's days are one contiguous range.
  const clustered = kind === 'sqlite' ? sql`without rowid` : sql``
  await db.schema
    .createTable('posting_days')
    .addColumn('account', 'varchar(220)', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('debit', money, (c) => c.notNull().defaultTo(0))
    .addColumn('credit', money, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('posting_days_pk', ['account', 'date'])
    .modifyEnd(clustered)
    .execute()
  await db.schema
    .createTable('profit_days')
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('source_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('sources', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('income', money, (c) => c.notNull().defaultTo(0))
    .addColumn('cost', money, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('profit_days_pk', ['date', 'source_type'])
    .modifyEnd(clustered)
    .execute()
  // A party's last payment: the newest day its account was credited (a vendor: debited).
  await sql`CREATE INDEX posting_days_credited ON posting_days (account, date) WHERE credit > 0`.execute(db)
  await sql`CREATE INDEX posting_days_debited ON posting_days (account, date) WHERE debit > 0`.execute(db)
  await sql`INSERT INTO posting_days (account, date, n, debit, credit)
    SELECT account, date, count(*), sum(debit), sum(credit)
    FROM posting_lines GROUP BY account, date`.execute(db)
  await sql`INSERT INTO profit_days (date, source_type, sources, income, cost)
    SELECT date, source_type, count(*), sum(income), sum(cost) FROM (
      SELECT date, source_type, source_id,
        sum(CASE WHEN account LIKE 'income:%' THEN credit - debit ELSE 0 END) AS income,
        sum(CASE WHEN account LIKE 'cost:%' THEN debit - credit ELSE 0 END) AS cost
      FROM posting_lines WHERE account LIKE 'income:%' OR account LIKE 'cost:%'
      GROUP BY date, source_type, source_id) s
    GROUP BY date, source_type`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('profit_days').ifExists().execute()
  await db.schema.dropTable('posting_days').ifExists().execute()
}
