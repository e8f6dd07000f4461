import { type Kysely, sql } from 'kysely'
import { dbKind, moneyType } from './helpers/dialect.ts'

/**
 * Issue 37 item 3 (docs/decisions/096): the opening and closing balances a bank prints on rows of
 * their own, kept with the import that read them, so the reconciliation can offer the opening as
 * the bank's opening entry. Paisa; null when the file printed none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const money = sql.raw(moneyType(dbKind(db)))
  await sql`ALTER TABLE bank_statement_imports ADD COLUMN opening_balance ${money}`.execute(db)
  await sql`ALTER TABLE bank_statement_imports ADD COLUMN opening_date text`.execute(db)
  await sql`ALTER TABLE bank_statement_imports ADD COLUMN closing_balance ${money}`.execute(db)
}
