import { type AuditEntry, tableName } from '@booking/shared'
import type { ReactNode } from 'react'
import { FieldChanges } from './field-changes.tsx'
import { formatDateTime } from './field-value.ts'

const ACTION: Record<string, string> = {
  create: 'Created',
  update: 'Edited',
  delete: 'Deleted',
  restore: 'Restored',
  'books-close': 'Closed the books',
  'books-reopen': 'Reopened closed days',
}
/** Other events in the log (sign-ins, approvals) are named by their action. */
const actionText = (action: string) =>
  ACTION[action] ?? action.charAt(0).toUpperCase() + action.slice(1).replace(/-/g, ' ')

/** Bookkeeping columns every save touches; they say nothing a reader needs. */
const QUIET = ['id', 'created_at', 'updated_at']

/** One history entry: who, when, what, and each field before → after. */
export const HistoryEntry = ({
  entry,
  showRecord = false,
  actions,
}: {
  entry: AuditEntry
  showRecord?: boolean
  actions?: ReactNode
}) => {
  const who = entry.approved_by
    ? `${entry.username}, approved by ${entry.approved_by}`
    : entry.username || 'system'
  const record = entry.after ?? entry.before
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="text-sm">
          <span className="font-semibold text-slate-900">{actionText(entry.action)}</span>
          {showRecord && (
            <>
              {' '}
              <span className="text-slate-700">
                {tableName(entry.table)} {String(record?.entry ?? `#${entry.record_id}`)}
              </span>
            </>
          )}{' '}
          <span className="text-slate-500">
            by {who} on {formatDateTime(entry.at)}
          </span>
        </p>
        {actions}
      </div>
      {entry.action === 'update' && <FieldChanges changes={entry.changes} hide={QUIET} />}
      {entry.action !== 'update' && (
        <details className="text-sm">
          <summary className="cursor-pointer text-blue-700">Show the record</summary>
          <div className="mt-2">
            <FieldChanges changes={entry.changes} hide={QUIET} />
          </div>
        </details>
      )}
    </li>
  )
}
