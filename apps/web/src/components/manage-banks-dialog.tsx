import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { ApiError, api } from '../lib/api.ts'
import type { Bank } from '../lib/records.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { Dialog } from './dialog.tsx'

/** A bank as the admin list gives it: with its ledger row count, since only an unused bank may be deleted. */
interface ManagedBank extends Bank {
  entries: number
}

const REQUIRED = 'Bank name is required'

const message = (err: unknown) => (err instanceof ApiError ? err.message : 'Something went wrong')

type Change =
  | { kind: 'add'; name: string }
  | { kind: 'rename'; bank: ManagedBank; name: string }
  | { kind: 'active'; bank: ManagedBank; active: boolean }
  | { kind: 'delete'; bank: ManagedBank }

const send = (c: Change) => {
  if (c.kind === 'add') return api.post('/admin/banks', { name: c.name })
  if (c.kind === 'rename') return api.put(`/admin/banks/${c.bank.id}`, { name: c.name })
  if (c.kind === 'active') return api.put(`/admin/banks/${c.bank.id}`, { active: c.active })
  return api.delete(`/admin/banks/${c.bank.id}`)
}

const DONE: Record<Change['kind'], string> = {
  add: 'Bank added',
  rename: 'Bank renamed',
  active: 'Bank updated',
  delete: 'Bank deleted',
}

interface ManageBanksDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Lets the screen follow a rename of the bank it shows. */
  onRenamed?: (from: string, to: string) => void
}

