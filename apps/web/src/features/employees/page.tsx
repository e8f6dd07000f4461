import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { Column } from '../../components/data-table.tsx'
import { DataTable } from '../../components/data-table.tsx'
import { api } from '../../lib/api.ts'
import { readToken } from '../../lib/session.ts'

interface User {
  id: number
  username: string
  email: string
  role: string
  isApproved: boolean
}

type Tab = 'pending' | 'approved'
type Message = { kind: 'success' | 'error'; text: string } | null

const MESSAGE_MS = 3000

const useUsers = (tab: Tab) =>
  useQuery({
    queryKey: ['admin-users', tab],
    queryFn: async () => {
      if (!readToken()) throw new Error('You are not authenticated')
      try {
        const data = await api.get<{ users: User[] }>(
          tab === 'pending' ? '/admin/pending-users' : '/admin/employees',
        )
        return data.users
      } catch (err) {
        throw new Error((err as Error).message || 'Failed to fetch users')
      }
    },
  })

export default function EmployeesPage() {
  const [tab, setTab] = useState<Tab>('pending')
  const [message, setMessage] = useState<Message>(null)
  const qc = useQueryClient()
  const users = useUsers(tab)

  useEffect(() => {
    if (!message) return
    const t = setTimeout(() => setMessage(null), MESSAGE_MS)
    return () => clearTimeout(t)
  }, [message])

  const decide = useMutation({
    mutationFn: (v: { userId: number; approved: boolean }) => api.post('/admin/approve-user', v),
    onSuccess: (_data, v) => {
      setMessage({
        kind: 'success',
        text: v.approved ? 'User approved successfully' : 'User rejected successfully',
      })
      qc.invalidateQueries({ queryKey: ['admin-users'] })
    },
    onError: (err, v) =>
      setMessage({
        kind: 'error',
        text: (err as Error).message || (v.approved ? 'Failed to approve user' : 'Failed to reject employee'),
      }),
  })

  const columns: Column<User>[] = [
    { key: 'username', header: 'Username' },
    { key: 'email', header: 'Email' },
    { key: 'role', header: 'Role' },
    {
      key: 'status',
      header: 'Status',
      sortable: false,
      cell: (u) =>
        u.isApproved ? (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
            Active
          </span>
        ) : (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
            Pending
          </span>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      sortable: false,
      cell: (u) =>
        tab === 'pending' ? (
          <button
            type="button"
            className="btn-primary px-3 py-1"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ userId: u.id, approved: true })}
          >
            Approve
          </button>
        ) : (
          <button
            type="button"
            className="btn-danger px-3 py-1"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ userId: u.id, approved: false })}
          >
            Reject
          </button>
        ),
    },
  ]

  const tabClass = (t: Tab) =>
    `-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
      tab === t ? 'border-blue-600 text-blue-700' : 'border-transparent text-slate-500 hover:text-slate-800'
    }`

  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">Employee Management</h1>
      <div role="tablist" className="flex border-b border-slate-200">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'pending'}
          className={tabClass('pending')}
          onClick={() => setTab('pending')}
        >
          Pending Approvals
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'approved'}
          className={tabClass('approved')}
          onClick={() => setTab('approved')}
        >
          Approved Employees
        </button>
      </div>
      {message && (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={`rounded-md p-3 text-sm ${message.kind === 'error' ? 'bg-red-50 text-red-700' : 'bg-green-50 text-green-800'}`}
        >
          {message.text}
        </p>
      )}
      {users.isPending ? (
        <p className="py-10 text-center text-slate-500">Loading data...</p>
      ) : users.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
          {users.error.message || 'Failed to fetch users'}
        </p>
      ) : (
        <DataTable
          columns={columns}
          rows={users.data}
          rowKey={(u) => u.id}
          emptyText={tab === 'pending' ? 'No pending user approvals' : 'No approved employees found'}
        />
      )}
    </section>
  )
}
