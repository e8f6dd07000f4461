import { formatAmount, formatDate } from '@booking/shared'
import { useVirtualizer } from '@tanstack/react-virtual'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { type ReactNode, useMemo, useRef, useState } from 'react'

export interface Column<T> {
  key: string
  header: string
  /** 'amount' adds thousands separators and right-aligns; 'date' shows dd/mm/yyyy. */
  format?: 'amount' | 'date' | 'text'
  cell?: (row: T) => ReactNode
  sortable?: boolean
  className?: string
}

export interface SortState {
  key: string
  desc: boolean
}

interface DataTableProps<T> {
  columns: Column<T>[]
  rows: T[]
  rowKey: (row: T) => string | number
  /** Controlled (server-side) sorting; without it the table sorts its rows itself. */
  sort?: SortState | null
  onSortChange?: (sort: SortState | null) => void
  /** Above this many rows only the visible ones are rendered. */
  virtualizeAbove?: number
  emptyText?: string
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === ''

/** Renders a cell by the column's format; empty cells show "-". */
export const renderCell = <T,>(col: Column<T>, row: T): ReactNode => {
  if (col.cell) {
    const out = col.cell(row)
    return isEmpty(out) ? '-' : out
  }
  const value = (row as Record<string, unknown>)[col.key]
  if (isEmpty(value)) return '-'
  if (col.format === 'amount') return formatAmount(value as number)
  if (col.format === 'date') return formatDate(value) || '-'
  return String(value)
}

const compare = (a: unknown, b: unknown) => {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true })
}

const ROW_HEIGHT = 41

/** The one table: sortable headers, "No data available", "-" for empty cells, virtualized when long. */
export const DataTable = <T,>({
  columns,
  rows,
  rowKey,
  sort: controlledSort,
  onSortChange,
  virtualizeAbove = 150,
  emptyText = 'No data available',
}: DataTableProps<T>) => {
  const [localSort, setLocalSort] = useState<SortState | null>(null)
  const sort = onSortChange ? (controlledSort ?? null) : localSort
  const setSort = onSortChange ?? setLocalSort

  const sorted = useMemo(() => {
    if (onSortChange || !sort) return rows
    const out = [...rows].sort((a, b) =>
      compare((a as Record<string, unknown>)[sort.key], (b as Record<string, unknown>)[sort.key]),
    )
    return sort.desc ? out.reverse() : out
  }, [rows, sort, onSortChange])

  const scrollRef = useRef<HTMLDivElement>(null)
  const virtual = sorted.length > virtualizeAbove
  const virtualizer = useVirtualizer({
    count: virtual ? sorted.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  })

  const toggleSort = (key: string) => {
    if (!sort || sort.key !== key) setSort({ key, desc: false })
    else if (!sort.desc) setSort({ key, desc: true })
    else setSort(null)
  }

  const items = virtual ? virtualizer.getVirtualItems() : null
  const visible = items ? items.map((i) => sorted[i.index]) : sorted
  const padTop = items?.length ? items[0].start : 0
  const padBottom = items?.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0

  return (
    <div
      ref={scrollRef}
      className={`overflow-auto rounded-lg border border-slate-200 bg-white ${virtual ? 'max-h-[70vh]' : ''}`}
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="sticky top-0 z-10 bg-slate-100">
          <tr>
            {columns.map((col) => {
              const active = sort?.key === col.key
              const Icon = active ? (sort?.desc ? ArrowDown : ArrowUp) : ArrowUpDown
              const align = col.format === 'amount' ? 'text-right' : 'text-left'
              return (
                <th
                  key={col.key}
                  scope="col"
                  aria-sort={active ? (sort?.desc ? 'descending' : 'ascending') : undefined}
                  className={`whitespace-nowrap px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-600 ${align}`}
                >
                  {col.sortable === false ? (
                    col.header
                  ) : (
                    <button
                      type="button"
                      onClick={() => toggleSort(col.key)}
                      className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                    >
                      {col.header}
                      <Icon
                        className={`h-3 w-3 ${active ? 'text-blue-600' : 'text-slate-400'}`}
                        aria-hidden
                      />
                    </button>
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {sorted.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-10 text-center text-slate-500">
                {emptyText}
              </td>
            </tr>
          ) : (
            <>
              {padTop > 0 && <tr style={{ height: padTop }} aria-hidden />}
              {visible.map((row) => (
                <tr key={rowKey(row)} className="hover:bg-slate-50" style={{ height: ROW_HEIGHT }}>
                  {columns.map((col) => (
                    <td
                      key={col.key}
                      className={`whitespace-nowrap px-3 py-2 ${col.format === 'amount' ? 'text-right tabular-nums' : ''} ${col.className ?? ''}`}
                    >
                      {renderCell(col, row)}
                    </td>
                  ))}
                </tr>
              ))}
              {padBottom > 0 && <tr style={{ height: padBottom }} aria-hidden />}
            </>
          )}
        </tbody>
      </table>
    </div>
  )
}
