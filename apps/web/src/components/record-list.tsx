import { can, mayDo, RECEIPT_SPECS, RECORD_TABLES, type RecordSpec, specByPath } from '@booking/shared'
import { Eye, EyeOff, FilePen, FileX, Loader2, Pencil, Plus, ReceiptText, Search, Trash2 } from 'lucide-react'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { useInRouterContext, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { ApiError, SESSION_ENDED } from '../lib/api.ts'
import { useAuth } from '../lib/auth.tsx'
import { CorrectionContext } from '../lib/corrections.ts'
import { type ListParams, useDeleteRecord, useRecordList } from '../lib/records.ts'
import { ColumnPicker, useShownColumns } from './column-picker.tsx'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { CorrectionReason, RequestDeletionDialog } from './correction-controls.tsx'
import { type Column, DataTable, type SortState } from './data-table.tsx'
import { DateRangeFilter } from './date-range-filter.tsx'
import { ExportButtons } from './export-buttons.tsx'
import { HistoryPanel } from './history-panel.tsx'
import { Pager } from './pager.tsx'

export const PAGE_SIZE = 50
/** The server counts search matches up to this many (apps/server/src/lib/crud.ts SEARCH_COUNT_CAP). */
const SEARCH_COUNT_CAP = 1000

export interface RecordFormProps<T> {
  record: T | null
  onDone: () => void
  onCancel: () => void
}

interface RecordListProps<T extends { id: number }> {
  title: string
  /** The record type's spec: its API path and list key (and access and sort keys) come from it. */
  spec?: RecordSpec
  /** API path, e.g. '/protector' (when no spec is given). */
  path?: string
  /** The spec's list wrapper key, e.g. 'protectors'. */
  listKey?: string
  /** Lower-case noun for the success toast, e.g. 'protector'. */
  label: string
  /** The spec's delete texts, e.g. "Invalid protector ID. Cannot delete." and "Failed to delete protector." */
  deleteTexts: { invalidId: string; failed: string }
  columns: Column<T>[]
  /** Shown only with the Show/Hide Passport Details toggle (Ticket, Umrah, Visa). */
  passportColumns?: Column<T>[]
  renderForm: (props: RecordFormProps<T>) => ReactNode
  /** Extra filter controls and the params they set. */
  filters?: ReactNode
  params?: ListParams
  deleteMessage?: ReactNode
  defaultSort?: SortState
  /** The load-failure text; default "Failed to load data. Please try again later." (GAMCA has its own, spec part 1 §8). */
  errorText?: (error: unknown) => string
  /** The ledgers open the form this long after Edit, with a spinner on the row meanwhile (spec part 2 §9). */
  editDelayMs?: number
  /** Rows without edit/delete for admins, e.g. ledger lines another record posted. */
  canModify?: (row: T) => boolean
  /** Names the record in the delete dialog; default: its entry and the first name-like field. */
  describe?: (row: T) => string
  /** More buttons for every signed-in user at the start of the row's Actions, e.g. Receive Payment. */
  rowActions?: (row: T) => ReactNode
}

const NAME_FIELDS = [
  'customer_add',
  'customer_name',
  'name',
  'agent_name',
  'vendor_name',
  'vender_name',
  'detail',
]

/** "Ticket 3/7 · Ali Khan": enough to tell the row apart from its neighbours. */
const describeRecord = (label: string, row: Record<string, unknown>) => {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null)
  const who = NAME_FIELDS.map((f) => text(row[f])).find(Boolean)
  const entry = text(row.entry)
  const head = entry ?? `${label.charAt(0).toUpperCase()}${label.slice(1)} #${String(row.id)}`
  return who ? `${head} · ${who}` : head
}

const useDebounced = <V,>(value: V, ms: number) => {
  const [v, setV] = useState(value)
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms)
    return () => clearTimeout(t)
  }, [value, ms])
  return v
}

