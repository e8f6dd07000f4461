import { formatAmount, formatDate } from '@booking/shared'
import { Check, Unlink } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { ApiError } from '../../lib/api.ts'
import { type Match, useConfirmMatch, useUnmatch } from './api.ts'
import { sumAmounts } from './summary.tsx'

const lineText = (date: string, text: string, amount: number) =>
  `${formatDate(date)} · ${text} · ${formatAmount(amount)}`

/** Matches made automatically (to confirm) or by a person, each with Unmatch. */
export const MatchesList = ({ bankId, matches }: { bankId: number; matches: Match[] }) => {
  const confirm = useConfirmMatch(bankId)
  const unmatch = useUnmatch(bankId)
  const [undoing, setUndoing] = useState<Match | null>(null)
  const suggested = matches.filter((m) => m.status === 'suggested')

  if (matches.length === 0) return <p className="py-4 text-center text-sm text-slate-500">No matches yet</p>
  return (
    <div className="space-y-2">
      {suggested.length > 0 && (
        <p className="text-sm text-slate-600">
          {suggested.length.toLocaleString('en-US')} found automatically: confirm each one you agree with.
        </p>
      )}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Matches">
        {matches.map((m) => (
          <li key={m.id} className="flex flex-wrap items-start gap-3 px-3 py-2 text-sm" data-testid="match-row">
            <div className="min-w-0 flex-1 space-y-0.5">
              {m.statement_lines.map((l) => (
                <p key={`s${l.id}`} className="break-words">
                  <span className="mr-1 rounded bg-slate-100 px-1 text-xs text-slate-600">Bank</span>
                  {lineText(l.date, l.narration, l.amount)}
                </p>
              ))}
              {m.posting_lines.map((l) => (
                <p key={`p${l.id}`} className="break-words">
                  <span className="mr-1 rounded bg-blue-50 px-1 text-xs text-blue-700">Books</span>
                  {lineText(l.date, `${l.entry} ${l.detail}`, l.amount)}
                </p>
              ))}
            </div>
            <span className="whitespace-nowrap font-semibold tabular-nums">
              {formatAmount(sumAmounts(m.statement_lines.map((l) => l.amount)))}
            </span>
            <span
              className={`rounded-full px-2 py-0.5 text-xs ${
                m.status === 'confirmed' ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-800'
              }`}
            >
              {m.status === 'confirmed' ? 'Confirmed' : 'Suggested'}
            </span>
            <div className="flex gap-2">
              {m.status === 'suggested' && (
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={confirm.isPending}
                  onClick={() =>
                    confirm.mutate(m.id, {
                      onSuccess: () => toast.success('Match confirmed'),
                      onError: (err) => toast.error(err instanceof ApiError ? err.message : 'Not confirmed'),
                    })
                  }
                >
                  <Check className="h-4 w-4" aria-hidden />
                  Confirm
                </button>
              )}
              <button type="button" className="btn-secondary" onClick={() => setUndoing(m)}>
                <Unlink className="h-4 w-4" aria-hidden />
                Unmatch
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={undoing !== null}
        title="Unmatch"
        message="The lines go back to the unmatched lists. Nothing in the books changes."
        subject={undoing ? lineText(undoing.statement_lines[0]?.date ?? '', undoing.statement_lines[0]?.narration ?? '', sumAmounts(undoing.statement_lines.map((l) => l.amount))) : undefined}
        confirmLabel="Unmatch"
        busyLabel="Unmatching..."
        busy={unmatch.isPending}
        error={unmatch.error ? (unmatch.error instanceof ApiError ? unmatch.error.message : 'Not unmatched') : null}
        onCancel={() => {
          setUndoing(null)
          unmatch.reset()
        }}
        onConfirm={() =>
          undoing &&
          unmatch.mutate(undoing.id, {
            onSuccess: () => {
              setUndoing(null)
              toast.success('Lines unmatched')
            },
          })
        }
      />
    </div>
  )
}
