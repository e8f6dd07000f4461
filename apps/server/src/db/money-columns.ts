import { fromPaisa, toPaisa } from '@booking/shared'
import type { TableName } from './schema.ts'

/** Columns held as integer paisa; the API speaks rupees. */
export const MONEY_COLUMNS: Partial<Record<TableName, readonly string[]>> = {
  journal: ['receivable', 'paid_cash', 'paid_in_bank', 'remaining', 'withdraw'],
  tickets: [
    'receivable_amount',
    'paid_cash',
    'paid_in_bank',
    'payable_to_vendor',
    'profit',
    'remaining_amount',
    'payments_total',
  ],
  umrah: [
    'receivable_amount',
    'paid_cash',
    'paid_in_bank',
    'payable_to_vendor',
    'profit',
    'remaining_amount',
    'payments_total',
  ],
  visa_processing: [
    'receivable_amount',
    'additional_charges',
    'pay_for_protector',
    'paid_cash',
    'paid_in_bank',
    'profit',
    'remaining_amount',
    'payments_total',
  ],
  gamca_tokens: [
    'receivable_amount',
    'paid_cash',
    'paid_in_bank',
    'profit',
    'remaining_amount',
    'payments_total',
  ],
  protectors: ['withdraw', 'additional_charges'],
  expenses: ['total_amount', 'withdraw'],
  refunded: ['total_balance', 'withdraw'],
  services: [
    'receivable_amount',
    'paid_cash',
    'paid_in_bank',
    'profit',
    'remaining_amount',
    'payments_total',
  ],
  refund_customers: [
    'total_amount',
    'return_from_vendor',
    'office_service_charges',
    'remaining_amount',
    'paid_cash',
    'paid_in_bank',
    'balance',
  ],
  navtcc: [
    'receivable_amount',
    'paid_cash',
    'paid_in_bank',
    'payed_to_bank',
    'profit',
    'remaining_amount',
    'payments_total',
  ],
  payments: ['amount'],
  agent_entries: ['credit', 'debit', 'paid_cash', 'paid_bank', 'receivable_amount', 'balance'],
  account_entries: ['credit', 'debit', 'balance'],
  vender_entries: ['credit', 'debit', 'withdraw', 'remaining_amount'],
}

const convert = (table: TableName, row: Record<string, unknown>, fn: (v: any) => number | null) => {
  const out: Record<string, unknown> = { ...row }
  for (const column of MONEY_COLUMNS[table] ?? []) {
    if (column in out) out[column] = out[column] === null ? null : fn(out[column])
  }
  return out
}

/** A database row with its money in rupees (also the running-balance columns a query adds). */
export const moneyOut = <R extends Record<string, unknown>>(table: TableName, row: R): R =>
  convert(table, row, fromPaisa) as R

/** Values in rupees made ready for the database. */
export const moneyIn = <R extends Record<string, unknown>>(table: TableName, values: R): R =>
  convert(table, values, toPaisa) as R
