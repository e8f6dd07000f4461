import type { MonthEndItem } from '@booking/shared'
import type { Db } from '../../../db/connect.ts'

/** The month a checklist is about: its first and last day. */
export interface MonthRange {
  month: string
  from: string
  to: string
}

/**
 * One line of the month-end checklist (decision 066). Each is a small provider, so another area
 * adds its own (the bank statements' "banks not reconciled" and "statement lines unmatched") by
 * one line in MONTH_END_ITEMS, without this module knowing its tables.
 */
export type MonthEndProvider = (db: Db, range: MonthRange) => Promise<MonthEndItem | MonthEndItem[]>
