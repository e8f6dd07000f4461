import { RECORD_SPECS, type RecordSpecs, type RecordTable } from '@booking/shared'
import type { Selectable } from 'kysely'
import type { Database } from './schema.ts'

type NullableColumn<T extends RecordTable> = {
  [K in keyof Selectable<Database[T]>]-?: null extends Selectable<Database[T]>[K] ? K : never
}[keyof Selectable<Database[T]>]

/** True when A and B are the same set of names. */
type SameNames<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/**
 * Each spec's `nullable` is exactly the columns of its table type that may hold NULL: a missing or
 * an extra one does not compile. SQLite sorts NULL first and PostgreSQL last; lists say NULLS
 * FIRST/LAST on these columns only, so both databases agree and NOT NULL columns keep plain index order.
 */
type NullableExact = {
  [T in RecordTable]: SameNames<RecordSpecs[T]['nullable'][number], NullableColumn<T>>
}[RecordTable]
const _specNullableIsTableNullable: false extends NullableExact ? never : true = true
void _specNullableIsTableNullable

export const nullableColumns = (table: RecordTable): readonly string[] => RECORD_SPECS[table].nullable
