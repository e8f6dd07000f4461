import { type Kysely, sql } from 'kysely'
import { dbKind, moneyType } from './helpers/dialect.ts'

/**
 * Issue 34's "readers at 1M lines with 20 % foreign stay within today's p99" (decision 149): the
 * month and day checkpoints (posting_months 0016, posting_days 0029) also sum the lines' amounts in
 * their own currency (fx_debit, fx_credit, minor units), so a foreign account's balance and what
 * its recent days raised are read from checkpoints, as its rupee figures are, instead of from every
 * line it holds. An account keeps one currency once it has lines (issue 34 item 2), so a sum per
 * account is a sum per account and currency. Filled here from the existing lines (rupee lines
 * carry 0 there). The books check remembers proved month sums (books_verified_months): those rows
 * were proved without these columns, so they are forgotten and recounted when next touched.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const money = sql.raw(moneyType(dbKind(db)))
  for (const table of ['posting_months', 'posting_days', 'books_verified_months'])
    for (const column of ['fx_debit', 'fx_credit'])
      await db.schema
        .alterTable(table)
        .addColumn(column, money, (c) => c.notNull().defaultTo(0))
        .execute()
  await sql`UPDATE posting_months SET fx_debit = s.d, fx_credit = s.c
    FROM (SELECT account, substr(date, 1, 7) AS month, sum(fx_debit) AS d, sum(fx_credit) AS c
      FROM posting_lines WHERE fx_debit <> 0 OR fx_credit <> 0 GROUP BY account, substr(date, 1, 7)) s
    WHERE posting_months.account = s.account AND posting_months.month = s.month`.execute(db)
  await sql`UPDATE posting_days SET fx_debit = s.d, fx_credit = s.c
    FROM (SELECT account, date, sum(fx_debit) AS d, sum(fx_credit) AS c
      FROM posting_lines WHERE fx_debit <> 0 OR fx_credit <> 0 GROUP BY account, date) s
    WHERE posting_days.account = s.account AND posting_days.date = s.date`.execute(db)
  await db.deleteFrom('books_verified_months').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['posting_months', 'posting_days', 'books_verified_months'])
    for (const column of ['fx_debit', 'fx_credit'])
      await db.schema.alterTable(table).dropColumn(column).execute()
}
