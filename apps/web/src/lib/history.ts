import type { AuditEntry } from '@booking/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from './api.ts'

export interface HistoryFilters {
  table?: string
  record_id?: number
  user?: string
  from?: string
  to?: string
  limit?: number
  offset?: number
}

export const historyQuery = (filters: HistoryFilters) =>
  queryOptions({
    queryKey: ['audit', filters],
    queryFn: () => api.get<{ audit: AuditEntry[]; total: number }>('/admin/audit', { ...filters }),
  })

/** GET /admin/audit: who changed what, newest first. */
export const useHistory = (filters: HistoryFilters, enabled = true) =>
  useQuery({ ...historyQuery(filters), enabled })
