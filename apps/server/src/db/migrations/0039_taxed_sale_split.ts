import { type Kysely, sql } from 'kysely'
import { createInsertOnly, dropInsertOnly } from './helpers/insert-only.ts'

/** The sale tables as of this migration (frozen, as 0033's). */
const SALE_TABLES = ['tickets', 'umrah', 'visa_processing', 'gamca_tokens', 'services', 'navtcc']

/**
 * Decision 100: a taxed sale's line on its party's account is split on a statement like any sale
 * (the whole bill, then what was paid at booking), its bill being the price plus a sales tax added
 * on top. The lines such sales wrote before this kept split_add 0 (migration 0036's rule compared
 * the line with the price alone); here those in force get what the split adds now, and their days'
 * checkpoints are summed again. Sales without a tax on top are untouched.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // split_add is a statement's display checkpoint, not the line's money: the one column rewritten
  // here, with the insert-only triggers lifted inside this migration's transaction (decision 082).
  await dropInsertOnly(db)
  const touched = new Set<string>()
  for (const table of SALE_TABLES) {
    const t = (c: string) => sql`coalesce(${sql.ref(`t.${c}`)}, 0)`
    const neg = (c: string) => sql`CASE WHEN ${t(c)} < 0 THEN -${t(c)} ELSE 0 END`
    const bill = sql`(${t('receivable_amount')} + st.tax_amount)`
    const { rows } = await sql<{ id: number | string; account: string; date: string; v: number | string }>`
      SELECT l.id, l.account, l.date, CASE
          WHEN (${t('paid_cash')} <> 0 OR ${t('paid_in_bank')} <> 0)
            AND ${bill} - ${t('paid_cash')} - ${t('paid_in_bank')} = l.debit - l.credit
          THEN ${bill} + ${neg('paid_cash')} + ${neg('paid_in_bank')} - l.debit
          ELSE 0 END AS v
      FROM posting_lines l
      JOIN ${sql.table(table)} t ON t.id = l.source_id
      JOIN sale_taxes st ON st.source_type = ${table} AND st.source_id = l.source_id
      WHERE l.source_type = ${table} AND (l.account LIKE 'agent:%' OR l.account LIKE 'customer:%')
        AND st.inclusive = 0 AND st.tax_amount <> 0
        AND l.reverses IS NULL AND NOT EXISTS (SELECT 1 FROM posting_lines r WHERE r.reverses = l.id)`.execute(
      db,
    )
    for (const r of rows) {
      await sql`UPDATE posting_lines SET split_add = CAST(${String(r.v)} AS BIGINT) WHERE id = ${Number(r.id)}`.execute(
        db,
      )
      touched.add(JSON.stringify([r.account, String(r.date)]))
    }
  }
  for (const key of touched) {
    const [account, date] = JSON.parse(key) as [string, string]
    await sql`UPDATE posting_days SET split_add = coalesce((SELECT sum(split_add) FROM posting_lines
        WHERE account = ${account} AND date = ${date}), 0)
      WHERE account = ${account} AND date = ${date}`.execute(db)
  }
  await createInsertOnly(db)
}

export async function down(): Promise<void> {
  // The split is a statement's display checkpoint; the books' lines are unchanged.
}
