import type { BackupFile } from '@booking/shared'
import { formatAmount } from '@booking/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { DatabaseBackup, Download, RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { formatDateTime } from '../../components/field-value.ts'
import { useAgency } from '../../lib/agency.ts'
import { ApiError, api, SESSION_ENDED } from '../../lib/api.ts'
import { readToken } from '../../lib/session.ts'

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${formatAmount(Math.round(bytes / 1024 / 102.4) / 10)} MB`
    : `${formatAmount(Math.ceil(bytes / 1024))} KB`

/** The download needs the bearer token, so it is fetched and handed to the browser as a file. */
const download = async (name: string) => {
  const res = await fetch(`/api/admin/backups/${encodeURIComponent(name)}`, {
    headers: { Authorization: `Bearer ${readToken() ?? ''}` },
  })
  if (!res.ok) throw new Error(res.status === 401 ? SESSION_ENDED : 'Download failed')
  const url = URL.createObjectURL(await res.blob())
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.click()
  URL.revokeObjectURL(url)
}

/** Backups (admins): the daily copies and any made by hand; make one now; download one. */
export default function BackupsPage() {
  const qc = useQueryClient()
  // Times in the agency's zone, as every other screen shows its day (issue 37).
  const timeZone = useAgency().data?.time_zone
  const backups = useQuery({
    queryKey: ['backups'],
    queryFn: () => api.get<{ backups: BackupFile[] }>('/admin/backups'),
  })
  const make = useMutation({
    mutationFn: () => api.post<{ backup: BackupFile }>('/admin/backups', {}),
    onSuccess: (answer) => {
      qc.invalidateQueries({ queryKey: ['backups'] })
      toast.success(`Backup ${answer.backup.name} created`)
    },
    onError: (err) => toast.error((err as Error).message),
  })
  // Restore (decision 049): asked first; the server keeps the current database aside.
  const [restoring, setRestoring] = useState<BackupFile | null>(null)
  // A backup whose books are closed through another day than now asks why (issue 33, decision 087).
  const [reason, setReason] = useState('')
  const restore = useMutation({
    mutationFn: (name: string) =>
      api.post<{ message: string }>(
        `/admin/backups/${encodeURIComponent(name)}/restore`,
        reason.trim() ? { reason: reason.trim() } : {},
      ),
    onSuccess: (answer) => {
      setRestoring(null)
      setReason('')
      toast.success(answer.message)
      // Every screen's data now comes from the restored database.
      qc.invalidateQueries()
    },
  })
  const columns: Column<BackupFile>[] = [
    { key: 'name', header: 'File' },
    { key: 'created_at', header: 'Made', cell: (b) => formatDateTime(b.created_at, timeZone) },
    { key: 'size', header: 'Size', cell: (b) => sizeText(b.size) },
    {
      key: 'download',
      header: 'Download',
      sortable: false,
      cell: (b) => (
        <button
          type="button"
          className="icon-btn"
          aria-label={`Download ${b.name}`}
          onClick={() => download(b.name).catch((err) => toast.error((err as Error).message))}
        >
          <Download className="h-4 w-4" />
        </button>
      ),
    },
    {
      key: 'restore',
      header: 'Restore',
      sortable: false,
      cell: (b) => (
        <button
          type="button"
          className="btn-secondary px-2 py-1 text-sm"
          aria-label={`Restore ${b.name}`}
          onClick={() => {
            restore.reset()
            setReason('')
            setRestoring(b)
          }}
        >
          <RotateCcw className="h-4 w-4" aria-hidden />
          Restore
        </button>
      ),
    },
  ]
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">Backups</h1>
        <button type="button" className="btn-primary" disabled={make.isPending} onClick={() => make.mutate()}>
          <DatabaseBackup className="h-4 w-4" aria-hidden />
          {make.isPending ? 'Making backup...' : 'Make backup now'}
        </button>
      </div>
      <p className="text-sm text-slate-600">
        A backup is made every day; the newest of each of the last 14 days and 8 weeks is kept. Restore puts a
        backup in place of the database and keeps the current one aside beside it. On PostgreSQL, restore on
        the server with <code className="rounded bg-slate-100 px-1">pg_restore</code>.
      </p>
      <ConfirmDialog
        open={restoring !== null}
        title="Restore backup"
        message={
          restoring
            ? `Everything saved after ${formatDateTime(restoring.created_at, timeZone)} is replaced by this backup. The current database is kept aside on the server. Anyone signed in may need to sign in again.`
            : ''
        }
        subject={restoring?.name}
        confirmLabel="Restore"
        busyLabel="Restoring..."
        busy={restore.isPending}
        error={restore.error ? (restore.error as Error).message : null}
        onCancel={() => setRestoring(null)}
        onConfirm={() => restoring && restore.mutate(restoring.name)}
      >
        {restore.error instanceof ApiError && restore.error.errors.reason !== undefined && (
          <label className="mb-4 block">
            <span className="label">Reason for moving the lock date</span>
            <textarea
              className="input"
              rows={2}
              value={reason}
              // biome-ignore lint/a11y/noAutofocus: the one thing left to fill in before confirming
              autoFocus
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
        )}
      </ConfirmDialog>
      {backups.isPending ? (
        <p className="py-10 text-center text-slate-500">Loading data...</p>
      ) : backups.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
          {backups.error.message === SESSION_ENDED
            ? SESSION_ENDED
            : 'Failed to load data. Please try again later.'}
        </p>
      ) : (
        <DataTable
          columns={columns}
          rows={backups.data.backups}
          rowKey={(b) => b.name}
          emptyText="No backups yet"
        />
      )}
    </section>
  )
}
