import type { FileRecord } from '@booking/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '../../lib/api.ts'

export interface CustomerRow {
  id: number
  name: string
  mobile_number: string
  address: string
  passport_number: string
  /** The language of this customer's receipts and statements (decision 044). */
  paper_language?: 'en' | 'ur'
  created_at?: string
}

export interface CustomerPayment {
  date: string | null
  type: string
  table: string
  id: number
  entry: string
  amount: number
  /** The later payment's id (its receipt); null for what was paid when the record was entered. */
  payment_id: number | null
  receipt_no: string
}

export interface CustomerDetail extends CustomerRow {
  records: FileRecord[]
  records_total: number
  payments: CustomerPayment[]
  balance: number
}

export const useCustomerPage = (params: { q?: string; limit: number; offset: number; sort: string }) =>
  useQuery({
    // Under '/customers' so the pick-lists' invalidation after Add Customer refreshes it too.
    queryKey: ['/customers', 'page', params],
    queryFn: () => api.get<{ customers: CustomerRow[]; total: number }>('/customers', { ...params }),
    placeholderData: keepPreviousData,
  })

export const useCustomer = (id: number) =>
  useQuery({
    queryKey: ['/customers', 'one', id],
    // The newest 100 of each type and their payments, not the whole history (issue 37, like Statements).
    queryFn: async () =>
      (await api.get<{ customer: CustomerDetail }>(`/customers/${id}`, { limit: 100 })).customer,
    enabled: Number.isInteger(id) && id > 0,
  })
