import { type BookLine, formatAmount, formatDate, type StatementLine, toPaisa } from '@booking/shared'
import { Link2 } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { toast } from 'sonner'
import { ScrollX } from '../../components/scroll-x.tsx'
import { messageOf, type Reconciliation, signed, useMatch } from './api.ts'
import { sumAmounts } from './summary.tsx'

const th = 'px-2 py-2 text-left text-xs font-semibold uppercase text-slate-500'
const td = 'px-2 py-1.5 align-top'
const tdDate = `${td} whitespace-nowrap`
const tdr = `${td} whitespace-nowrap text-right tabular-nums`

/** A cell's text with a smaller second line (the reference, the entry number), so phones need fewer columns. */
const Two = ({ main, sub }: { main: string; sub: string }) => (
  <>
    <span className="break-words">{main}</span>
    {sub && <span className="block text-xs text-slate-500">{sub}</span>}
  </>
)

const toggle = (ids: number[], id: number) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id])

interface PickTableProps<T> {
  label: string
  rows: T[]
  chosen: number[]
  onToggle: (id: number) => void
  describe: (row: T) => string
  columns: Array<{ header: string; cell: (row: T) => ReactNode; amount?: boolean }>
  actions?: (row: T) => ReactNode
  empty: string
}

/** A list of lines with a checkbox each (Space ticks it); amounts right-aligned with separators. */
const PickTable = <T extends { id: number }>({
  label,
  rows,
  chosen,
  onToggle,
  describe,
  columns,
  actions,
  empty,
}: PickTableProps<T>) => (
  <section aria-label={label} className="min-w-0 rounded-lg border border-slate-200 bg-white">
    <h3 className="border-b border-slate-200 px-3 py-2 text-sm font-semibold text-slate-800">{label}</h3>
    {rows.length === 0 ? (
      <p className="px-3 py-6 text-center text-sm text-slate-500">{empty}</p>
    ) : (
      <ScrollX>
        <table className="w-full min-w-[20rem] text-sm">
          <thead>
            <tr className="border-b border-slate-200">
              <th className={th}>
                <span className="sr-only">Choose</span>
              </th>
              {columns.map((c) => (
                <th key={c.header} className={c.amount ? `${th} text-right` : th}>
                  {c.header}
                </th>
              ))}
              {actions && (
                <th className={th}>
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                className={`border-b border-slate-100 ${chosen.includes(row.id) ? 'bg-blue-50' : ''}`}
                data-testid={`${label}-row`}
              >
                <td className={td}>
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    aria-label={`Choose ${describe(row)}`}
                    checked={chosen.includes(row.id)}
                    onChange={() => onToggle(row.id)}
                  />
                </td>
                {columns.map((c) => (
                  <td key={c.header} className={c.amount ? tdr : c.header === 'Date' ? tdDate : td}>
                    {c.cell(row)}
                  </td>
                ))}
                {actions && <td className={`${td} whitespace-nowrap text-right`}>{actions(row)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
    )}
  </section>
)

const describeStatement = (l: StatementLine) =>
  `${formatDate(l.date)} ${l.narration} ${formatAmount(signed(l))}`
const describeBook = (l: BookLine) =>
  `${formatDate(l.date)} ${l.entry} ${l.detail} ${formatAmount(signed(l))}`

/** In and out as two columns, so the direction never hides in a minus sign. */
const moneyColumns = <T extends { amount: number; direction: 'in' | 'out' }>() => [
  { header: 'In', cell: (l: T) => (l.direction === 'in' ? formatAmount(l.amount) : ''), amount: true },
  { header: 'Out', cell: (l: T) => (l.direction === 'out' ? formatAmount(l.amount) : ''), amount: true },
]

interface MatchByHandProps {
  bankId: number
  data: Reconciliation
  /** The button beside an unmatched statement line that posts it into the books. */
  postButton: (line: StatementLine) => ReactNode
}

/**
 * Matching by hand: tick one statement line and one or more book lines (or the reverse); the sums
 * (in positive, out negative) and their gap show as lines are ticked, and Match is offered once
 * both sides have a line.
 */
export const MatchByHand = ({ bankId, data, postButton }: MatchByHandProps) => {
  const match = useMatch(bankId)
  const [statementIds, setStatementIds] = useState<number[]>([])
  const [bookIds, setBookIds] = useState<number[]>([])
  const bookLines = [...data.outstanding_deposits, ...data.outstanding_payments].sort((a, b) =>
    a.date.localeCompare(b.date),
  )
  // Lines matched since (or gone with a new as-of day) drop out of the choice.
  const pickedStatement = data.unmatched_statement.filter((l) => statementIds.includes(l.id))
  const pickedBook = bookLines.filter((l) => bookIds.includes(l.id))
  const statementSum = sumAmounts(pickedStatement.map(signed))
  const bookSum = sumAmounts(pickedBook.map(signed))
  const gap = toPaisa(statementSum) - toPaisa(bookSum)
  // Whether the sums must agree and how many lines a side may hold are the server's rules; its message shows.
  const ready = pickedStatement.length > 0 && pickedBook.length > 0

  const submit = () =>
    match.mutate(
      { statement_line_ids: pickedStatement.map((l) => l.id), posting_line_ids: pickedBook.map((l) => l.id) },
      {
        onSuccess: () => {
          toast.success('Lines matched')
          setStatementIds([])
          setBookIds([])
        },
      },
    )

  return (
    <div className="space-y-3">
      <div className="grid gap-3 xl:grid-cols-2">
        <PickTable
          label="Unmatched statement lines"
          rows={data.unmatched_statement}
          chosen={statementIds}
          onToggle={(id) => setStatementIds((ids) => toggle(ids, id))}
          describe={describeStatement}
          empty="Every statement line is matched"
          columns={[
            { header: 'Date', cell: (l) => formatDate(l.date) },
            { header: 'Narration', cell: (l) => <Two main={l.narration} sub={l.reference} /> },
            ...moneyColumns<StatementLine>(),
          ]}
          actions={postButton}
        />
        <PickTable
          label="Book lines not on the statement"
          rows={bookLines}
          chosen={bookIds}
          onToggle={(id) => setBookIds((ids) => toggle(ids, id))}
          describe={describeBook}
          empty="Every book line is on the statement"
          columns={[
            { header: 'Date', cell: (l) => formatDate(l.date) },
            { header: 'Detail', cell: (l) => <Two main={l.detail} sub={l.entry} /> },
            ...moneyColumns<BookLine>(),
          ]}
        />
      </div>
      {(data.unmatched_statement.length > 0 || bookLines.length > 0) && (
        <section
          className="flex lg:sticky lg:bottom-0 flex-wrap items-center gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm"
          aria-label="Chosen lines"
        >
          <span className="text-sm">
            Statement chosen: <strong data-testid="statement-chosen">{formatAmount(statementSum)}</strong> (
            {pickedStatement.length})
          </span>
          <span className="text-sm">
            Book chosen: <strong data-testid="book-chosen">{formatAmount(bookSum)}</strong> (
            {pickedBook.length})
          </span>
          <span className={`text-sm ${gap === 0 ? 'text-green-700' : 'text-red-700'}`}>
            Gap: <strong data-testid="chosen-gap">{formatAmount(gap / 100)}</strong>
          </span>
          <button
            type="button"
            className="btn-primary ml-auto"
            disabled={!ready || match.isPending}
            onClick={submit}
          >
            <Link2 className="h-4 w-4" aria-hidden />
            {match.isPending ? 'Matching...' : 'Match'}
          </button>
          {!ready && (
            <p className="w-full text-xs text-slate-600">
              Tick one statement line and the book lines it pays (or one book line and its statement lines).
            </p>
          )}
          {match.error && (
            <p role="alert" className="w-full text-sm text-red-700">
              {messageOf(match.error, 'The lines could not be matched')}
            </p>
          )}
        </section>
      )}
    </div>
  )
}
