import type {
  BankOption,
  BanksAnswer,
  CustomerOption,
  CustomersAnswer,
  EntryCountsAnswer,
  FormType,
} from '@booking/shared'
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { api } from './api.ts'

export interface ListParams {
  q?: string
  limit?: number
  offset?: number
  sort?: string
  from?: string
  to?: string
  name?: string
}

export interface ListResult<T> {
  rows: T[]
  total: number
  /** A search with more matches than the server counts (list-query.ts SEARCH_COUNT_CAP): total is "at least". */
  totalCapped?: boolean
}

/** One list call of the spec's API: rows under its wrapper key, total when paged. */
const recordListQuery = <T>(path: string, listKey: string, params: ListParams) =>
  queryOptions({
    queryKey: [path, 'list', params],
    queryFn: async (): Promise<ListResult<T>> => {
      const data = await api.get<Record<string, unknown>>(path, { ...params })
      const rows = (Array.isArray(data) ? data : (data[listKey] as T[] | undefined)) ?? []
      const { total, totalCapped } = data as { total?: number; totalCapped?: boolean }
      return { rows: rows as T[], total: Number(total ?? rows.length), totalCapped: totalCapped === true }
    },
    placeholderData: keepPreviousData,
  })

export const useRecordList = <T>(path: string, listKey: string, params: ListParams) =>
  useQuery(recordListQuery<T>(path, listKey, params))

/**
 * After a save or delete: the area's lists, the dashboard and the entry counts, and the three
 * ledgers, because the server posts ticket, umrah, NAVTCC and office account lines into the agent,
 * accounts and vendor ledgers in the same write, and the trial balance and books check read them
 * all. A ledger's own path is listed once, so its list is not refetched twice.
 */
const invalidateAfterWrite = (qc: QueryClient, path: string) => {
  for (const key of new Set([
    path,
    'dashboard',
    'entry-counts',
    '/agent',
    '/accounts',
    '/vender',
    '/reports',
  ]))
    qc.invalidateQueries({ queryKey: [key] })
}

/** POST (create) or PUT /{id} (update). */
export const useSaveRecord = <Body, Answer = Record<string, unknown>>(path: string) => {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id?: number | null; body: Body }) =>
      id ? api.put<Answer>(`${path}/${id}`, body) : api.post<Answer>(path, body),
    onSuccess: () => invalidateAfterWrite(qc, path),
  })
}

export const useDeleteRecord = (path: string) => {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete(`${path}/${id}`),
    onSuccess: () => invalidateAfterWrite(qc, path),
  })
}

/**
 * The read-only preview of the next entry number: "0/0" while loading, current+1/global+1,
 * or "1/1" when there is no counter or the counts cannot be fetched. The server assigns the real one on save.
 */
export const useEntryPreview = (formType: FormType) => {
  const q = useQuery({
    queryKey: ['entry-counts'],
    queryFn: () => api.get<EntryCountsAnswer>('/api/entry/counts'),
    staleTime: 0,
  })
  if (q.isPending) return { current: 0, global: 0, text: '0/0' }
  const data = q.data?.data ?? []
  const row = data.find((r) => r.form_type === formType)
  const global = data[0]?.global_count ?? 0
  const current = (row?.current_count ?? 0) + 1
  return { current, global: global + 1, text: `${current}/${global + 1}` }
}

/** Names for the agent and vendor selects. */
export const useNames = (kind: 'agent' | 'vender') =>
  useQuery({
    queryKey: [`/${kind}-names`],
    queryFn: async () => {
      const data = await api.get<{ agentNames?: string[]; vendorNames?: string[] }>(`/${kind}-names/existing`)
      return (kind === 'agent' ? data.agentNames : data.vendorNames) ?? []
    },
  })

export type Bank = BankOption

/** Office bank accounts (the banks table) for every bank select. */
export const useBanks = () =>
  useQuery({
    queryKey: ['/banks'],
    queryFn: async () => (await api.get<BanksAnswer>('/banks')).banks,
    staleTime: 60_000,
  })

export type Customer = CustomerOption

export const useCustomers = () =>
  useQuery({
    queryKey: ['/customers'],
    queryFn: async () => (await api.get<CustomersAnswer>('/customers')).customers,
  })
