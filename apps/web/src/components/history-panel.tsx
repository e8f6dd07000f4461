import { SESSION_ENDED } from '../lib/api.ts'
import { useHistory } from '../lib/history.ts'
import { HistoryEntry } from './history-entry.tsx'

/** Below a record's edit form: every change to this record, newest first. */
export const HistoryPanel = ({ table, recordId }: { table: string; recordId: number }) => {
  const history = useHistory({ table, record_id: recordId, limit: 100 })
  return (
    <section aria-labelledby="history-title" className="mt-6 space-y-3">
      <h2 id="history-title" className="text-lg font-semibold text-slate-900">
        History
      </h2>
      {history.isPending ? (
        <p className="text-sm text-slate-500">Loading history...</p>
      ) : history.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {history.error.message === SESSION_ENDED ? SESSION_ENDED : 'Failed to load the history.'}
        </p>
      ) : history.data.audit.length === 0 ? (
        <p className="text-sm text-slate-500">No history yet.</p>
      ) : (
        <ul className="space-y-2">
          {history.data.audit.map((e) => (
            <HistoryEntry key={e.id} entry={e} />
          ))}
        </ul>
      )}
    </section>
  )
}
