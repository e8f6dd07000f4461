import type { AccountUser } from '@booking/shared'
import { can, roleLabel } from '@booking/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from 'sonner'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { api, SESSION_ENDED } from '../../lib/api.ts'

const useUsers = () =>
  useQuery({ queryKey: ['users'], queryFn: () => api.get<{ users: AccountUser[] }>('/admin/users') })

/** Users (admins): make or unmake admins, deactivate and reactivate, reset a password (shown once). */
export default function UsersPage() {
  const users = useUsers()
  const qc = useQueryClient()
  const [reset, setReset] = useState<{ user: AccountUser; password: string } | null>(null)
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: { role?: string; active?: boolean } }) =>
      api.put(`/admin/users/${id}`, body),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: ['users'] })
      qc.invalidateQueries({ queryKey: ['admin-users'] })
      toast.success('User updated')
    },
    onError: (err) => toast.error((err as Error).message),
  })
  const resetPassword = useMutation({
    mutationFn: (u: AccountUser) => api.post<{ password: string }>(`/admin/users/${u.id}/password`, {}),
    onSuccess: (answer, u) => setReset({ user: u, password: answer.password }),
    onError: (err) => toast.error((err as Error).message),
  })

  const columns: Column<AccountUser>[] = [
    { key: 'username', header: 'Username' },
    { key: 'email', header: 'Email' },
    { key: 'role', header: 'Role', cell: (u) => roleLabel(u.role) },
    {
      key: 'active',
      header: 'Status',
      cell: (u) =>
        !u.isApproved ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
            Pending
          </span>
        ) : u.active ? (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
            Active
          </span>
        ) : (
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
            Deactivated
          </span>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      sortable: false,
      cell: (u) => (
        <div className="flex flex-wrap gap-1">
          <button
            type="button"
            className="btn-secondary px-2 py-1 text-xs"
            disabled={update.isPending}
            onClick={() =>
              update.mutate({ id: u.id, body: { role: can(u, 'use', 'admin-area') ? 'employee' : 'admin' } })
            }
          >
            {can(u, 'use', 'admin-area') ? 'Make employee' : 'Make admin'}
          </button>
          <button
            type="button"
            className={`${u.active ? 'btn-danger' : 'btn-primary'} px-2 py-1 text-xs`}
            disabled={update.isPending}
            onClick={() => update.mutate({ id: u.id, body: { active: !u.active } })}
          >
            {u.active ? 'Deactivate' : 'Reactivate'}
          </button>
          <button
            type="button"
            className="btn-secondary px-2 py-1 text-xs"
            disabled={resetPassword.isPending}
            onClick={() => resetPassword.mutate(u)}
          >
            Reset password
          </button>
        </div>
      ),
    },
  ]

  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">Users</h1>
      <p className="text-sm text-slate-600">
        New staff register themselves and are approved under Employees. There is always at least one active
        admin.
      </p>
      {users.isPending ? (
        <p className="py-10 text-center text-slate-500">Loading data...</p>
      ) : users.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
          {users.error.message === SESSION_ENDED ? SESSION_ENDED : 'Failed to fetch users'}
        </p>
      ) : (
        <DataTable
          columns={columns}
          rows={users.data.users}
          rowKey={(u) => u.id}
          emptyText="No users found"
        />
      )}
      <Dialog
        open={reset !== null}
        onOpenChange={(open) => !open && setReset(null)}
        title="New password"
        description={`Give this password to ${reset?.user.username ?? ''}. It is shown only once; they can change it under My Account.`}
      >
        <p
          className="select-all rounded-md bg-slate-100 p-3 text-center font-mono text-lg"
          data-testid="one-time-password"
        >
          {reset?.password}
        </p>
        <div className="mt-4 flex justify-end">
          <button type="button" className="btn-primary" onClick={() => setReset(null)}>
            Done
          </button>
        </div>
      </Dialog>
    </section>
  )
}
