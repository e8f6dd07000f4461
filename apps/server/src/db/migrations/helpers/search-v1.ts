import type { DbKind } from './dialect.ts'

/**
 * The search columns migrations 0005 and 0006 indexed, frozen: the application's SEARCH_INDEX
 * (db/search-index.ts) may grow or change, but these migrations must build what they built when
 * they shipped. A change of indexed columns is a new migration with its own list; the drift test
 * (test/schema-drift.test.ts) checks that the latest index equals the application's.
 */
export const SEARCH_COLUMNS_V1 = {
  tickets: [
    'entry',
    'employee_name',
    'customer_add',
    'reference',
    'sector',
    'airline',
    'agent_name',
    'vendor_name',
    'bank_title',
    'passport_detail',
  ],
  umrah: [
    'entry',
    'user_name',
    'customer_add',
    'reference',
    'package_detail',
    'sector',
    'airline',
    'vendor_name',
    'bank_title',
    'passport_detail',
  ],
  visa_processing: [
    'entry',
    'employee_name',
    'file_number',
    'reference',
    'sponsor_name',
    'visa_number',
    'id_number',
    'embassy',
    'e_number',
    'customer_add',
    'passport_detail',
    'embassy_send_date',
    'embassy_return_date',
    'protector_date',
    'expiry_medical_date',
    'passport_deliver_date',
  ],
  gamca_tokens: [
    'entry',
    'employee_name',
    'customer_add',
    'reference',
    'country',
    'passport_detail',
    'paid_from_bank',
  ],
  protectors: ['entry', 'employee', 'name', 'passport', 'reference', 'file_no', 'protector_date'],
  expenses: ['entry', 'user_name', 'date', 'detail', 'selection'],
  refunded: [
    'entry',
    'employee',
    'date',
    'name',
    'passport',
    'reference',
    'paid_fee_date',
    'paid_refund_date',
  ],
  services: ['entry', 'user_name', 'customer_add', 'booking_date', 'specific_detail', 'visa_type'],
  refund_customers: [
    'entry',
    'employee',
    'name',
    'passport',
    'reference',
    'detail_sector',
    'vender_name',
    'bank_title',
    'date',
  ],
  navtcc: [
    'entry',
    'employee_name',
    'customer_add',
    'reference',
    'profession_key',
    'passport_detail',
    'paid_from_bank',
    'vendor_name',
  ],
  agent_entries: ['agent_name', 'entry', 'employee', 'detail'],
  account_entries: ['bank_name', 'entry', 'employee_name', 'vendor_name', 'detail'],
  vender_entries: ['vender_name', 'entry', 'detail', 'bank_title'],
} as const satisfies Record<string, readonly string[]>

export type SearchTableV1 = keyof typeof SEARCH_COLUMNS_V1
export const SEARCH_TABLES_V1 = Object.keys(SEARCH_COLUMNS_V1) as SearchTableV1[]

export const SEARCH_QUEUE = 'search_queue'
export const ftsTable = (table: string) => `${table}_search`

/** Same text as db/search-index.ts `searchTextSql`, for a given column list. */
export const searchText = (kind: DbKind, columns: readonly string[], prefix = '') => {
  const nl = kind === 'postgres' ? 'chr(10)' : 'char(10)'
  const text = columns.map((c) => `coalesce(${prefix}${c}, '')`).join(` || ${nl} || `)
  return kind === 'postgres' ? `lower(${text})` : text
}
