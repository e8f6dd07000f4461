import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely'

/** The few places SQLite and PostgreSQL differ, in one spot. */
export type DbKind = 'sqlite' | 'postgres'

/** Works on a transaction too: both share the dialect's adapter. */
export const dbKind = <DB>(db: Kysely<DB>): DbKind =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'

/** Primary key column type per dialect. */
export const idType = (kind: DbKind) => (kind === 'postgres' ? 'serial' : 'integer')
export const idColumn = (kind: DbKind) => (c: ColumnDefinitionBuilder) =>
  kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()

/** Money is integer paisa: 64-bit on both. */
export const moneyType = (kind: DbKind) => (kind === 'postgres' ? 'bigint' : 'integer')

/** Case-insensitive "contains" for search boxes. */
export const containsCI = (kind: DbKind, column: RawBuilder<unknown>, needle: string) => {
  const pattern = `%${needle.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
  return kind === 'postgres'
    ? sql<boolean>`${column} ILIKE ${pattern} ESCAPE '\\'`
    : sql<boolean>`${column} LIKE ${pattern} ESCAPE '\\'`
}
