import { type Kysely, sql } from 'kysely'
import { dbKind, moneyType } from './helpers/dialect.ts'

/** The sale tables as of this migration (frozen: later record types keep their own lines right). */
const SALE_TABLES = ['tickets', 'umrah', 'visa_processing', 'gamca_tokens', 'services', 'navtcc']

/**
 * Issue 26 item 1 (docs/decisions/080): what splitting a sale adds to a statement's totals, kept
 * as a checkpoint instead of summed over the period's lines at every page.
 * - posting_lines.split_add: on a sale's line on its party's account (agent:…, customer:…), what
 *   the statement's split of it (decision 054: the sale at its full price, then what was paid at
 *   booking) adds to each side; 0 on every other line. A reversal line carries its line's negated.
 * - posting_days.split_add: their sum per account and day, so a period's is ≤ 31 rows a month.
 * Kept by the books' one write (books/post.ts) from the record as it writes the lines; filled here
 * for the lines in force from their records now, which is what the statements read until now
 * (a reversed pair nets to nothing whatever it carries, so 0 on both).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const money = sql.raw(moneyType(dbKind(db)))
  await sql`ALTER TABLE posting_lines ADD COLUMN split_add ${money} NOT NULL DEFAULT 0`.execute(db)
  await sql`ALTER TABLE posting_days ADD COLUMN split_add ${money} NOT NULL DEFAULT 0`.execute(db)
  const t = (c: string) => sql`coalesce(${sql.ref(`t.${c}`)}, 0)`
  const neg = (c: string) => sql`CASE WHEN ${t(c)} < 0 THEN -${t(c)} ELSE 0 END`
  for (const table of SALE_TABLES) {
    const add = sql`(SELECT CASE
        WHEN (${t('paid_cash')} <> 0 OR ${t('paid_in_bank')} <> 0)
          AND ${t('receivable_amount')} - ${t('paid_cash')} - ${t('paid_in_bank')} = l.debit - l.credit
        THEN ${t('receivable_amount')} + ${neg('paid_cash')} + ${neg('paid_in_bank')} - l.debit
        ELSE 0 END
      FROM ${sql.table(table)} t WHERE t.id = l.source_id)`
    const { rows } = await sql<{ id: number | string; v: number | string }>`SELECT l.id, ${add} AS v
      FROM posting_lines l
      WHERE l.source_type = ${table} AND (l.account LIKE 'agent:%' OR l.account LIKE 'customer:%')
        AND l.reverses IS NULL AND NOT EXISTS (SELECT 1 FROM posting_lines r WHERE r.reverses = l.id)`.execute(
      db,
    )
    const set = rows.filter((r) => r.v !== null && String(r.v) !== '0')
    for (let i = 0; i < set.length; i += 500) {
      const batch = set.slice(i, i + 500)
      await sql`UPDATE posting_lines SET split_add = CASE id ${sql.join(
        batch.map((r) => sql`WHEN ${Number(r.id)} THEN CAST(${String(r.v)} AS BIGINT)`),
        sql` `,
      )} END WHERE id IN (${sql.join(batch.map((r) => Number(r.id)))})`.execute(db)
    }
  }
  await sql`UPDATE posting_days SET split_add = s.v
    FROM (SELECT account, date, sum(split_add) AS v FROM posting_lines WHERE split_add <> 0 GROUP BY account, date) s
    WHERE posting_days.account = s.account AND posting_days.date = s.date`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE posting_days DROP COLUMN split_add`.execute(db)
  await sql`ALTER TABLE posting_lines DROP COLUMN split_add`.execute(db)
}
