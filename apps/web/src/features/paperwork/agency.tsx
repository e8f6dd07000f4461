import { formatDate } from '@booking/shared'
import type { ReactNode } from 'react'
import { useAgency } from '../../lib/agency.ts'

/** The agency's header above a printed sheet: logo, name, contact lines; the title on the right. */
export const Letterhead = ({ title, refs }: { title: string; refs: ReactNode[] }) => {
  const agency = useAgency().data
  return (
    <div className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-3">
      <div className="flex items-start gap-3">
        {agency?.logo ? <img src={agency.logo} alt="" className="h-14 w-14 object-contain" /> : null}
        <div>
          <p className="text-lg font-bold text-slate-900">{agency?.name ?? ''}</p>
          {agency?.address ? <p className="text-xs text-slate-500">{agency.address}</p> : null}
          <p className="text-xs text-slate-500">
            {[agency?.phone, agency?.email].filter(Boolean).join(' · ')}
          </p>
        </div>
      </div>
      <div className="text-right">
        <p className="text-base font-bold uppercase tracking-wide text-slate-900">{title}</p>
        {refs.map((r, i) => (
          <p key={i} className="text-xs text-slate-500">
            {r}
          </p>
        ))}
      </div>
    </div>
  )
}

export const dmy = (iso: string | null | undefined) => (iso ? formatDate(iso) : '')
