import { businessDayOf, businessToday } from '@booking/shared'
import type { ApiRow } from '../lib/crud.ts'

/**
 * The money date of a record whose form has no money date of its own (Ticket, Umrah, Visa, GAMCA,
 * NAVTCC): the business day it was created on, kept on edit (docs/decisions/019).
 */
export const createdDay = (row: ApiRow): string =>
  businessDayOf(String(row.created_at ?? '')) || businessToday()
