import { formatAmount, formatDate } from '@booking/shared'
import { Check, CheckCheck, Unlink } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { type MatchShown, messageOf, signed, useConfirmMatches, useMatches, useUnmatch } from './api.ts'
import { LoadFailed } from './load-failed.tsx'

const lineText = (date: string, text: string, amount: number) =>
  `${formatDate(date)} · ${text} · ${formatAmount(amount)}`

const describe = (m: MatchShown) => {
  const first = m.statement[0]
  const more = m.statement.length > 1 ? ` and ${m.statement.length - 1} more` : ''
  return first ? `${lineText(first.date, first.narration, signed(first))}${more}` : `Match ${m.id}`
}

/** Matches made automatically (to confirm) or by a person, each with Unmatch. */
export const MatchesList = ({ bankId, asOf }: { bankId: number; asOf: string }) => {
  const matches = useMatches(bankId, asOf)
  const confirm = useConfirmMatches(bankId)
  const unmatch = useUnmatch(bankId)
  const [undoing, setUndoing] = useState<MatchShown | null>(null)

  if (matches.isPending) return <p className="py-4 text-center text-sm text-slate-500">Loading data...</p>
  if (matches.isError) return <LoadFailed error={matches.error} />
  const rows = matches.data
  const unconfirmed = rows.filter((m) => !m.confirmed)
  const confirmIds = (ids: number[]) =>
    confirm.mutate(ids, {
      onSuccess: (answer) =>
        toast.success(answer.confirmed === 1 ? 'Match confirmed' : `${answer.confirmed} matches confirmed`),
      onError: (err) => toast.error(messageOf(err, 'Not confirmed')),
    })

  if (rows.length === 0) return <p className="py-4 text-center text-sm text-slate-500">No matches yet</p>
  return (
    <div className="space-y-2">
      {unconfirmed.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600">
            {unconfirmed.length.toLocaleString('en-US')} found automatically: confirm the ones you agree with.
          </p>
          <button
            type="button"
            className="btn-secondary"
            disabled={confirm.isPending}
            onClick={() => confirmIds(unconfirmed.map((m) => m.id))}
          >
            <CheckCheck className="h-4 w-4" aria-hidden />
            Confirm all
          </button>
        </div>
      )}
      <ul
        className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
        aria-label="Matches"
      >
        {rows.map((m) => (
          <li
            key={m.id}
            className="flex flex-wrap items-start gap-3 px-3 py-2 text-sm"
            data-testid="match-row"
          >
            <div className="min-w-0 flex-1 basis-64 space-y-0.5">
              {m.statement.map((l) => (
                <p key={`s${l.id}`} className="break-words">
                  <span className="mr-1 rounded bg-slate-100 px-1 text-xs text-slate-600">Bank</span>
                  {lineText(l.date, l.narration, signed(l))}
                </p>
              ))}
              {m.book.map((l) => (
                <p key={`p${l.id}`} className="break-words">
                  <span className="mr-1 rounded bg-blue-50 px-1 text-xs text-blue-700">Books</span>
                  {lineText(l.date, [l.entry, l.detail].filter(Boolean).join(' '), signed(l))}
                </p>
              ))}
            </div>
            <span
              className={`rounded-full px-2 py-0.5 text-xs ${
                m.confirmed ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-800'
              }`}
            >
              {m.confirmed ? (m.kind === 'auto' ? 'Confirmed' : 'By hand') : 'Found automatically'}
            </span>
            <div className="flex gap-2">
              {!m.confirmed && (
                <button
                  type="button"
                  className="btn-secondary px-2 py-1 text-xs"
                  aria-label={`Confirm ${describe(m)}`}
                  disabled={confirm.isPending}
                  onClick={() => confirmIds([m.id])}
                >
                  <Check className="h-4 w-4" aria-hidden />
                  Confirm
                </button>
              )}
              <button
                type="button"
                className="btn-secondary px-2 py-1 text-xs"
                aria-label={`Unmatch ${describe(m)}`}
                onClick={() => setUndoing(m)}
              >
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
        subject={undoing ? describe(undoing) : undefined}
        confirmLabel="Unmatch"
        busyLabel="Unmatching..."
        busy={unmatch.isPending}
        error={unmatch.error ? messageOf(unmatch.error, 'Not unmatched') : null}
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
