import { amountInWords, RECEIPT_SPECS, type TaxInvoice } from '@booking/shared'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, FileText } from 'lucide-react'
import { useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { ExportButtons } from '../../components/export-buttons.tsx'
import { useMoney } from '../../lib/agency.ts'
import { api } from '../../lib/api.ts'
import { downloadFile } from '../../lib/files.ts'
import { dmy, Letterhead } from './agency.tsx'

const KINDS: Record<string, string> = Object.fromEntries(RECEIPT_SPECS.map((s) => [s.path, s.receipt.kind]))

/** A sale's tax invoice on screen; the PDF (English or Urdu) is the same invoice from the server. */
const InvoicePage = () => {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const money = useMoney()
  const path = params.get('path') ?? ''
  const id = Number(params.get('id'))
  const valid = path in KINDS && Number.isInteger(id) && id > 0
  const invoice = useQuery({
    queryKey: [path, 'invoice', id],
    enabled: valid,
    queryFn: async () => (await api.get<{ invoice: TaxInvoice }>(`${path}/${id}/invoice`)).invoice,
  })
  if (!valid) return <p role="alert">This invoice does not exist.</p>
  if (invoice.isPending) return <p className="py-10 text-center text-slate-500">Loading data...</p>
  if (invoice.isError)
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
        {(invoice.error as Error).message}
      </p>
    )
  const inv = invoice.data
  const pairs: Array<[string, string]> = [
    ['Supplier', inv.supplier.name],
    ['Supplier address', inv.supplier.address || '—'],
    ['NTN', inv.supplier.ntn || '—'],
    ['SNTN / STRN', inv.supplier.strn || '—'],
    ['Buyer', inv.buyer.name || '—'],
    ['Buyer address', inv.buyer.address || '—'],
    ['Buyer NTN / CNIC', inv.buyer.ntn || inv.buyer.cnic || '—'],
    ['Description', inv.description],
    ['Tariff heading', inv.tariff_heading],
    ['Rate', `${inv.rate}%`],
  ]
  return (
    <section className="space-y-4">
      <div className="no-print flex flex-wrap items-center justify-between gap-3">
        <button type="button" className="btn-secondary" onClick={() => navigate(-1)}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back
        </button>
        <div className="flex flex-wrap gap-2">
          <ExportButtons
            path={`${path}/${id}/invoice.pdf`}
            query={{}}
            formats={['pdf']}
            name={`invoice-${id}`}
            print
          />
          <button
            type="button"
            className="btn-secondary"
            onClick={() =>
              downloadFile(`${path}/${id}/invoice.pdf`, { lang: 'ur' }, `invoice-${id}-urdu.pdf`).catch(
                (err: Error) => toast.error(err.message),
              )
            }
          >
            <FileText className="h-4 w-4" aria-hidden />
            Urdu PDF
          </button>
        </div>
      </div>
      <article className="card print-sheet space-y-4 p-6" aria-label="Sales tax invoice">
        <Letterhead
          title="Sales Tax Invoice"
          refs={[`No. ${inv.invoice_no}`, `Date ${dmy(inv.date)}`, inv.authority]}
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
            {pairs.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-slate-500">{k}</dt>
                <dd className="font-medium text-slate-900">{v}</dd>
              </div>
            ))}
          </dl>
          <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
            {inv.lines.map((l) => (
              <div key={l.label} className="contents">
                <dt className="text-slate-500">{l.label}</dt>
                <dd className="text-right tabular-nums">{money(l.amount)}</dd>
              </div>
            ))}
            <dt className="font-semibold">Value excluding tax</dt>
            <dd className="text-right font-semibold tabular-nums">{money(inv.value_excluding_tax)}</dd>
            <dt className="text-slate-500">Sales tax</dt>
            <dd className="text-right tabular-nums">{money(inv.tax)}</dd>
            <dt className="font-semibold">Value including tax</dt>
            <dd className="text-right font-semibold tabular-nums">{money(inv.value_including_tax)}</dd>
            <dt className="font-semibold">Total amount</dt>
            <dd className="text-right font-semibold tabular-nums">{money(inv.total)}</dd>
          </dl>
        </div>
        <p className="border-t border-slate-200 pt-3 text-sm">
          <span className="text-slate-500">Total amount in words </span>
          <strong>{amountInWords(inv.total)}</strong>
        </p>
      </article>
    </section>
  )
}

export default InvoicePage
