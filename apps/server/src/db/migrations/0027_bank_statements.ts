import type { Kysely } from 'kysely'
import { dbKind, idColumn, idType, moneyType } from './helpers/dialect.ts'

/**
 * Issue 24 items 1-2 (decision 063): bank statements imported per bank, the mapping each bank's
 * files are read with, and matches of statement lines to the bank's posting lines. Money in paisa.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  const id = idType(kind)
  const pk = idColumn(kind)
  const money = moneyType(kind)

  await db.schema
    .createTable('bank_statement_mappings')
    .addColumn('bank_id', 'integer', (c) => c.primaryKey().references('banks.id').onDelete('cascade'))
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('bank_statement_imports')
    .addColumn('id', id, pk)
    .addColumn('bank_id', 'integer', (c) => c.notNull().references('banks.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('lines', 'integer', (c) => c.notNull())
    .addColumn('added', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('bank_statement_lines')
    .addColumn('id', id, pk)
    .addColumn('bank_id', 'integer', (c) => c.notNull().references('banks.id').onDelete('cascade'))
    .addColumn('import_id', 'integer', (c) =>
      c.notNull().references('bank_statement_imports.id').onDelete('cascade'),
    )
    .addColumn('row_no', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('narration', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('balance', money)
    .addColumn('identity', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('bank_statement_lines_identity')
    .on('bank_statement_lines')
    .columns(['bank_id', 'identity'])
    .unique()
    .execute()
  await db.schema
    .createIndex('bank_statement_lines_day')
    .on('bank_statement_lines')
    .columns(['bank_id', 'date', 'id'])
    .execute()

  await db.schema
    .createTable('bank_matches')
    .addColumn('id', id, pk)
    .addColumn('bank_id', 'integer', (c) => c.notNull().references('banks.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('confirmed', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('bank_matches_bank').on('bank_matches').columns(['bank_id', 'id']).execute()

  await db.schema
    .createTable('bank_match_statement_lines')
    .addColumn('match_id', 'integer', (c) => c.notNull().references('bank_matches.id').onDelete('cascade'))
    .addColumn('line_id', 'integer', (c) =>
      c.notNull().references('bank_statement_lines.id').onDelete('cascade').unique(),
    )
    .execute()
  await db.schema
    .createIndex('bank_match_statement_lines_match')
    .on('bank_match_statement_lines')
    .column('match_id')
    .execute()

  await db.schema
    .createTable('bank_match_book_lines')
    .addColumn('match_id', 'integer', (c) => c.notNull().references('bank_matches.id').onDelete('cascade'))
    // A posting line's id; lines are never deleted (decision 050), so no cascade is needed.
    .addColumn('line_id', 'integer', (c) => c.notNull().unique())
    .execute()
  await db.schema
    .createIndex('bank_match_book_lines_match')
    .on('bank_match_book_lines')
    .column('match_id')
    .execute()
}
