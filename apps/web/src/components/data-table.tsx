import { formatAmount, formatDate } from '@booking/shared'
import { useVirtualizer } from '@tanstack/react-virtual'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { type CSSProperties, type ReactNode, useMemo, useRef, useState } from 'react'
import { useIsMobile } from '../lib/use-is-mobile.ts'

export interface Column<T> {
  key: string
  header: string
  /** 'amount' adds thousands separators and right-aligns; 'date' shows dd/mm/yyyy. */
  format?: 'amount' | 'date' | 'text'
  /** The currency (ISO code) every figure of an 'amount' column is in: rupees unless given. */
  unit?: string
  cell?: (row: T) => ReactNode
  sortable?: boolean
  /** Not shown until the user picks it in the column picker (keeps the list within 1366 px). */
  hidden?: boolean
  /**
   * Stays in view while the table scrolls sideways: 'start' sticks left (the entry), 'end'
   * sticks right (the amount that matters, the actions); 'end' columns need a width.
   */
  pin?: 'start' | 'end'
  /** Fixed width in px (needed for 'end' pins, whose right offsets add up). */
  width?: number
  /**
   * An amount in its row's own currency (a sale's selling side, decision 151): left out, or
   * undefined for a row, rupees.
   */
  currencyOf?: (row: T) => string | undefined
}

const RUPEES = 'PKR'
const unitLabel = (currency: string) => (currency === RUPEES ? 'Rs' : currency)

/** The one currency an amount column's rows are in (its header says it), or null when they differ. */
const columnUnit = <T,>(col: Column<T>, rows: readonly T[]): string | null => {
  if (!col.currencyOf) return col.unit ?? RUPEES
  const seen = new Set(rows.map((r) => col.currencyOf?.(r) || RUPEES))
  return seen.size > 1 ? null : ([...seen][0] ?? RUPEES)
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
  emptyText?: string
  /** Names the scrollable region for screen readers and keyboard users. */
  label?: string
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === ''

/**
 * Renders a cell by the column's format; empty cells show "-". `unitEach`: the header names no
 * currency (rows in several), so each amount names its own.
 */
const renderCell = <T,>(col: Column<T>, row: T, unitEach = false): ReactNode => {
  if (col.cell) {
    const out = col.cell(row)
    return isEmpty(out) ? '-' : out
  }
  const value = (row as Record<string, unknown>)[col.key]
  if (isEmpty(value)) return '-'
  if (col.format === 'amount')
    return unitEach
      ? `${unitLabel(col.currencyOf?.(row) || RUPEES)} ${formatAmount(value as number)}`
      : formatAmount(value as number)
  if (col.format === 'date') return formatDate(value) || '-'
  return String(value)
}

const compare = (a: unknown, b: unknown) => {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true })
}

const ROW_HEIGHT = 41
/** Above this many rows only the visible ones are rendered. */
const VIRTUALIZE_ABOVE = 150

/** The one table: sortable headers, "No data available", "-" for empty cells, virtualized when long. */
export const DataTable = <T,>({
  columns,
  rows,
  rowKey,
  sort: controlledSort,
  onSortChange,
  emptyText = 'No data available',
  label = 'Table',
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

  const scrollRef = useRef<HTMLElement>(null)
  const virtual = sorted.length > VIRTUALIZE_ABOVE
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

  const mobile = useIsMobile()
  if (mobile && !virtual)
    return (
      <CardList
        columns={columns}
        rows={sorted}
        rowKey={rowKey}
        emptyText={emptyText}
        sort={sort}
        onSortChange={setSort}
      />
    )
  const pins = pinStyles(columns)
  // Amount columns whose rows are in several currencies: each cell names its own.
  const mixed = new Set(columns.filter((c) => columnUnit(c, sorted) === null).map((c) => c.key))

  const items = virtual ? virtualizer.getVirtualItems() : null
  const visible = items ? items.map((i) => sorted[i.index]) : sorted
  const padTop = items?.length ? items[0].start : 0
  const padBottom = items?.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0

  return (
    // A scrollable region must be reachable with the keyboard (arrow keys then scroll it).
    <section
      ref={scrollRef}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions need a tab stop (WCAG 2.1.1)
      tabIndex={0}
      className={`overflow-auto rounded-lg border border-slate-200 bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${virtual ? 'max-h-[70vh]' : ''}`}
    >
      <table className="min-w-full divide-y divide-slate-200 text-[13px]">
        <thead className="sticky top-0 z-10 bg-slate-100">
          <tr>
            {columns.map((col) => {
              const active = sort?.key === col.key
              const Icon = active ? (sort?.desc ? ArrowDown : ArrowUp) : ArrowUpDown
              const align = col.format === 'amount' ? 'text-right' : 'text-left'
              // Amount columns say their currency once, in the header; cells keep the bare figure.
              const unit = mixed.has(col.key) ? null : columnUnit(col, sorted)
              const rs = col.format === 'amount' && unit !== null && (
                <span className="font-normal normal-case"> ({unitLabel(unit)})</span>
              )
              return (
                <th
                  key={col.key}
                  scope="col"
                  aria-sort={active ? (sort?.desc ? 'descending' : 'ascending') : undefined}
                  style={pins.get(col.key)?.style}
                  className={`px-2 py-2.5 text-[11px] font-semibold uppercase leading-tight tracking-wide text-slate-600 ${align} ${pins.get(col.key) ? 'sticky z-[2] bg-slate-100' : ''}`}
                >
                  {col.sortable === false ? (
                    <>
                      {col.header}
                      {rs}
                    </>
                  ) : (
                    <button
                      type="button"
                      onClick={() => toggleSort(col.key)}
                      className={`inline-flex items-center gap-1 uppercase hover:text-slate-900 ${align}`}
                    >
                      {col.header}
                      {rs}
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
                      style={pins.get(col.key)?.style}
                      className={`px-2 py-2 ${cellLayout(col)} ${pins.get(col.key)?.className ?? ''}`}
                    >
                      {renderCell(col, row, mixed.has(col.key))}
                    </td>
                  ))}
                </tr>
              ))}
              {padBottom > 0 && <tr style={{ height: padBottom }} aria-hidden />}
            </>
          )}
        </tbody>
      </table>
    </section>
  )
}

