import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely'

/**
 * The dialect differences migrations need, copied from the application's db/dialect.ts on purpose:
 * a migration must build the same schema forever, whatever the application's helpers become.
 */
export type DbKind = 'sqlite' | 'postgres'

export const dbKind = (db: Kysely<any>): DbKind =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'

export const idType = (kind: DbKind) => (kind === 'postgres' ? 'serial' : 'integer')
export const idColumn = (kind: DbKind) => (c: ColumnDefinitionBuilder) =>
  kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()

/** Money is integer paisa: 64-bit on both. */
export const moneyType = (kind: DbKind) => (kind === 'postgres' ? 'bigint' : 'integer')
