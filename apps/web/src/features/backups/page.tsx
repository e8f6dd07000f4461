import type { BackupFile } from '@booking/shared'
import { formatAmount } from '@booking/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { DatabaseBackup, Download } from 'lucide-react'
import { toast } from 'sonner'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { formatDateTime } from '../../components/field-value.ts'
import { api, SESSION_ENDED } from '../../lib/api.ts'
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
  const columns: Column<BackupFile>[] = [
    { key: 'name', header: 'File' },
    { key: 'created_at', header: 'Made', cell: (b) => formatDateTime(b.created_at) },
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
        A backup is made every day; the newest of each of the last 14 days and 8 weeks is kept. To restore
        one, stop the server and run{' '}
        <code className="rounded bg-slate-100 px-1">npm run restore -- FILE</code>.
      </p>
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
