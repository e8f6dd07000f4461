import { Columns3 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { Column } from './data-table.tsx'

const storageKey = (listId: string) => `columns:${listId}`

/** Which columns the user chose for a list, kept in the browser per list; default: those not `hidden`. */
export const useShownColumns = <T,>(listId: string, columns: Column<T>[]) => {
  const [chosen, setChosen] = useState<string[] | null>(() => {
    try {
      const saved = localStorage.getItem(storageKey(listId))
      return saved ? (JSON.parse(saved) as string[]) : null
    } catch {
      return null
    }
  })
  const shown = chosen ?? columns.filter((c) => !c.hidden).map((c) => c.key)
  const toggle = (key: string) => {
    const next = shown.includes(key) ? shown.filter((k) => k !== key) : [...shown, key]
    setChosen(next)
    localStorage.setItem(storageKey(listId), JSON.stringify(next))
  }
  const reset = () => {
    setChosen(null)
    localStorage.removeItem(storageKey(listId))
  }
  return { shown, toggle, reset }
}

/** A "Columns" button with one checkbox per column; Escape or a click outside closes it. */
export const ColumnPicker = <T,>({
  columns,
  shown,
  onToggle,
  onReset,
}: {
  columns: Column<T>[]
  shown: string[]
  onToggle: (key: string) => void
  onReset: () => void
}) => {
  const [open, setOpen] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const outside = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', outside)
    return () => document.removeEventListener('mousedown', outside)
  }, [open])
  return (
    <div
      ref={box}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false)
      }}
    >
      <button
        type="button"
        className="btn-secondary"
        aria-expanded={open}
        aria-controls="column-picker"
        onClick={() => setOpen((o) => !o)}
      >
        <Columns3 className="h-4 w-4" aria-hidden />
        Columns
      </button>
      {open && (
        <fieldset
          id="column-picker"
          className="absolute right-0 z-30 mt-1 max-h-80 w-60 overflow-auto rounded-md border border-slate-200 bg-white p-2 shadow-lg sm:left-0 sm:right-auto"
        >
          <legend className="sr-only">Columns shown</legend>
          {columns.map((c) => (
            <label
              key={c.key}
              className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-50"
            >
              <input type="checkbox" checked={shown.includes(c.key)} onChange={() => onToggle(c.key)} />
              {c.header}
            </label>
          ))}
          <button
            type="button"
            className="mt-1 w-full rounded px-2 py-1 text-left text-sm text-blue-700 hover:bg-slate-50"
            onClick={onReset}
          >
            Default columns
          </button>
        </fieldset>
      )}
    </div>
  )
}
