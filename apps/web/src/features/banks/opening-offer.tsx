import { formatAmount, formatDate, toPaisa } from '@booking/shared'
import { useState } from 'react'
import { toast } from 'sonner'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { messageOf, type Reconciliation, usePostOpening } from './api.ts'

/**
 * The statement's opening balance offered as the bank's opening entry (issue 37, decision 096):
 * shown while the books hold a different balance for the bank before the statement's first day.
 */
export const OpeningOffer = ({ bankId, data }: { bankId: number; data: Reconciliation }) => {
  const post = usePostOpening(bankId)
  const [asking, setAsking] = useState(false)
  const o = data.opening
  if (!o || toPaisa(o.difference) === 0) return null
  const amount = formatAmount(Math.abs(o.difference))
  return (
    <section
      aria-label="Opening balance"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="min-w-0 sm:flex-1">
        The statement opens at <strong>Rs {formatAmount(o.statement)}</strong> on {formatDate(o.day)}; the
        books hold <strong>Rs {formatAmount(o.books)}</strong> for {data.bank.name} before that day.
      </p>
      <button type="button" className="btn-primary self-start sm:self-auto" onClick={() => setAsking(true)}>
        Post opening balance
      </button>
      <ConfirmDialog
        open={asking}
        title="Post opening balance"
        message={`An Office Accounts opening balance of Rs ${amount} (${
          o.difference < 0 ? 'debit' : 'credit'
        }) for ${data.bank.name}, dated ${formatDate(o.entry_date)}, the day before the statement starts.`}
        confirmLabel="Post opening balance"
        busyLabel="Posting..."
        busy={post.isPending}
        error={post.error ? messageOf(post.error, 'The opening balance was not posted') : null}
        onCancel={() => {
          post.reset()
          setAsking(false)
        }}
        onConfirm={() =>
          post.mutate(undefined, {
            onSuccess: (a) => {
              toast.success(`Opening balance posted as entry ${a.record.entry}`)
              setAsking(false)
            },
          })
        }
      />
    </section>
  )
}
