import {
  amountInWords,
  formatDate,
  type Payment,
  passengerList,
  passengerName,
  RECEIPT_SPECS,
  receiptFigures,
  receiptTaxOf,
  toIsoDate,
} from '@booking/shared'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { useNavigate, useSearchParams } from 'react-router'
import { ExportButtons } from '../../components/export-buttons.tsx'
import { useMoney } from '../../lib/agency.ts'
import { api } from '../../lib/api.ts'
import { dmy, Letterhead } from './agency.tsx'

/** The receipt's kind line by list path (the specs' `receipt`). */
const KINDS: Record<string, string> = Object.fromEntries(RECEIPT_SPECS.map((s) => [s.path, s.receipt.kind]))

type Row = Record<string, unknown>

/** A field under its snake_case or camelCase name (Umrah answers in camelCase). */
const field = (row: Row, snake: string) => {
  const camel = snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
  return row[snake] ?? row[camel]
}
const num = (row: Row, snake: string) => Number(field(row, snake) ?? 0)
const text = (row: Row, snake: string) => {
  const v = field(row, snake)
  return v === null || v === undefined ? '' : String(v)
}

/** A booking's receipt on screen, printable on A4 (the PDF is the same receipt from the server). */
const ReceiptPage = () => {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const path = params.get('path') ?? ''
  const id = Number(params.get('id'))
  const money = useMoney()
  const valid = path in KINDS && Number.isInteger(id) && id > 0
  const record = useQuery({
    queryKey: [path, 'receipt', id],
    enabled: valid,
    queryFn: async () => {
      const answer = await api.get<Record<string, unknown>>(`${path}/${id}`)
      return Object.values(answer).find((v): v is Row => !!v && typeof v === 'object' && 'id' in v) ?? null
    },
  })
  // Every later payment against the record (decision 054): the receipt lists each one.
  const payments = useQuery({
    queryKey: ['payments', path, id],
    enabled: valid,
    queryFn: async () =>
      (await api.get<{ payments: Payment[] }>(`/payments?source_type=${path.slice(1)}&source_id=${id}`))
        .payments,
  })
  if (!valid) return <p role="alert">This receipt does not exist.</p>
  if (record.isPending || payments.isPending)
    return <p className="py-10 text-center text-slate-500">Loading data...</p>
  if (record.isError || !record.data || payments.isError)
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
        {((record.error ?? payments.error) as Error | null)?.message ?? 'Receipt not found'}
      </p>
    )
  const row = record.data
  const figures = receiptFigures(
    {
      receivable: num(row, 'receivable_amount'),
      cash: num(row, 'paid_cash'),
      bank: num(row, 'paid_in_bank'),
      // A taxed sale's price, tax and total (decision 100), as the PDF shows them.
      tax: receiptTaxOf(row),
    },
    payments.data ?? [],
  )
  const { total: receivable, bank, received } = figures
  // A void ticket owes nothing: its sale was reversed (decision 092).
  const lines = figures.lines(formatDate, !!text(row, 'voided_at'))
  const passengers = passengerList(field(row, 'passport_detail'))
    .map((p) => passengerName(p))
    .filter(Boolean)
  const particulars: Array<[string, string]> = (
    [
      // A void ticket's receipt says so first (decision 092).
      ['Status', text(row, 'voided_at') ? `VOID: ${text(row, 'void_reason')}` : ''],
      ['Customer', text(row, 'customer_add')],
      ['Agent', text(row, 'agent_name')],
      ['Sector', text(row, 'sector')],
      ['Airline', text(row, 'airline')],
      ['Travel', [dmy(text(row, 'depart_date')), dmy(text(row, 'return_date'))].filter(Boolean).join(' – ')],
      ['Country', text(row, 'country')],
      ['Service', text(row, 'visa_type')],
      ['Reference', text(row, 'reference')],
      ['Bank', bank ? text(row, 'bank_title') : ''],
    ] as Array<[string, string]>
  ).filter(([, v]) => v)
  // "Umrah 1/5", not "1/5" (issue 37); "Ticket 1/5" already says its type.
  const entryNo = /^\p{L}/u.test(text(row, 'entry'))
    ? text(row, 'entry')
    : `${KINDS[path]} ${text(row, 'entry')}`
  // The business day the record was saved on (00:30 in Karachi is still that Karachi day).
  const saved = toIsoDate(text(row, 'created_at') || text(row, 'createdAt'))
  return (
    <section className="space-y-4">
      <div className="no-print flex flex-wrap items-center justify-between gap-3">
        <button type="button" className="btn-secondary" onClick={() => navigate(-1)}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back
        </button>
        {Number(field(row, 'tax_amount') ?? 0) > 0 && (
          <button
            type="button"
            className="btn-secondary"
            onClick={() =>
              navigate(`../invoice?path=${encodeURIComponent(path)}&id=${id}`, { relative: 'path' })
            }
          >
            Tax Invoice
          </button>
        )}
        <ExportButtons
          path={`${path}/${id}/receipt.pdf`}
          query={{}}
          formats={['pdf']}
          name={`receipt-${id}`}
          print
        />
      </div>
      <article className="card print-sheet space-y-4 p-6" aria-label="Receipt">
        <Letterhead title="Receipt" refs={[`No. ${entryNo}`, `Date ${dmy(saved)}`, KINDS[path]]} />
        <div className="grid gap-6 sm:grid-cols-2">
          <dl className="grid grid-cols-[7rem_1fr] content-start gap-x-3 gap-y-1 text-sm">
            {particulars.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-slate-500">{k}</dt>
                <dd className="font-medium text-slate-900">{v}</dd>
              </div>
            ))}
          </dl>
          <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
            {lines.map((l) => (
              <div key={l.label} className="contents">
                <dt className={l.strong ? 'font-semibold' : 'text-slate-500'}>{l.label}</dt>
                <dd className={`text-right tabular-nums${l.strong ? ' font-semibold' : ''}`}>
                  {money(l.value)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        {passengers.length > 0 && (
          <div className="border-t border-slate-200 pt-3 text-sm">
            <p className="font-semibold">Passengers</p>
            <ol className="ml-5 list-decimal">
              {passengers.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ol>
          </div>
        )}
        <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 border-t border-slate-200 pt-3 text-sm">
          <dt className="text-slate-500">Total in words</dt>
          <dd className="font-semibold">{amountInWords(receivable)}</dd>
          <dt className="text-slate-500">Received in words</dt>
          <dd className="font-semibold">{amountInWords(received)}</dd>
        </dl>
        <div className="flex justify-between pt-16 text-xs text-slate-500">
          <span className="w-40 border-t border-slate-400 pt-1 text-center">Customer</span>
          <span className="w-40 border-t border-slate-400 pt-1 text-center">Authorised signature</span>
        </div>
      </article>
    </section>
  )
}

export default ReceiptPage