/** Lists whose records have a receipt (GET {path}/{id}/receipt.pdf): their specs' `receipt`. */
export const RECEIPT_PATHS = new Set<string>(RECEIPT_SPECS.map((s) => s.path))

/** Opens a record's receipt screen (a list rendered outside a router, as in unit tests, has none). */
const ReceiptButton = ({ to }: { to: string }) => {
  const navigate = useNavigate()
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label="Receipt"
      title="Receipt"
      onClick={() => navigate(to)}
    >
      <ReceiptText className="h-4 w-4" />
    </button>
  )
}

const validId = (id: unknown): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0

/**
 * The list screen every record area shares: search, Add New, a server-paged table (so it stays fast
 * at a million rows), admin-only edit/delete, and the form in place of the list while adding or editing.
 */
export const RecordList = <T extends { id: number }>({
  title,
  spec: given,
  path: givenPath,
  listKey: givenListKey,
  label,
  deleteTexts,
  columns,
  passportColumns,
  renderForm,
  filters,
  params,
  deleteMessage,
  defaultSort = { key: 'id', desc: true },
  errorText,
  editDelayMs = 0,
  canModify,
  describe,
  rowActions,
}: RecordListProps<T>) => {
  const { user } = useAuth()
  const role = user?.role
  const path = given?.path ?? givenPath ?? ''
  const listKey = given?.listKey ?? givenListKey ?? ''
  const spec = given ?? specByPath(path)
  // The record's access rule (the one the server's guard reads) decides the row buttons: edit and
  // delete where the user may change it, correction requests where they may not.
  const admin = spec
    ? mayDo(spec.access, 'update', role) && mayDo(spec.access, 'delete', role)
    : can(user, 'use', 'admin-area')
  // ?q= opens the list searched, so a passenger file or an alert can link to one record.
  const [search, setSearch] = useState(() => new URLSearchParams(window.location.search).get('q') ?? '')
  const q = useDebounced(search.trim(), 300)
  const [sort, setSort] = useState<SortState | null>(defaultSort)
  const [showPassport, setShowPassport] = useState(false)
  // ?new=1 opens the form for a new record (a Refunded record offered from a pasted ticket).
  const [editing, setEditing] = useState<T | 'new' | null>(() =>
    new URLSearchParams(window.location.search).get('new') === '1' ? 'new' : null,
  )
  const [deleting, setDeleting] = useState<T | null>(null)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const [opening, setOpening] = useState<T | null>(null)
  // Employees: a record opened to propose a change, its reason, and a record proposed for deletion.
  const [requesting, setRequesting] = useState<T | null>(null)
  const [reason, setReason] = useState('')
  const [deletionOf, setDeletionOf] = useState<number | null>(null)
  const table = RECORD_TABLES[path]?.table
  const [dates, setDates] = useState({ from: '', to: '' })
  const picker = useShownColumns(path, columns)
  const from = params?.from ?? (dates.from || undefined)
  const to = params?.to ?? (dates.to || undefined)

  useEffect(() => {
    if (!opening) return
    const timer = setTimeout(() => {
      setOpening(null)
      setEditing(opening)
    }, editDelayMs)
    return () => clearTimeout(timer)
  }, [opening, editDelayMs])

  // A new search, sort or filter starts at page 1 in the same render, so the old page is never
  // requested with the new filters; the state is reset too, so going back to the old filters does
  // not bring back the old page.
  const pageKey = [q, sort, params?.name, from, to]
  const [paging, setPaging] = useState({ key: pageKey, page: 0 })
  let page = paging.page
  if (!pageKey.every((v, i) => Object.is(v, paging.key[i]))) {
    page = 0
    setPaging({ key: pageKey, page })
  }
  const setPage = (p: number) => setPaging({ key: pageKey, page: p })

  const query = useRecordList<T>(path, listKey, {
    ...params,
    from,
    to,
    q: q || undefined,
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
    sort: sort ? `${sort.desc ? '-' : ''}${sort.key}` : undefined,
  })
  const remove = useDeleteRecord(path)
  const inRouter = useInRouterContext()
  const hasReceipt = RECEIPT_PATHS.has(path) && inRouter
  const receiptButton = (row: T) =>
    hasReceipt ? (
      <ReceiptButton to={`${admin ? '/admin' : ''}/receipt?path=${encodeURIComponent(path)}&id=${row.id}`} />
    ) : null
  // What the list shows, for its CSV and Excel files (every matching row, not just this page).
  const exportQuery = {
    ...params,
    from,
    to,
    q: q || undefined,
    sort: sort ? `${sort.desc ? '-' : ''}${sort.key}` : undefined,
  }

  // The row's buttons (an admin's edit and delete, an employee's requests), pinned at the end.
  const actionsColumn = (key: string, buttons: (row: T) => ReactNode): Column<T> => ({
    key,
    header: 'Actions',
    sortable: false,
    pin: 'end',
    // Room for the receipt button and Receive Payment beside the row's own buttons.
    width: 76 + (hasReceipt ? 32 : 0) + (rowActions ? 36 : 0),
    cell: (row: T) =>
      canModify && !canModify(row) ? null : (
        <div className="flex flex-wrap gap-1">
          {rowActions?.(row)}
          {buttons(row)}
        </div>
      ),
  })

  const allColumns = useMemo(() => {
    // The entry stays first and pinned; passport details come right after it so the toggle
    // visibly adds them; pinned-end amounts stay last, beside the actions.
    // A sort arrow only where the server sorts (the spec's sortable keys); anything else is a 400.
    const picked = columns
      .filter((c) => picker.shown.includes(c.key) || c === columns[0])
      .map((c) =>
        spec && !(spec.sortable as readonly string[]).includes(c.key) ? { ...c, sortable: false } : c,
      )
    const [first, ...rest] = picked
    const cols = [
      ...(first ? [{ ...first, pin: 'start' as const }] : []),
      ...(showPassport && passportColumns ? passportColumns : []),
      ...rest.filter((c) => c.pin !== 'end'),
      ...rest.filter((c) => c.pin === 'end'),
    ]
    if (!admin && !table)
      return hasReceipt || rowActions ? [...cols, actionsColumn('__receipt', receiptButton)] : cols
    if (!admin)
      return [
        ...cols,
        actionsColumn('__requests', (row) => (
          <>
            {receiptButton(row)}
            <button
              type="button"
              className="icon-btn"
              aria-label="Request correction"
              title="Request correction"
              onClick={() => {
                setReason('')
                setRequesting(row)
              }}
            >
              <FilePen className="h-4 w-4" />
            </button>
            <button
              type="button"
              className="icon-btn hover:text-red-600"
              aria-label="Request deletion"
              title="Request deletion"
              onClick={() => setDeletionOf(row.id)}
            >
              <FileX className="h-4 w-4" />
            </button>
          </>
        )),
      ]
    return [
      ...cols,
      actionsColumn('__actions', (row) => (
        <>
          {receiptButton(row)}
          <button
            type="button"
            className="icon-btn"
            aria-label="Edit"
            title="Edit"
            aria-busy={opening?.id === row.id || undefined}
            disabled={opening !== null}
            onClick={() => (editDelayMs > 0 ? setOpening(row) : setEditing(row))}
          >
            {opening?.id === row.id ? (
              <Loader2 className="h-4 w-4 animate-spin" />
            ) : (
              <Pencil className="h-4 w-4" />
            )}
          </button>
          <button
            type="button"
            className="icon-btn hover:text-red-600"
            aria-label="Delete"
            title="Delete"
            onClick={() => {
              setDeleteError(null)
              setDeleting(row)
            }}
          >
            <Trash2 className="h-4 w-4" />
          </button>
        </>
      )),
    ]
  }, [
    columns,
    passportColumns,
    showPassport,
    admin,
    spec,
    canModify,
    opening,
    editDelayMs,
    table,
    picker.shown,
    hasReceipt,
    rowActions,
  ])

  if (requesting && table) {
    const close = () => setRequesting(null)
    return (
      <>
        <CorrectionReason reason={reason} onChange={setReason} />
        <CorrectionContext.Provider value={{ table, original: requesting, reason }}>
          {renderForm({ record: requesting, onDone: close, onCancel: close })}
        </CorrectionContext.Provider>
      </>
    )
  }

  if (editing) {
    const close = () => setEditing(null)
    const form = renderForm({ record: editing === 'new' ? null : editing, onDone: close, onCancel: close })
    if (editing === 'new' || !table) return form
    return (
      <>
        {form}
        <HistoryPanel table={table} recordId={editing.id} />
      </>
    )
  }

  const confirmDelete = async () => {
    if (!deleting) return
    if (!validId(deleting.id)) {
      setDeleteError(deleteTexts.invalidId)
      return
    }
    try {
      await remove.mutateAsync(deleting.id)
      setDeleting(null)
      toast.success(`${label.charAt(0).toUpperCase()}${label.slice(1)} deleted`)
    } catch (err) {
      // A refusal that says why (409, e.g. "This record has payments; delete its payments first")
      // is shown as the server words it; anything else keeps the spec's text.
      setDeleteError(
        err instanceof ApiError && err.status === 409
          ? err.message
          : `${deleteTexts.failed} Please try again later.`,
      )
    }
  }

  const total = query.data?.total ?? 0
  const rows = query.data?.rows ?? []
  const capped = query.data?.totalCapped === true

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
          <Plus className="h-4 w-4" aria-hidden />
          Add New
        </button>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="relative w-full sm:w-64">
          <Search
            className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            className="input pl-9"
            placeholder="Search..."
            aria-label="Search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        {filters}
        {!params?.from && !params?.to && <DateRangeFilter value={dates} onChange={setDates} />}
        <ColumnPicker
          columns={columns}
          shown={picker.shown}
          onToggle={picker.toggle}
          onReset={picker.reset}
        />
        {passportColumns && (
          <button type="button" className="btn-secondary" onClick={() => setShowPassport((s) => !s)}>
            {showPassport ? (
              <EyeOff className="h-4 w-4" aria-hidden />
            ) : (
              <Eye className="h-4 w-4" aria-hidden />
            )}
            {showPassport ? 'Hide Passport Details' : 'Show Passport Details'}
          </button>
        )}
        <ExportButtons path={path} query={exportQuery} formats={['csv', 'xlsx']} name={listKey} />
      </div>
      {query.isPending ? (
        <p className="py-10 text-center text-slate-500">Loading data...</p>
      ) : query.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
          {query.error instanceof ApiError && query.error.status === 401
            ? SESSION_ENDED
            : errorText
              ? errorText(query.error)
              : 'Failed to load data. Please try again later.'}
        </div>
      ) : (
        <>
          <DataTable
            columns={allColumns}
            rows={rows}
            rowKey={(r) => r.id}
            sort={sort}
            onSortChange={(s) => setSort(s ?? defaultSort)}
            label={`${title} table`}
          />
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            rows={rows.length}
            // A capped search total only says "more than the cap": the pager shows "1,000+".
            total={capped ? SEARCH_COUNT_CAP : total}
            capped={capped}
            fetching={query.isFetching}
            onPage={setPage}
          />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        busy={remove.isPending}
        error={deleteError}
        message={deleteMessage}
        subject={
          deleting
            ? (describe ?? ((r: T) => describeRecord(label, r as Record<string, unknown>)))(deleting)
            : undefined
        }
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
      {table && (
        <RequestDeletionDialog table={table} recordId={deletionOf} onClose={() => setDeletionOf(null)} />
      )}
    </section>
  )
}
