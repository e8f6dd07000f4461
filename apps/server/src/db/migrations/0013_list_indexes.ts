import { type Kysely, sql } from 'kysely'
import { dbKind } from './helpers/dialect.ts'
import { entryGlobalSql, entryNumberSql } from './helpers/entry-order.ts'

/**
 * The columns each list screen lets a user sort by (the web's sortable columns, issue 11), copied
 * here on purpose: a migration keeps meaning what it meant when it was written. The date column
 * of each list already has its (date, id) index (0001); `entry` gets the numeric expression index.
 * Columns that may hold NULL are listed in `nullable`. The three ledgers get none: every ticket,
 * Umrah or refund posts up to three ledger rows, so their indexes cost a create three times
 * (measured: create ticket at 1M fell to 62 % with them), while a ledger is read per name from
 * its (name, date, id, credit, debit) cover index (decision 026).
 */
const SORTED: Record<string, { columns: readonly string[]; nullable?: readonly string[] }> = {
  tickets: {
    columns: [
      'employee_name',
      'customer_add',
      'reference',
      'sector',
      'airline',
      'agent_name',
      'bank_title',
      'vendor_name',
    ],
    nullable: ['reference'],
  },
  umrah: { columns: ['reference', 'sector', 'airline', 'bank_title'] },
  visa_processing: {
    columns: [
      'employee_name',
      'customer_add',
      'file_number',
      'reference',
      'sponsor_name',
      'visa_number',
      'embassy',
      'embassy_send_date',
      'embassy_return_date',
      'protector_date',
      'passport_deliver_date',
      'id_number',
      'e_number',
      'ptn_permission',
      'expiry_medical_date',
    ],
    nullable: [
      'embassy_send_date',
      'embassy_return_date',
      'protector_date',
      'expiry_medical_date',
      'passport_deliver_date',
    ],
  },
  gamca_tokens: { columns: ['employee_name', 'customer_add', 'reference', 'country', 'paid_from_bank'] },
  navtcc: {
    columns: [
      'employee_name',
      'customer_add',
      'reference',
      'profession_key',
      'receivable_amount',
      'paid_cash',
      'paid_from_bank',
      'paid_in_bank',
      'payed_to_bank',
      'vendor_name',
      'profit',
      'remaining_amount',
    ],
  },
  protectors: {
    columns: ['employee', 'name', 'passport', 'reference', 'file_no', 'additional_charges', 'withdraw'],
  },
  refund_customers: {
    columns: [
      'employee',
      'name',
      'passport',
      'reference',
      'detail_sector',
      'total_amount',
      'vender_name',
      'return_from_vendor',
      'office_service_charges',
      'remaining_amount',
      'paid_cash',
      'paid_in_bank',
      'bank_title',
      'balance',
    ],
  },
  refunded: {
    columns: [
      'employee',
      'name',
      'passport',
      'reference',
      'paid_fee_date',
      'paid_refund_date',
      'total_balance',
      'withdraw',
    ],
    nullable: ['paid_fee_date', 'paid_refund_date'],
  },
  services: {
    columns: [
      'user_name',
      'customer_add',
      'specific_detail',
      'visa_type',
      'receivable_amount',
      'paid_cash',
      'paid_in_bank',
      'profit',
      'remaining_amount',
    ],
  },
  expenses: { columns: ['user_name', 'detail', 'selection', 'total_amount', 'withdraw'] },
}

const indexName = (table: string, column: string) => `${table}_sort_${column}`

/**
 * A 1M-row list sorted by any column it offers answers its page from an index walk instead of
 * sorting the whole table: one (column, id) index per sortable column, and one
 * (entry number, global number, id) expression index per table with entry numbers. Ties are
 * broken by id in the same direction, so both directions read the same index (forwards or
 * backwards). PostgreSQL puts NULL first in these indexes, as SQLite orders NULL (smallest):
 * `ORDER BY c ASC NULLS FIRST, id ASC` and its reverse `c DESC NULLS LAST, id DESC` both use them
 * and both databases give the same order. Decision 026 has the write cost.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  for (const [table, { columns, nullable = [] }] of Object.entries(SORTED)) {
    for (const column of columns) {
      const nulls = kind === 'postgres' && nullable.includes(column) ? ' NULLS FIRST' : ''
      await sql
        .raw(`CREATE INDEX ${indexName(table, column)} ON ${table} (${column}${nulls}, id)`)
        .execute(db)
    }
    await sql
      .raw(
        `CREATE INDEX ${indexName(table, 'entry')} ON ${table} ((${entryNumberSql(kind)}), (${entryGlobalSql(kind)}), id)`,
      )
      .execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, { columns }] of Object.entries(SORTED)) {
    for (const column of [...columns, 'entry']) {
      await sql.raw(`DROP INDEX IF EXISTS ${indexName(table, column)}`).execute(db)
    }
  }
}
