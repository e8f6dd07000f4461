import type { Kysely, SelectQueryBuilder } from 'kysely'
import type { Database, TableName } from './schema.ts'

/**
 * Tables reached by a name known only at run time (a RecordSpec's table, a ledger's, a column from a
 * spec's lists). The names stay the union of real tables; the columns are the spec's, held to the
 * tables by the drift test, so here a row is a record of unknown values that its caller reads
 * through the spec's types (ApiRow, AnyRecordRow).
 */
export type ByNameDatabase = { [T in TableName]: Record<string, unknown> }
export type ByName = Kysely<ByNameDatabase>
/** A select over such a table: what the list filters, sorts and pages build on. */
export type ByNameSelect = SelectQueryBuilder<ByNameDatabase, TableName, object>

/** The same database (or transaction) with its tables reached by name. */
export const byName = (db: Kysely<Database>): ByName => db as unknown as ByName
