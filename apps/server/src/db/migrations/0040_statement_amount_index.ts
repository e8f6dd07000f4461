import type { Kysely } from 'kysely'

/**
 * Issue 33 item 2 (decision 102): an import's automatic matching reads only the unmatched
 * statement lines that can pair with a free book line (same direction and amount, a few days
 * apart), one index seek per book line, instead of every line the bank ever imported.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('bank_statement_lines_amount')
    .on('bank_statement_lines')
    .columns(['bank_id', 'direction', 'amount', 'date'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bank_statement_lines_amount').ifExists().execute()
}
