import { type Kysely, sql } from 'kysely'
import { dbKind } from './dialect.ts'

// Decision 082: the database itself refuses an UPDATE or DELETE of a posting line or entry header.
// Migration 0034 creates the triggers; a later migration that must rewrite a checkpoint column of
// the lines (0039) lifts them inside its own transaction and puts them back.

const INSERT_ONLY = 'posting lines and entry headers are insert-only (docs/decisions/082)'

/**
 * The triggers alone, also for tests that damage a line on purpose to see the books check catch
 * it, or step a database back before this migration (dropInsertOnly first, createInsertOnly after).
 */
export const createInsertOnly = async (db: Kysely<any>) => {
  const kind = dbKind(db)
  if (kind === 'sqlite') {
    for (const [table, op] of [
      ['posting_lines', 'UPDATE'],
      ['posting_lines', 'DELETE'],
      ['book_entries', 'DELETE'],
    ] as const)
      await sql
        .raw(`CREATE TRIGGER ${table}_no_${op.toLowerCase()} BEFORE ${op} ON ${table}
          BEGIN SELECT RAISE(ABORT, '${INSERT_ONLY}'); END`)
        .execute(db)
    // The books' write completes a header once, in the transaction that wrote it (its audit row).
    await sql
      .raw(`CREATE TRIGGER book_entries_no_update BEFORE UPDATE ON book_entries
        WHEN NOT (OLD.audit_id IS NULL AND NEW.id = OLD.id AND NEW.source_type = OLD.source_type
          AND NEW.source_id = OLD.source_id AND NEW.day = OLD.day AND NEW.entry = OLD.entry
          AND NEW.memo = OLD.memo AND NEW.reverses IS OLD.reverses AND NEW.created_at = OLD.created_at)
        BEGIN SELECT RAISE(ABORT, '${INSERT_ONLY}'); END`)
      .execute(db)
  } else {
    await sql
      .raw(`CREATE FUNCTION books_insert_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'book_entries' THEN
            IF OLD.audit_id IS NULL AND NEW.id = OLD.id AND NEW.source_type = OLD.source_type
              AND NEW.source_id = OLD.source_id AND NEW.day = OLD.day AND NEW.entry = OLD.entry
              AND NEW.memo = OLD.memo AND NEW.reverses IS NOT DISTINCT FROM OLD.reverses
              AND NEW.created_at = OLD.created_at THEN
              RETURN NEW;
            END IF;
          END IF;
          RAISE EXCEPTION '${INSERT_ONLY}';
        END $$`)
      .execute(db)
    for (const table of ['posting_lines', 'book_entries']) {
      await sql
        .raw(`CREATE TRIGGER ${table}_insert_only BEFORE UPDATE OR DELETE ON ${table}
          FOR EACH ROW EXECUTE FUNCTION books_insert_only()`)
        .execute(db)
      await sql
        .raw(`CREATE TRIGGER ${table}_no_truncate BEFORE TRUNCATE ON ${table}
          FOR EACH STATEMENT EXECUTE FUNCTION books_insert_only()`)
        .execute(db)
    }
  }
}

export const dropInsertOnly = async (db: Kysely<any>) => {
  if (dbKind(db) === 'sqlite') {
    for (const t of [
      'posting_lines_no_update',
      'posting_lines_no_delete',
      'book_entries_no_update',
      'book_entries_no_delete',
    ])
      await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db)
  } else {
    await sql`DROP FUNCTION IF EXISTS books_insert_only() CASCADE`.execute(db)
  }
}
