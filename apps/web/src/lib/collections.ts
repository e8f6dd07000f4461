import type { CollectionRow } from '@booking/shared'
import { useQuery } from '@tanstack/react-query'
import { api } from './api.ts'

/** GET /collections' answer: every agent and customer with an overdue amount, largest first. */
interface Collections {
  as_of: string
  min_days: number
  rows: CollectionRow[]
  totals: { overdue: number; total: number }
}

/** The To Collect list (its page and the dashboard's top five share the query). */
export const useCollections = (query: { as_of?: string; min_days?: string }) =>
  useQuery({
    queryKey: ['collections', query.as_of ?? '', query.min_days ?? ''],
    queryFn: () => api.get<Collections>('/collections', { as_of: query.as_of, min_days: query.min_days }),
  })
