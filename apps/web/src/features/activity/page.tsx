import { type AuditEntry, RECORD_TABLES } from '@booking/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { DateInput } from '../../components/date-input.tsx'
import { HistoryEntry } from '../../components/history-entry.tsx'
import { Pager } from '../../components/pager.tsx'
import { api, SESSION_ENDED } from '../../lib/api.ts'
import { useHistory } from '../../lib/history.ts'

const PAGE = 25
const TABLES = Object.values(RECORD_TABLES)

/** Activity (admins): every create, edit, delete and restore, filtered by record type, person and dates. */
export default function ActivityPage() {
  const [table, setTable] = useState('')
  const [user, setUser] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [page, setPage] = useState(0)
  const [restoring, setRestoring] = useState<AuditEntry | null>(null)
  const [restoreError, setRestoreError] = useState<string | null>(null)
  const qc = useQueryClient()
  const history = useHistory({
    table: table || undefined,
    user: user.trim() || undefined,
    from: from || undefined,
    to: to || undefined,
    limit: PAGE,
    offset: page * PAGE,
  })
  const restore = useMutation({
    mutationFn: (entry: AuditEntry) => api.post(`/admin/audit/${entry.id}/restore`, {}),
    onSuccess: () => {
      // The record is back in its list, the ledgers and the dashboard.
      qc.invalidateQueries()
      toast.success('Record restored')
      setRestoring(null)
    },
    onError: (err) => setRestoreError((err as Error).message),
  })
  const filter = (set: (v: string) => void) => (v: string) => {
    set(v)
    setPage(0)
  }

  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">Activity</h1>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor="activity-table" className="label">
            Record type
          </label>
          <select
            id="activity-table"
            className="input"
            value={table}
            onChange={(e) => filter(setTable)(e.target.value)}
          >
            <option value="">All</option>
            {TABLES.map((t) => (
              <option key={t.table} value={t.table}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor="activity-user" className="label">
            User
          </label>
          <input
            id="activity-user"
            className="input"
            value={user}
            onChange={(e) => filter(setUser)(e.target.value)}
            placeholder="Username"
          />
        </div>
        <div>
          <label htmlFor="activity-from" className="label">
            From
          </label>
          <DateInput id="activity-from" value={from} onChange={filter(setFrom)} />
        </div>
        <div>
          <label htmlFor="activity-to" className="label">
            To
          </label>
          <DateInput id="activity-to" value={to} onChange={filter(setTo)} />
        </div>
      </div>
      {history.isPending ? (
        <p className="py-10 text-center text-slate-500">Loading data...</p>
      ) : history.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
          {history.error.message === SESSION_ENDED
            ? SESSION_ENDED
            : 'Failed to load data. Please try again later.'}
        </p>
      ) : history.data.audit.length === 0 ? (
        <p className="py-10 text-center text-slate-500">No activity found</p>
      ) : (
        <>
          <ul className="space-y-2">
            {history.data.audit.map((entry) => (
              <HistoryEntry
                key={entry.id}
                entry={entry}
                showRecord
                actions={
                  entry.action === 'delete' ? (
                    <button
                      type="button"
                      className="btn-secondary px-3 py-1"
                      onClick={() => {
                        setRestoreError(null)
                        setRestoring(entry)
                      }}
                    >
                      <RotateCcw className="h-4 w-4" aria-hidden />
                      Restore
                    </button>
                  ) : null
                }
              />
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={PAGE}
            rows={history.data.audit.length}
            total={history.data.total}
            fetching={history.isFetching}
            onPage={setPage}
          />
        </>
      )}
      <ConfirmDialog
        open={restoring !== null}
        busy={restore.isPending}
        error={restoreError}
        title="Restore record"
        message="The record comes back with its entry number, and its ledger lines are posted again."
        confirmLabel="Restore"
        busyLabel="Restoring..."
        onCancel={() => setRestoring(null)}
        onConfirm={() => restoring && restore.mutate(restoring)}
      />
    </section>
  )
}
