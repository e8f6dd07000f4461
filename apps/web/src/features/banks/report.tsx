import { formatAmount, formatDate, fromPaisa, monthName, todayIso, toPaisa } from '@booking/shared'
import { FileText } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { ScrollX } from '../../components/scroll-x.tsx'
import { downloadFile } from '../../lib/files.ts'
import { messageOf, useMonthLines, useReconciliation } from './api.ts'
import { LoadFailed } from './load-failed.tsx'
import { ReconciliationSummary } from './summary.tsx'

/**
 * yyyy-mm from this month back to the bank's first statement month (else 12 months), newest
 * first: the months a report can say something about.
 */
const monthsSince = (today: string, start: string | null) => {
  let [y, m] = today.split('-').map(Number) as [number, number]
  const first = start ? start.slice(0, 7) : null
  const out: string[] = []
  for (let i = 0; i < (first ? 600 : 12); i++) {
    const month = `${y}-${String(m).padStart(2, '0')}`
    out.push(month)
    if (first && month <= first) break
    m -= 1
    if (m === 0) {
      m = 12
      y -= 1
    }
  }
  return out
}

const monthLabel = monthName

/** The month's first and last day (the last day: the 0th of the next month). */
const monthRange = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` }
}

const th = 'px-2 py-2 text-left text-xs font-semibold uppercase text-slate-500'
const thr = `${th} text-right`
const td = 'px-2 py-1'
const tdr = `${td} whitespace-nowrap text-right tabular-nums`

interface Row {
  id: number
  date: string
  text: string
  amount: number
  direction: 'in' | 'out'
  matched: boolean
}

const LinesTable = ({ label, rows }: { label: string; rows: Row[] }) => (
  <section aria-label={label} className="rounded-lg border border-slate-200 bg-white">
    <h3 className="border-b border-slate-200 px-3 py-2 text-sm font-semibold text-slate-800">
      {label} ({rows.length.toLocaleString('en-US')})
    </h3>
    {rows.length === 0 ? (
      <p className="px-3 py-4 text-center text-sm text-slate-500">No lines this month</p>
    ) : (
      <ScrollX>
        <table className="w-full min-w-[20rem] text-sm">
          <thead>
            <tr className="border-b border-slate-200">
              <th className={th}>Date</th>
              <th className={th}>Detail</th>
              <th className={thr}>In</th>
              <th className={thr}>Out</th>
              <th className={th}>Matched</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-b border-slate-100">
                <td className={`${td} whitespace-nowrap`}>{formatDate(r.date)}</td>
                <td className={td}>{r.text}</td>
                <td className={tdr}>{r.direction === 'in' ? formatAmount(r.amount) : ''}</td>
                <td className={tdr}>{r.direction === 'out' ? formatAmount(r.amount) : ''}</td>
                <td className={td}>{r.matched ? 'Yes' : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
    )}
  </section>
)

/** The reconciliation of one bank for one month: as of its last day, with the month's lines; PDF from the server. */
export const ReconciliationReport = ({ bankId, bankName }: { bankId: number; bankName: string }) => {
  const today = todayIso()
  const now = useReconciliation(bankId, today)
  const months = monthsSince(today, now.data?.start ?? null)
  const [chosen, setChosen] = useState<string | null>(null)
  // Until chosen: the month before this one, the one usually being closed.
  const month = chosen ?? months[1] ?? (months[0] as string)
  const { from, to } = monthRange(month)
  const recon = useReconciliation(bankId, to)
  const lines = useMonthLines(bankId, from, to)
  const [downloading, setDownloading] = useState(false)

  const pdf = async () => {
    setDownloading(true)
    try {
      await downloadFile(
        `/banks/${bankId}/reconciliation.pdf`,
        { month },
        `reconciliation-${bankName}-${month}.pdf`,
      )
    } catch (err) {
      toast.error(messageOf(err, 'Download failed'))
    } finally {
      setDownloading(false)
    }
  }

  const failed = recon.error ?? lines.error
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-48">
          <label htmlFor="recon-month" className="label">
            Month
          </label>
          <select
            id="recon-month"
            className="input"
            value={month}
            onChange={(e) => setChosen(e.target.value)}
          >
            {months.map((m) => (
              <option key={m} value={m}>
                {monthLabel(m)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn-secondary" onClick={pdf} disabled={downloading}>
          <FileText className="h-4 w-4" aria-hidden />
          {downloading ? 'Downloading...' : 'PDF'}
        </button>
      </div>
      <h2 className="text-base font-semibold text-slate-900">
        {bankName}: reconciliation for {monthLabel(month)}, as of {formatDate(to)}
      </h2>
      {failed ? (
        <LoadFailed error={failed} />
      ) : !recon.data || !lines.data ? (
        <p className="py-10 text-center text-slate-500">Loading data...</p>
      ) : (
        <>
          <ReconciliationSummary data={recon.data} />
          <LinesTable
            label="Statement lines"
            rows={lines.data.statement.map((l) => ({
              id: l.id,
              date: l.date,
              text: [l.narration, l.reference].filter(Boolean).join(' · '),
              amount: l.amount,
              direction: l.direction,
              matched: l.match_id !== null,
            }))}
          />
          <LinesTable
            label="Book lines"
            rows={lines.data.book.map((l) => ({
              id: l.id,
              date: l.date,
              text: [l.entry, l.detail].filter(Boolean).join(' · '),
              amount: l.amount,
              direction: l.direction,
              matched: l.match_id !== null,
            }))}
          />
          <p className="text-xs text-slate-500">
            Month totals: statement in {formatAmount(sumSigned(lines.data.statement, 'in'))}, out{' '}
            {formatAmount(sumSigned(lines.data.statement, 'out'))}; books in{' '}
            {formatAmount(sumSigned(lines.data.book, 'in'))}, out{' '}
            {formatAmount(sumSigned(lines.data.book, 'out'))}.
          </p>
        </>
      )}
    </div>
  )
}

const sumSigned = (rows: Array<{ amount: number; direction: 'in' | 'out' }>, direction: 'in' | 'out') =>
  fromPaisa(rows.filter((r) => r.direction === direction).reduce((s, r) => s + toPaisa(r.amount), 0))
