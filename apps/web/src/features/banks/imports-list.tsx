import { formatAmount, formatDate } from '@booking/shared'
import { Undo2 } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { messageOf, useImports, useUndoImport } from './api.ts'
import { LoadFailed } from './load-failed.tsx'

type Import = NonNullable<ReturnType<typeof useImports>['data']>['imports'][number]

/** The bank's imported files, newest first, each with Undo (its lines and their matches go). */
export const ImportsList = ({ bankId }: { bankId: number }) => {
  const imports = useImports(bankId)
  const undo = useUndoImport(bankId)
  const [undoing, setUndoing] = useState<Import | null>(null)
  if (imports.isPending) return null
  if (imports.isError) return <LoadFailed error={imports.error} />
  const rows = imports.data.imports
  if (rows.length === 0) return null
  return (
    <section aria-labelledby="imports-heading" className="space-y-2">
      <h2 id="imports-heading" className="text-base font-semibold text-slate-900">
        Imported files
      </h2>
      <ul
        className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
        aria-label="Imports"
      >
        {rows.map((r) => (
          <li
            key={r.id}
            data-testid="import-row"
            className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
          >
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{r.file_name}</p>
              <p className="text-xs text-slate-500">
                {formatDate(r.created_at)} · {r.added.toLocaleString('en-US')} of{' '}
                {r.lines.toLocaleString('en-US')} lines new
                {r.opening_balance !== null && ` · opening ${formatAmount(r.opening_balance)}`}
                {r.closing_balance !== null && ` · closing ${formatAmount(r.closing_balance)}`}
              </p>
            </div>
            <button
              type="button"
              className="btn-secondary px-2 py-1 text-xs"
              aria-label={`Undo import of ${r.file_name}`}
              onClick={() => setUndoing(r)}
            >
              <Undo2 className="h-4 w-4" aria-hidden />
              Undo import
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={undoing !== null}
        title="Undo import"
        message="The file's statement lines and every match made with them are removed. Records posted to the books from its lines stay."
        subject={undoing?.file_name}
        confirmLabel="Undo import"
        busyLabel="Undoing..."
        busy={undo.isPending}
        error={undo.error ? messageOf(undo.error, 'The import was not undone') : null}
        onCancel={() => {
          undo.reset()
          setUndoing(null)
        }}
        onConfirm={() =>
          undoing &&
          undo.mutate(undoing.id, {
            onSuccess: (a) => {
              toast.success(a.message)
              setUndoing(null)
            },
          })
        }
      />
    </section>
  )
}
