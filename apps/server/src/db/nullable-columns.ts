import type { RecordTable } from '@booking/shared'
import type { Selectable } from 'kysely'
import type { Database } from './schema.ts'

type NullableColumn<T extends RecordTable> = {
  [K in keyof Selectable<Database[T]>]-?: null extends Selectable<Database[T]>[K] ? K : never
}[keyof Selectable<Database[T]>]

/**
 * The columns of each record table that may hold NULL, exactly (the type refuses a missing or an
 * extra one). SQLite sorts NULL first and PostgreSQL last; lists say NULLS FIRST/LAST on these
 * columns only, so both databases agree and NOT NULL columns keep plain index order.
 */
const NULLABLE: { [T in RecordTable]: { [K in NullableColumn<T>]: true } } = {
  tickets: {
    customer_id: true,
    reference: true,
    depart_date: true,
    return_date: true,
    profit: true,
    created_by: true,
    ticket_numbers: true,
    ticket_text: true,
  },
  umrah: { customer_id: true, depart_date: true, return_date: true, profit: true, created_by: true },
  visa_processing: {
    embassy_send_date: true,
    embassy_return_date: true,
    protector_date: true,
    expiry_medical_date: true,
    visa_expiry_date: true,
    passport_deliver_date: true,
    created_by: true,
    customer_id: true,
  },
  gamca_tokens: { customer_id: true, created_by: true },
  navtcc: { customer_id: true, created_by: true },
  services: { customer_id: true, created_by: true },
  protectors: { created_by: true },
  expenses: { created_by: true },
  refunded: { paid_fee_date: true, paid_refund_date: true, created_by: true },
  refund_customers: { customer_id: true, created_by: true },
  agent_entries: { source_type: true, source_id: true, created_by: true },
  account_entries: { source_type: true, source_id: true, created_by: true },
  vender_entries: { source_type: true, source_id: true, created_by: true },
}

export const nullableColumns = (table: RecordTable): readonly string[] => Object.keys(NULLABLE[table])