/** Office bank accounts, admin-managed: add, rename, deactivate/activate, delete while unused. */
export const ManageBanksDialog = ({ open, onOpenChange, onRenamed }: ManageBanksDialogProps) => {
  const qc = useQueryClient()
  const banks = useQuery({
    queryKey: ['/banks', 'admin'],
    queryFn: async () => (await api.get<{ banks: ManagedBank[] }>('/admin/banks')).banks,
    enabled: open,
  })
  const [newName, setNewName] = useState('')
  const [addError, setAddError] = useState<string | null>(null)
  const [editing, setEditing] = useState<{ id: number; name: string; error?: string } | null>(null)
  const [rowError, setRowError] = useState<{ id: number; text: string } | null>(null)
  const [deleting, setDeleting] = useState<ManagedBank | null>(null)
  const [deleteError, setDeleteError] = useState<string | null>(null)

  const change = useMutation({
    mutationFn: send,
    onSuccess: (_answer, c) => {
      if (c.kind === 'rename') {
        // Bookings and ledger rows carry the bank's name, so every list may have changed.
        qc.invalidateQueries()
        onRenamed?.(c.bank.name, c.name)
      } else qc.invalidateQueries({ queryKey: ['/banks'] })
      toast.success(DONE[c.kind])
    },
  })
  const busy = change.isPending

  const add = (e: FormEvent) => {
    e.preventDefault()
    const name = newName.trim()
    if (!name) return setAddError(REQUIRED)
    change.mutate(
      { kind: 'add', name },
      {
        onSuccess: () => {
          setNewName('')
          setAddError(null)
        },
        onError: (err) => setAddError(message(err)),
      },
    )
  }

  const rename = (e: FormEvent, bank: ManagedBank) => {
    e.preventDefault()
    if (!editing) return
    const name = editing.name.trim()
    if (!name) return setEditing({ ...editing, error: REQUIRED })
    if (name === bank.name) return setEditing(null)
    change.mutate(
      { kind: 'rename', bank, name },
      {
        onSuccess: () => setEditing(null),
        onError: (err) => setEditing({ ...editing, error: message(err) }),
      },
    )
  }

  const toggle = (bank: ManagedBank) => {
    setRowError(null)
    change.mutate(
      { kind: 'active', bank, active: !bank.active },
      { onError: (err) => setRowError({ id: bank.id, text: message(err) }) },
    )
  }

  const remove = () => {
    if (!deleting) return
    change.mutate(
      { kind: 'delete', bank: deleting },
      {
        onSuccess: () => setDeleting(null),
        // A 409 says the bank gained ledger rows meanwhile: show why and refresh its count.
        onError: (err) => {
          setDeleteError(message(err))
          qc.invalidateQueries({ queryKey: ['/banks'] })
        },
      },
    )
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Manage Banks" size="max-w-xl">
      <form onSubmit={add} noValidate className="mb-4">
        <label htmlFor="new-bank-name" className="label">
          Bank name
        </label>
        <div className="flex gap-2">
          <input
            id="new-bank-name"
            className={`input ${addError ? 'input-error' : ''}`}
            placeholder="e.g. UBL Ali"
            value={newName}
            maxLength={100}
            aria-invalid={Boolean(addError)}
            aria-describedby={addError ? 'new-bank-error' : undefined}
            onChange={(e) => {
              setNewName(e.target.value)
              setAddError(null)
            }}
          />
          <button type="submit" className="btn-primary shrink-0" disabled={busy}>
            <Plus className="h-4 w-4" aria-hidden />
            Add Bank
          </button>
        </div>
        {addError && (
          <p id="new-bank-error" role="alert" className="mt-1 text-sm text-red-600">
            {addError}
          </p>
        )}
      </form>

      {banks.isPending ? (
        <p className="py-6 text-center text-sm text-slate-500">Loading data...</p>
      ) : banks.isError ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          Failed to load data. Please try again later.
        </p>
      ) : banks.data.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">No banks yet.</p>
      ) : (
        <ul
          aria-label="Banks"
          className="max-h-[55vh] divide-y divide-slate-200 overflow-y-auto rounded-md border border-slate-200"
        >
          {banks.data.map((bank) => (
            <li key={bank.id} className="px-3 py-2" data-testid="bank-row">
              {editing?.id === bank.id ? (
                <form onSubmit={(e) => rename(e, bank)} noValidate>
                  <div className="flex flex-wrap gap-2">
                    <input
                      className={`input min-w-0 flex-1 basis-40 ${editing.error ? 'input-error' : ''}`}
                      aria-label={`New name for ${bank.name}`}
                      value={editing.name}
                      maxLength={100}
                      autoFocus
                      aria-invalid={Boolean(editing.error)}
                      onChange={(e) => setEditing({ id: bank.id, name: e.target.value })}
                    />
                    <div className="flex gap-2">
                      <button type="submit" className="btn-primary" disabled={busy}>
                        Save
                      </button>
                      <button type="button" className="btn-secondary" onClick={() => setEditing(null)}>
                        Cancel
                      </button>
                    </div>
                  </div>
                  {editing.error && (
                    <p role="alert" className="mt-1 text-sm text-red-600">
                      {editing.error}
                    </p>
                  )}
                </form>
              ) : (
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <div className="flex min-w-0 flex-1 basis-48 items-center gap-2">
                    <span className="truncate font-medium text-slate-900">{bank.name}</span>
                    {bank.active ? (
                      <span className="shrink-0 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                        Active
                      </span>
                    ) : (
                      <span className="shrink-0 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
                        Inactive
                      </span>
                    )}
                    <span className="shrink-0 whitespace-nowrap text-xs text-slate-500">
                      {bank.entries === 1 ? '1 entry' : `${bank.entries.toLocaleString('en-US')} entries`}
                    </span>
                  </div>
                  <div className="ml-auto flex items-center gap-1">
                    <button
                      type="button"
                      className="icon-btn"
                      aria-label={`Rename ${bank.name}`}
                      title="Rename"
                      onClick={() => {
                        setRowError(null)
                        setEditing({ id: bank.id, name: bank.name })
                      }}
                    >
                      <Pencil className="h-4 w-4" aria-hidden />
                    </button>
                    <button
                      type="button"
                      className="btn-secondary px-3 py-1"
                      disabled={busy}
                      onClick={() => toggle(bank)}
                    >
                      {bank.active ? 'Deactivate' : 'Activate'}
                    </button>
                    {bank.entries === 0 && (
                      <button
                        type="button"
                        className="icon-btn text-red-600 hover:bg-red-50 hover:text-red-700"
                        aria-label={`Delete ${bank.name}`}
                        title="Delete"
                        onClick={() => {
                          setDeleteError(null)
                          setDeleting(bank)
                        }}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden />
                      </button>
                    )}
                  </div>
                </div>
              )}
              {rowError?.id === bank.id && (
                <p role="alert" className="mt-1 text-sm text-red-600">
                  {rowError.text}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-xs text-slate-500">
        A bank with ledger entries cannot be deleted; deactivate it to stop offering it for new entries.
      </p>

      <ConfirmDialog
        open={deleting !== null}
        busy={busy}
        title="Delete Bank"
        message={`Delete the bank "${deleting?.name ?? ''}"? This cannot be undone.`}
        error={deleteError}
        onCancel={() => setDeleting(null)}
        onConfirm={remove}
      />
    </Dialog>
  )
}
