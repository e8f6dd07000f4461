import type { ReactNode } from 'react'

export interface CardField {
  label: string
  value: ReactNode
  strong?: boolean
}

export interface CardItem {
  key: string | number
  title: ReactNode
  /** A second line under the title (a statement line's detail). */
  note?: ReactNode
  fields: CardField[]
}

/**
 * A ledger's lines as cards on a phone (issue 23.5): below the `sm` width each line shows every
 * figure with its label instead of a table whose right-hand columns are cut off. From `sm` up the
 * page shows its table and these cards are hidden.
 */
export const LineCards = ({ label, items }: { label: string; items: CardItem[] }) => (
  <ul className="space-y-2 sm:hidden" aria-label={label}>
    {items.map((item) => (
      <li key={item.key} className="rounded-lg border border-slate-200 p-3">
        <div className="font-medium text-slate-900">{item.title}</div>
        {item.note ? <div className="text-sm text-slate-600">{item.note}</div> : null}
        <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm min-[420px]:grid-cols-2">
          {item.fields
            .filter((f) => f.value !== '' && f.value !== null && f.value !== undefined)
            .map((f) => (
              <div key={f.label} className="flex items-baseline justify-between gap-2">
                <dt className="text-xs uppercase text-slate-500">{f.label}</dt>
                <dd className={`whitespace-nowrap tabular-nums ${f.strong ? 'font-semibold' : ''}`}>
                  {f.value}
                </dd>
              </div>
            ))}
        </dl>
      </li>
    ))}
  </ul>
)
