import type { AgencySettings } from '@booking/shared'
import { formatAmount } from '@booking/shared'
import { useQuery } from '@tanstack/react-query'
import { api } from './api.ts'

/** The agency's letterhead details (GET /api/agency, every signed-in user). */
export const useAgency = () =>
  useQuery({
    queryKey: ['agency'],
    queryFn: async () => (await api.get<{ settings: AgencySettings }>('/agency')).settings,
    staleTime: 60_000,
  })

/** "Rs 1,234" with the agency's currency label. */
export const useMoney = () => {
  const currency = useAgency().data?.currency ?? 'Rs'
  return (v: number | null | undefined) => `${currency} ${formatAmount(v ?? 0)}`
}
