import { z } from 'zod'

/** POST /api/customers/{id}/merge: the customer that absorbs this one. */
export const CUSTOMER_FIELDS = ['name', 'mobile_number', 'address', 'passport_number'] as const
export type CustomerField = (typeof CUSTOMER_FIELDS)[number]

export const CustomerMergeInput = z.object({
  into_id: z.coerce
    .number({ error: 'Choose the customer to merge into' })
    .int('Choose the customer to merge into')
    .min(1, 'Choose the customer to merge into')
    .max(2_147_483_647, 'Choose the customer to merge into'),
  /**
   * Fields where the merged customer's value replaces the survivor's (both non-empty). The
   * survivor's value wins otherwise, and its empty fields take the merged one's (decision 047).
   */
  take: z.array(z.enum(CUSTOMER_FIELDS)).max(4).optional().default([]),
})

/**
 * The survivor of a merge: its own non-empty fields (or the merged one's where `take` says),
 * the merged customer's where its own are empty, so no typed detail is lost.
 */
export const mergedCustomerFields = <C extends Record<CustomerField, string | null>>(
  into: C,
  from: C,
  take: readonly CustomerField[] = [],
): Record<CustomerField, string> => {
  const out = {} as Record<CustomerField, string>
  for (const f of CUSTOMER_FIELDS) {
    const mine = (into[f] ?? '').trim()
    const theirs = (from[f] ?? '').trim()
    out[f] = (take.includes(f) && theirs) || mine || theirs
  }
  return out
}

/** GET /api/customers/matches: what is typed so far in the Add Customer pop-up. */
export const CustomerMatchQuery = z.object({
  name: z.string().max(200).optional(),
  mobile_number: z.string().max(50).optional(),
  passport_number: z.string().max(50).optional(),
  except_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
})

/** GET /api/customers with any of these: one page of the register with its total. */
export const CustomerListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  sort: z.enum(['name', '-name', 'mobile_number', '-mobile_number', 'created_at', '-created_at']).optional(),
})
export type CustomerListQuery = z.infer<typeof CustomerListQuery>

/**
 * GET /customers/{id}: a page of each record type's records, newest first, and the payments of the
 * records on it (decision 068). Without either, the newest 200 of each type and all their payments.
 */
export const CustomerPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
})
export type CustomerPageQuery = z.infer<typeof CustomerPageQuery>

/** Days ahead the alerts look for visas and medicals (passports: always six months). */
export const DEFAULT_ALERT_DAYS = 30
export const AlertsQuery = z.object({
  within_days: z.coerce
    .number({ error: 'within_days must be a whole number of days' })
    .int('within_days must be a whole number of days')
    .min(0, 'within_days must be between 0 and 3650')
    .max(3650, 'within_days must be between 0 and 3650')
    .optional()
    .default(DEFAULT_ALERT_DAYS),
})

/** The stages a passenger's case moves through, in order. */
export const CASE_STAGES = ['medical', 'protector', 'visa', 'travelled'] as const
export type CaseStage = (typeof CASE_STAGES)[number]

/** yyyy-mm-dd plus whole calendar months (31 Jan + 1 month = 3 Mar, as Date does). */
export const addMonthsIso = (iso: string, months: number): string => {
  const d = new Date(`${iso}T00:00:00Z`)
  d.setUTCMonth(d.getUTCMonth() + months)
  return d.toISOString().slice(0, 10)
}

export const addDaysIso = (iso: string, days: number): string => {
  const d = new Date(`${iso}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** One record of a passenger's file or a customer's page. */
export interface FileRecord {
  type: string
  table: string
  id: number
  entry: string
  date: string | null
  name: string
  customer: string
  detail: string
  receivable: number
  paid: number
  remaining: number
}

export interface PassengerFile {
  status: 'success'
  passport: string
  names: string[]
  /** The furthest stage reached. */
  stage: CaseStage | null
  /** Every stage reached, in order. */
  reached: CaseStage[]
  /** The first day of each stage, when a record dates it. */
  stages: Record<CaseStage, string | null>
  records: FileRecord[]
  expiries: Array<{ document: string; expiry: string; type: string; id: number }>
}

export interface Alert {
  kind: 'passport' | 'document' | 'medical' | 'visa'
  document: string
  passport: string
  name: string
  expiry: string
  /** Set for a passport expiring within six months of this booked travel date. */
  travel_date: string | null
  reason: string
  type: string
  table: string
  id: number
  entry: string
}