/**
 * Amounts and dates never wrap (a figure is read whole); text wraps within a bounded width so a
 * long customer or airline name does not push the amounts off the screen.
 */
const cellLayout = <T,>(col: Column<T>) =>
  col.format === 'amount'
    ? 'whitespace-nowrap text-right tabular-nums'
    : col.format === 'date'
      ? 'whitespace-nowrap'
      : 'min-w-[5rem] max-w-[11rem] break-words'

/** Sticky offsets for pinned columns: the first 'start' column at left 0, 'end' columns stacked from the right. */
const pinStyles = <T,>(columns: Column<T>[]) => {
  const out = new Map<string, { style: CSSProperties; className: string }>()
  const first = columns[0]
  if (first?.pin === 'start')
    out.set(first.key, { style: { left: 0 }, className: 'sticky z-[1] bg-white shadow-[1px_0_0_#e2e8f0]' })
  let right = 0
  for (const col of [...columns].reverse()) {
    if (col.pin !== 'end' || col.width === undefined) break
    out.set(col.key, {
      style: { right, minWidth: col.width, width: col.width },
      className: 'sticky z-[1] bg-white shadow-[-1px_0_0_#e2e8f0]',
    })
    right += col.width
  }
  return out
}

const isActions = <T,>(col: Column<T>) => col.key.includes('action') || col.header.toLowerCase() === 'actions'

/**
 * Phones get one card per row instead of a table scrolled sideways: the first column is the
 * card's title, the rest label/value pairs, the actions at the bottom.
 */
const CardList = <T,>({
  columns,
  rows,
  rowKey,
  emptyText,
  sort,
  onSortChange,
}: Pick<DataTableProps<T>, 'columns' | 'rows' | 'rowKey'> & {
  emptyText: string
  sort: SortState | null
  onSortChange: (sort: SortState | null) => void
}) => {
  const sortable = columns.filter((c) => !isActions(c) && c.sortable !== false)
  const sortSelect = sortable.length > 0 && (
    <label className="flex items-center gap-2 text-sm text-slate-600">
      <span className="shrink-0">Sort by</span>
      <select
        className="input"
        aria-label="Sort by"
        value={sort ? `${sort.key}:${sort.desc ? 'desc' : 'asc'}` : ''}
        onChange={(e) => {
          const [key, dir] = e.target.value.split(':')
          onSortChange(key ? { key, desc: dir === 'desc' } : null)
        }}
      >
        <option value="">Default order</option>
        {sortable.flatMap((c) => [
          <option key={`${c.key}:asc`} value={`${c.key}:asc`}>
            {c.header} ↑
          </option>,
          <option key={`${c.key}:desc`} value={`${c.key}:desc`}>
            {c.header} ↓
          </option>,
        ])}
      </select>
    </label>
  )
  if (rows.length === 0) {
    return (
      <div className="space-y-3">
        {sortSelect}
        <p className="rounded-lg border border-slate-200 bg-white px-3 py-10 text-center text-slate-500">
          {emptyText}
        </p>
      </div>
    )
  }
  const [title, ...rest] = columns.filter((c) => !isActions(c))
  const actions = columns.filter(isActions)
  return (
    <div className="space-y-3">
      {sortSelect}
      <ul className="space-y-3">
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
            <p className="mb-2 font-semibold text-slate-900">{renderCell(title, row)}</p>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
              {rest.map((col) => (
                <div key={col.key} className="min-w-0">
                  <dt className="text-xs text-slate-500">
                    {col.header}
                    {col.format === 'amount' &&
                      ` (${unitLabel(col.currencyOf?.(row) || col.unit || RUPEES)})`}
                  </dt>
                  {/* Amounts wrap rather than cut: a figure is never shown half. */}
                  <dd
                    className={`text-slate-800 ${col.format === 'amount' ? 'break-all tabular-nums' : 'truncate'}`}
                  >
                    {renderCell(col, row)}
                  </dd>
                </div>
              ))}
            </dl>
            {/* At the bottom, each icon with its name beside it (index.css .card-actions). */}
            {actions.map((col) => (
              <div key={col.key} className="card-actions mt-3 border-t border-slate-100 pt-2">
                {renderCell(col, row)}
              </div>
            ))}
          </li>
        ))}
      </ul>
    </div>
  )
}
