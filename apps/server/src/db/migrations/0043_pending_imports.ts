import type { Kysely } from 'kysely'

/**
 * Issue 33 item 2 (decision 112): a bank-statement import is stored as pending in short
 * transactions, then made current in one small final transaction. `pending` is the instant the
 * import started while it is being stored, null once it is current (every import before this
 * migration is current). Every reader ignores the lines of a pending import; a pending import whose
 * server stopped is removed at the next start or before the next import, a few hundred lines per
 * statement, found by the import's index (undoing an import uses it too).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bank_statement_imports').addColumn('pending', 'text').execute()
  await db.schema
    .createIndex('bank_statement_lines_import')
    .on('bank_statement_lines')
    .columns(['import_id', 'id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bank_statement_lines_import').ifExists().execute()
  await db.schema.alterTable('bank_statement_imports').dropColumn('pending').execute()
}
