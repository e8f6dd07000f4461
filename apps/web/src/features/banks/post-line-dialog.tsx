import {
  formatAmount,
  formatDate,
  type StatementLine,
  StatementPostBody,
  type StatementPostKind,
} from '@booking/shared'
import { type FormEvent, useEffect, useState } from 'react'
import { toast } from 'sonner'
import { Dialog } from '../../components/dialog.tsx'
import { useNames } from '../../lib/records.ts'
import { messageOf, POST_KINDS, usePostStatementLine } from './api.ts'

interface PostLineDialogProps {
  bankId: number
  line: StatementLine | null
  onClose: () => void
}

/**
 * Posts an unmatched statement line into the books as a normal record (a bank charge, profit, a
 * deposit from an agent, a payment to a vendor): date and amount are the statement's, the server
 * makes the record with its postings and matches it to the line (decision 064).
 */
export const PostLineDialog = ({ bankId, line, onClose }: PostLineDialogProps) => {
  const post = usePostStatementLine(bankId)
  const kinds = POST_KINDS.filter((k) => k.direction === (line?.direction ?? 'out'))
  const [kind, setKind] = useState<StatementPostKind>('charge')
  const [party, setParty] = useState('')
  const [detail, setDetail] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const needs = POST_KINDS.find((k) => k.value === kind)?.party
  const names = useNames(needs ?? 'agent')

  useEffect(() => {
    if (!line) return
    setKind(line.direction === 'in' ? 'profit' : 'charge')
    setParty('')
    setDetail('')
    setProblem(null)
    post.reset()
  }, [line])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!line) return
    // The server's own rule (name required for an agent or vendor), with its message.
    const body = { kind, name: needs ? party : undefined, detail: detail || undefined }
    const checked = StatementPostBody.safeParse(body)
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? 'Check the fields')
    setProblem(null)
    post.mutate(
      { line_id: line.id, ...body },
      {
        onSuccess: () => {
          toast.success('Posted to the books')
          onClose()
        },
      },
    )
  }

  const error = problem ?? (post.error ? messageOf(post.error, 'Not posted') : null)

  return (
    <Dialog
      open={line !== null}
      onOpenChange={(open) => !open && !post.isPending && onClose()}
      title="Post to the books"
      description={
        line ? (
          <>
            {formatDate(line.date)} · {line.narration} ·{' '}
            <strong className="tabular-nums">
              {formatAmount(line.amount)} {line.direction === 'in' ? 'in' : 'out'}
            </strong>
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
              setKind(e.target.value as StatementPostKind)
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
              {needs === 'agent' ? 'Agent' : 'Vendor'}
            </label>
            <select
              id="post-party"
              className="input"
              value={party}
              onChange={(e) => setParty(e.target.value)}
            >
              <option value="">{needs === 'agent' ? 'Select Agent Name' : 'Select Vendor Name'}</option>
              {(names.data ?? []).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor="post-detail" className="label">
            Detail
          </label>
          <input
            id="post-detail"
            className="input"
            value={detail}
            placeholder={line?.narration}
            onChange={(e) => setDetail(e.target.value)}
          />
          <p className="mt-1 text-xs text-slate-500">Left empty, the statement's narration is used.</p>
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
