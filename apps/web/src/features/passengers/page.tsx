import { CASE_STAGES, type FileRecord, formatDate, type PassengerFile, todayIso } from '@booking/shared'
import { useQuery } from '@tanstack/react-query'
import { Check, Search } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { passportKey, usePassengerPath } from '../../components/passport-link.tsx'
import { RecordLink } from '../../components/record-link.tsx'
import { ApiError, api } from '../../lib/api.ts'

const STAGE_LABEL: Record<string, string> = {
  medical: 'Medical',
  protector: 'Protector',
  visa: 'Visa',
  travelled: 'Travelled',
}

/** A passport's case: the stages reached, the documents' expiry dates, and every record on one timeline. */
const PassengerFileView = ({ file }: { file: PassengerFile }) => {
  const today = todayIso()
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-slate-900" data-testid="passenger-passport">
          Passport {file.passport}
        </h2>
        <p className="text-sm text-slate-600">{file.names.join(' · ') || 'No name recorded'}</p>
      </div>

      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Case stages">
        {CASE_STAGES.map((s) => {
          const done = file.reached.includes(s)
          return (
            <li
              key={s}
              className={`rounded-lg border px-3 py-2 text-sm ${done ? 'border-green-300 bg-green-50 text-green-900' : 'border-slate-200 bg-white text-slate-500'}`}
              aria-current={file.stage === s ? 'step' : undefined}
            >
              <span className="flex items-center gap-1 font-medium">
                {done && <Check className="h-4 w-4" aria-hidden />}
                {STAGE_LABEL[s]}
              </span>
              <span className="text-xs">
                {file.stages[s] ? formatDate(file.stages[s]) : done ? 'reached' : 'not yet'}
              </span>
            </li>
          )
        })}
      </ol>

      <div className="space-y-2">
        <h3 className="font-semibold text-slate-900">Expiry dates</h3>
        {file.expiries.length === 0 ? (
          <p className="text-sm text-slate-500">No expiry date recorded</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {file.expiries.map((e) => (
              <li
                key={`${e.document}:${e.expiry}`}
                className={`rounded-md px-3 py-1 text-sm ${e.expiry < today ? 'bg-red-100 text-red-800' : 'bg-slate-100 text-slate-800'}`}
              >
                {e.document}: {formatDate(e.expiry)}
                {e.expiry < today && ' (expired)'}
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="space-y-2">
        <h3 className="font-semibold text-slate-900">Timeline</h3>
        <ol className="relative space-y-3 border-l-2 border-slate-200 pl-4" aria-label="Timeline">
          {file.records.map((r: FileRecord) => (
            <li key={`${r.table}:${r.id}`} className="relative" data-testid="timeline-record">
              <span
                className="absolute -left-[1.4rem] top-1.5 h-3 w-3 rounded-full border-2 border-white bg-blue-600"
                aria-hidden
              />
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="text-sm tabular-nums text-slate-500">
                  {r.date ? formatDate(r.date) : '-'}
                </span>
                <span className="font-semibold text-slate-900">{r.type}</span>
                <RecordLink table={r.table} entry={r.entry} type={r.type} />
              </div>
              <p className="text-sm text-slate-700">
                {[r.name, r.customer && `Customer: ${r.customer}`, r.detail].filter(Boolean).join(' · ')}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </div>
  )
}

/** The passenger file: type a passport number, or arrive from a passport number in any list. */
export default function PassengerPage() {
  const params = useParams()
  const passport = params.passport ? passportKey(params.passport) : ''
  const navigate = useNavigate()
  const pathOf = usePassengerPath()
  const [typed, setTyped] = useState(passport)
  const file = useQuery({
    queryKey: ['/passengers', passport],
    queryFn: () => api.get<PassengerFile>(`/passengers/${encodeURIComponent(passport)}`),
    enabled: passport !== '',
    retry: false,
  })
  const open = (e: FormEvent) => {
    e.preventDefault()
    if (typed.trim()) navigate(pathOf(typed))
  }
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">Passenger File</h1>
      <form onSubmit={open} className="flex flex-wrap items-end gap-2">
        <div className="w-full sm:w-72">
          <label htmlFor="passenger-passport" className="label">
            Passport Number
          </label>
          <input
            id="passenger-passport"
            className="input uppercase"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="e.g. AB1234567"
          />
        </div>
        <button type="submit" className="btn-primary">
          <Search className="h-4 w-4" aria-hidden /> Open
        </button>
      </form>
      {passport === '' ? (
        <p className="text-sm text-slate-500">
          Enter a passport number, or open one from the passport number in any list.
        </p>
      ) : file.isPending ? (
        <p className="py-10 text-center text-slate-500">Loading data...</p>
      ) : file.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
          {file.error instanceof ApiError && file.error.status < 500
            ? file.error.message
            : 'Failed to load data. Please try again later.'}
        </div>
      ) : (
        <PassengerFileView file={file.data} />
      )}
    </section>
  )
}
