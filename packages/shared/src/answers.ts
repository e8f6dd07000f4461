import type { RecordRow, RecordTable } from './records/spec.ts'

/**
 * The 200 answers the server sends and the web and e2e read, typed once. The server's routes say
 * `satisfies` these; the web's queries and the e2e fixtures take them as their answer types.
 */

/** A record list: rows under the spec's list key; `total` when paged (`totalCapped`: "at least"). */
export type RecordListAnswer<T extends RecordTable, ListKey extends string = string> = {
  [K in ListKey]: RecordRow<T>[]
} & { total?: number; totalCapped?: true }

/** A customer as the pick-lists read it. */
export interface CustomerOption {
  id: number
  name: string
  mobile_number: string | null
  address: string | null
  passport_number: string | null
}

export interface CustomersAnswer {
  status: 'success'
  customers: CustomerOption[]
}

/** An office bank account as every bank select reads it. */
export interface BankOption {
  id: number
  name: string
  active: boolean
}

export interface BanksAnswer {
  status: 'success'
  banks: BankOption[]
}

/** The entry counters (the next entry number's preview). */
export interface EntryCountsAnswer {
  status: 'success'
  data: { form_type: string; current_count: number; global_count: number }[]
}
