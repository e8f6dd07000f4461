import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Landmark } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { api } from '../lib/api.ts'
import { useBanks } from '../lib/records.ts'
import { ManageBanksDialog } from './manage-banks-dialog.tsx'

type Checked = { checked: { by: string; at: string } | null }

/**
 * The owner's first-sign-in step (issue 37 item 4, decision 099): the bank titles the system came
 * with are the spec's examples, not yet the agency's accounts. Shown on the admin's dashboard
 * until an admin keeps them, renames them or adds others; nothing is removed by this step.
 */
export const BankTitlesStep = () => {
  const qc = useQueryClient()
  const state = useQuery({
    queryKey: ['/admin/bank-titles'],
    queryFn: () => api.get<Checked>('/admin/bank-titles'),
  })
  const banks = useBanks()
  const [managing, setManaging] = useState(false)
  const keep = useMutation({
    mutationFn: () => api.post<Checked & { message: string }>('/admin/bank-titles/checked', {}),
    onSuccess: (a) => {
      toast.success(a.message)
      qc.setQueryData(['/admin/bank-titles'], a)
    },
    onError: (err) => toast.error((err as Error).message),
  })
  if (!state.data || state.data.checked || !banks.data) return null
  const active = banks.data.filter((b) => b.active)
  return (
    <section
      aria-labelledby="bank-titles-heading"
      className="space-y-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-slate-800"
    >
      <h2 id="bank-titles-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Landmark className="h-5 w-5 text-blue-700" aria-hidden />
        Your bank accounts
      </h2>
      <p>
        The system came with these bank titles. Keep the ones that are your accounts, rename them to your own,
        or add others; nothing is removed unless you remove it.
      </p>
      <ul className="flex flex-wrap gap-2" aria-label="Bank titles">
        {active.map((b) => (
          <li key={b.id} className="rounded-full border border-blue-200 bg-white px-3 py-1 font-medium">
            {b.name}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary" disabled={keep.isPending} onClick={() => keep.mutate()}>
          {keep.isPending ? 'Saving...' : 'Keep these banks'}
        </button>
        <button type="button" className="btn-secondary" onClick={() => setManaging(true)}>
          Rename or add banks
        </button>
      </div>
      <ManageBanksDialog open={managing} onOpenChange={setManaging} />
    </section>
  )
}
