import type { BooksCheck, TrialBalance } from '@booking/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from './api.ts'

/** Every account's debit, credit and balance up to a day (admin). */
export const useTrialBalance = (to: string) =>
  useQuery({
    queryKey: ['/reports', 'trial-balance', to],
    queryFn: () => api.get<TrialBalance>('/reports/trial-balance', { to: to || undefined }),
    placeholderData: keepPreviousData,
  })

/** Whether every stored balance agrees with the posting lines (admin). */
export const useBooksCheck = (enabled = true) =>
  useQuery({
    queryKey: ['/reports', 'books-check'],
    queryFn: () => api.get<BooksCheck>('/reports/books-check'),
    enabled,
    staleTime: 60_000,
  })
