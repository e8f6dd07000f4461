import { formatAmount, formatDate } from '@booking/shared'
import { type FormEvent, useEffect, useState } from 'react'
import { toast } from 'sonner'
import { Dialog } from '../../components/dialog.tsx'
import { ApiError } from '../../lib/api.ts'
import { useCustomers, useNames } from '../../lib/records.ts'
import { POST_KINDS, type PostKind, type StatementLine, usePostStatementLine } from './api.ts'

interface PostLineDialogProps {
  bankId: number
  line: StatementLine | null
  onClose: () => void
}

/**
 * Posts an unmatched statement line into the books as a normal record (a bank charge, profit, a
 * deposit from a customer or agent): date and amount are the statement's, the server makes the
 * record with its postings and matches it to the line.
 */
export const PostLineDialog = ({ bankId, line, onClose }: PostLineDialogProps) => {
  const post = usePostStatementLine(bankId)
  const moneyIn = (line?.amount ?? 0) > 0
  const kinds = POST_KINDS.filter((k) => k.direction === (moneyIn ? 'in' : 'out'))
  const [kind, setKind] = useState<PostKind>(kinds[0]?.value ?? 'bank_charge')
  const [party, setParty] = useState('')
  const [detail, setDetail] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const needs = POST_KINDS.find((k) => k.value === kind)?.party
  const agents = useNames('agent')
  const customers = useCustomers()

  useEffect(() => {
    if (!line) return
    setKind(POST_KINDS.find((k) => k.direction === (line.amount > 0 ? 'in' : 'out'))?.value ?? 'bank_charge')
    setParty('')
    setDetail(line.narration)
    setProblem(null)
    post.reset()
  }, [line])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!line) return
    if (needs && !party) return setProblem(`Choose the ${needs}`)
    setProblem(null)
    post.mutate(
      { line_id: line.id, kind, party: needs ? party : undefined, detail },
      {
        onSuccess: () => {
          toast.success('Posted to the books')
          onClose()
        },
      },
    )
  }

  const error = problem ?? (post.error ? (post.error instanceof ApiError ? post.error.message : 'Not posted') : null)
  const partyOptions =
    needs === 'agent'
      ? (agents.data ?? []).map((n) => ({ value: n, label: n }))
      : (customers.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))

  return (
    <Dialog
      open={line !== null}
      onOpenChange={(open) => !open && !post.isPending && onClose()}
      title="Post to the books"
      description={
        line ? (
          <>
            {formatDate(line.date)} · {line.narration} ·{' '}
            <strong className="tabular-nums">{formatAmount(line.amount)}</strong>
          </>
        ) : undefined
      }
    >
      <form onSubmit={submit} className="space-y-3" noValidate>
        <div>
          <label htmlFor="post-kind" className="label">
            Post as
          </label>
          <select
            id="post-kind"
            className="input"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as PostKind)
              setParty('')
            }}
          >
            {kinds.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
        {needs && (
          <div>
            <label htmlFor="post-party" className="label">
              {needs === 'agent' ? 'Agent' : 'Customer'}
            </label>
            <select id="post-party" className="input" value={party} onChange={(e) => setParty(e.target.value)}>
              <option value="">{needs === 'agent' ? 'Select Agent' : 'Select Customer'}</option>
              {partyOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor="post-detail" className="label">
            Detail
          </label>
          <input id="post-detail" className="input" value={detail} onChange={(e) => setDetail(e.target.value)} />
        </div>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={post.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={post.isPending}>
            {post.isPending ? 'Posting...' : 'Post'}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
