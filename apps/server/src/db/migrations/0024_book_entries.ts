import { type Kysely, sql } from 'kysely'
import { dbKind, idColumn, idType } from './helpers/dialect.ts'

/**
 * Entry headers (issue 21, decision 050): every set of posting lines a record posts is one entry
 * (its source, business day, entry number and memo, the user and audit row behind it), and an
 * edit or delete appends a reversal instead of rewriting lines.
 *
 * - book_entries: the headers; `reverses` names the entry a reversal cancels.
 * - posting_lines.entry_id: the line's header; `reverses`: the line a reversal line cancels;
 *   `place`: where the line sorts among its account's lines of a day, kept by the lines that
 *   follow it when the record is edited (so a ledger's order stays what it was with in-place edits).
 * - current_lines: the lines of entries still in force (neither a reversal nor reversed): what
 *   the screens list. Sums read posting_lines (a reversal and what it reverses share a day, so
 *   they cancel in every range).
 *
 * Existing databases: one header per source for the lines it has, each line's place its id. Plain
 * SQL in this transaction, so an interrupted upgrade leaves nothing half done.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  await db.schema
    .createTable('book_entries')
    .addColumn('id', idType(kind), idColumn(kind))
    .addColumn('source_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('entry', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reverses', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('audit_id', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('book_entries_source')
    .on('book_entries')
    .columns(['source_type', 'source_id', 'id'])
    .execute()
  await db.schema.createIndex('book_entries_reverses').on('book_entries').column('reverses').execute()
  await db.schema.alterTable('posting_lines').addColumn('entry_id', 'integer').execute()
  await db.schema.alterTable('posting_lines').addColumn('reverses', 'integer').execute()
  await db.schema.alterTable('posting_lines').addColumn('place', 'integer').execute()

  await sql`INSERT INTO book_entries (source_type, source_id, day, entry, memo, created_at)
    SELECT source_type, source_id, min(date), min(entry), min(detail), min(created_at)
    FROM posting_lines GROUP BY source_type, source_id ORDER BY min(id)`.execute(db)
  await sql`UPDATE posting_lines SET place = id, entry_id = (SELECT e.id FROM book_entries e
    WHERE e.source_type = posting_lines.source_type AND e.source_id = posting_lines.source_id)`.execute(db)

  await db.schema.createIndex('posting_lines_entry').on('posting_lines').column('entry_id').execute()
  await db.schema.createIndex('posting_lines_reverses').on('posting_lines').column('reverses').execute()
  await db.schema
    .createIndex('posting_lines_account_place')
    .on('posting_lines')
    .columns(['account', 'date', 'place', 'id'])
    .execute()
  // The few reversal lines of an account, so a count of its lines in force is two index counts.
  await sql`CREATE INDEX posting_lines_reversals ON posting_lines (account, date) WHERE reverses IS NOT NULL`.execute(
    db,
  )
  await sql`CREATE VIEW current_lines AS
    SELECT l.id, l.source_type, l.source_id, l.date, l.account, l.debit, l.credit, l.entry, l.detail,
      l.created_at, l.entry_id, l.place
    FROM posting_lines l
    WHERE l.reverses IS NULL AND NOT EXISTS (SELECT 1 FROM posting_lines r WHERE r.reverses = l.id)`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP VIEW IF EXISTS current_lines`.execute(db)
  await db.schema.dropTable('book_entries').ifExists().execute()
}
