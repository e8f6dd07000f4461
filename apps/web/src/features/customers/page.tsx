import { customerLabel } from '@booking/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Download, Eye, GitMerge, Pencil, Search, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { type Column, DataTable, type SortState } from '../../components/data-table.tsx'
import { Pager } from '../../components/pager.tsx'
import { passportCell } from '../../components/passport-link.tsx'
import { ApiError, api } from '../../lib/api.ts'
import { useIsAdmin } from '../../lib/auth.tsx'
import { navPath } from '../../lib/nav.ts'
import { type CustomerRow, useCustomerPage } from './api.ts'
import { EditCustomerDialog, MergeCustomerDialog } from './customer-dialogs.tsx'

const PAGE_SIZE = 50
const SORTABLE = new Set(['name', 'mobile_number', 'created_at'])

const csvCell = (v: unknown) => {
  const s = String(v ?? '')
  // A leading = + - @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Every customer matching the search, as a CSV download (pages of 1,000 from the server). */
const exportCsv = async (q: string | undefined, sort: string) => {
  const rows: CustomerRow[] = []
  for (let offset = 0; ; offset += 1000) {
    const page = await api.get<{ customers: CustomerRow[]; total: number }>('/customers', {
      q,
      sort,
      limit: 1000,
      offset,
    })
    rows.push(...page.customers)
    if (page.customers.length < 1000) break
  }
  const lines = [
    ['ID', 'Name', 'Mobile Number', 'Passport Number', 'Address'].join(','),
    ...rows.map((c) => [c.id, c.name, c.mobile_number, c.passport_number, c.address].map(csvCell).join(',')),
  ]
  const url = URL.createObjectURL(new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }))
  const a = document.createElement('a')
  a.href = url
  a.download = 'customers.csv'
  a.click()
  URL.revokeObjectURL(url)
  return rows.length
}

/**
 * The customer register: search, sort and pages from the server (new customers come from the
 * header's Add Customer, open to everyone); Edit, Merge
 * and Delete for admins (decision 027).
 */
export default function CustomersPage() {
  const admin = useIsAdmin()
  const qc = useQueryClient()
  const [search, setSearch] = useState('')
  const [q, setQ] = useState('')
  const [sort, setSort] = useState<SortState>({ key: 'name', desc: false })
  const [page, setPage] = useState(0)
  const [editing, setEditing] = useState<CustomerRow | null>(null)
  const [merging, setMerging] = useState<CustomerRow | null>(null)
  const [deleting, setDeleting] = useState<CustomerRow | null>(null)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const t = setTimeout(() => {
      setQ(search.trim())
      setPage(0)
    }, 300)
    return () => clearTimeout(t)
  }, [search])

  const sortParam = `${sort.desc ? '-' : ''}${sort.key}`
  const list = useCustomerPage({
    q: q || undefined,
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
    sort: sortParam,
  })
  const rows = list.data?.customers ?? []

  const columns: Column<CustomerRow>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (c) => (
        <Link to={navPath(`customers/${c.id}`, admin)} className="font-medium text-blue-700 hover:underline">
          {c.name}
        </Link>
      ),
    },
    { key: 'mobile_number', header: 'Mobile Number' },
    {
      key: 'passport_number',
      header: 'Passport Number',
      sortable: false,
      cell: (c) => passportCell(c.passport_number),
    },
    { key: 'address', header: 'Address', sortable: false },
    {
      key: '__actions',
      header: 'Actions',
      sortable: false,
      pin: 'end',
      width: admin ? 150 : 60,
      cell: (c) => (
        <div className="flex gap-1">
          <Link
            to={navPath(`customers/${c.id}`, admin)}
            className="icon-btn"
            aria-label={`Open ${c.name}`}
            title="Open"
          >
            <Eye className="h-4 w-4" />
          </Link>
          {admin && (
            <>
              <button
                type="button"
                className="icon-btn"
                aria-label="Edit"
                title="Edit"
                onClick={() => setEditing(c)}
              >
                <Pencil className="h-4 w-4" />
              </button>
              <button
                type="button"
                className="icon-btn"
                aria-label="Merge"
                title="Merge into another customer"
                onClick={() => setMerging(c)}
              >
                <GitMerge className="h-4 w-4" />
              </button>
              <button
                type="button"
                className="icon-btn hover:text-red-600"
                aria-label="Delete"
                title="Delete"
                onClick={() => {
                  setDeleteError(null)
                  setDeleting(c)
                }}
              >
                <Trash2 className="h-4 w-4" />
              </button>
            </>
          )}
        </div>
      ),
    },
  ]

  const remove = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`/customers/${deleting.id}`)
      await qc.invalidateQueries({ queryKey: ['/customers'] })
      toast.success('Customer deleted')
      setDeleting(null)
    } catch (err) {
      setDeleteError(
        err instanceof ApiError && err.status < 500
          ? err.message
          : 'Failed to delete customer. Please try again later.',
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">Customers</h1>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="relative w-full sm:w-72">
          <Search
            className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            className="input pl-9"
            placeholder="Search name, mobile, passport..."
            aria-label="Search customers"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <button
          type="button"
          className="btn-secondary"
          onClick={async () => {
            try {
              const n = await exportCsv(q || undefined, sortParam)
              toast.success(`${n.toLocaleString('en-US')} customers exported`)
            } catch {
              toast.error('Export failed. Please try again later.')
            }
          }}
        >
          <Download className="h-4 w-4" aria-hidden />
          Export CSV
        </button>
      </div>
      {list.isPending ? (
        <p className="py-10 text-center text-slate-500">Loading data...</p>
      ) : list.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
          Failed to load data. Please try again later.
        </div>
      ) : (
        <>
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(c) => c.id}
            sort={sort}
            onSortChange={(s) => {
              setSort(s && SORTABLE.has(s.key) ? s : { key: 'name', desc: false })
              setPage(0)
            }}
            label="Customers table"
            emptyText={q ? 'No customer matches the search' : 'No customers yet'}
          />
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            rows={rows.length}
            total={list.data?.total ?? 0}
            fetching={list.isFetching}
            onPage={setPage}
          />
        </>
      )}
      {admin && (
        <>
          <EditCustomerDialog customer={editing} onClose={() => setEditing(null)} />
          <MergeCustomerDialog customer={merging} onClose={() => setMerging(null)} />
          <ConfirmDialog
            open={deleting !== null}
            busy={busy}
            error={deleteError}
            message="Delete this customer? A customer named on records cannot be deleted: merge them instead."
            subject={deleting ? customerLabel(deleting) : undefined}
            onCancel={() => setDeleting(null)}
            onConfirm={remove}
          />
        </>
      )}
    </section>
  )
}
