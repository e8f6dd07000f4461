import { formatAmount } from '@booking/shared'
import { Link } from 'react-router'
import { useIsAdmin } from '../lib/auth.tsx'
import { useCollections } from '../lib/collections.ts'

/** The admin dashboard's five largest overdue amounts (issue 25), linking to "To Collect". */
const TopFive = () => {
  const list = useCollections({})
  const rows = list.data?.rows.slice(0, 5) ?? []
  return (
    <section className="card p-4" aria-label="Top five to collect">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">To collect</h2>
        <Link to="/admin/toCollect" className="text-sm text-blue-700 underline">
          See all
        </Link>
      </div>
      {list.isPending && <p className="text-sm text-slate-500">Loading data...</p>}
      {list.isError && <p className="text-sm text-red-700">Failed to load the list to collect</p>}
      {list.data && rows.length === 0 && (
        <p className="text-sm text-slate-500">Nobody owes anything overdue.</p>
      )}
      {rows.length > 0 && (
        <ol className="divide-y divide-slate-100 text-sm">
          {rows.map((r) => (
            <li key={`${r.kind}:${r.key}`} className="flex items-center justify-between gap-3 py-1.5">
              <span className="min-w-0 truncate">
                {r.name}{' '}
                <span className="text-xs text-slate-500">{r.kind === 'agent' ? 'Agent' : 'Customer'}</span>
              </span>
              <span className="shrink-0 font-semibold tabular-nums text-red-700">
                Rs {formatAmount(r.overdue)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** Shown to admins only: the list carries every party's balance. */
export const TopFiveToCollect = () => (useIsAdmin() ? <TopFive /> : null)
