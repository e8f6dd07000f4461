import { formatAmount } from '@booking/shared'
import { useQuery } from '@tanstack/react-query'
import { api } from '../lib/api.ts'

interface Credit {
  balance: number
  credit_limit: number | null
  credit_left: number | null
}

/**
 * The picked agent's or customer's balance and the credit left under its limit (issue 25), shown
 * under the pick-list as soon as a party is chosen; the server checks the limit again on save.
 */
export const CreditHint = ({ kind, name }: { kind: 'agent' | 'customer'; name: string | undefined }) => {
  const party = (name ?? '').trim()
  const credit = useQuery({
    queryKey: ['credit', kind, party],
    enabled: party !== '',
    queryFn: () => api.get<Credit>(`/credit/${kind}/${encodeURIComponent(party)}`),
    staleTime: 10_000,
  })
  if (!party) return null
  if (credit.isPending) return <p className="mt-1 text-xs text-slate-500">Loading balance...</p>
  if (credit.isError || !credit.data) return null
  const { balance, credit_limit, credit_left } = credit.data
  const over = credit_left !== null && credit_left <= 0
  return (
    <p className={`mt-1 text-xs ${over ? 'text-red-700' : 'text-slate-600'}`} data-testid="credit-hint">
      Balance Rs {formatAmount(balance)}
      {credit_limit === null
        ? ' · no credit limit'
        : ` · Credit left Rs ${formatAmount(credit_left)} of Rs ${formatAmount(credit_limit)}`}
    </p>
  )
}
