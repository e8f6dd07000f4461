import {
  formatDate,
  PAYMENT_TABLES,
  RECORD_SPECS,
  type SalesTaxReport,
  TAX_AUTHORITIES,
  type TaxRate,
  TaxRateInput,
  type TaxRule,
  type TaxWithheldReport,
  VISA_TYPES,
} from '@booking/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { DateInput } from '../../components/date-input.tsx'
import { ExportButtons } from '../../components/export-buttons.tsx'
import { TabStrip } from '../../components/tab-strip.tsx'
import { useMoney } from '../../lib/agency.ts'
import { ApiError, api } from '../../lib/api.ts'

const td = 'py-1.5 pr-3'
const tdr = `${td} whitespace-nowrap text-right tabular-nums`
const TABS = [
  { key: 'sales-tax', label: 'Sales Tax Register' },
  { key: 'tax-withheld', label: 'Tax Withheld' },
  { key: 'rates', label: 'Tax Rates' },
] as const
type Tab = (typeof TABS)[number]['key']

/** The sales a tax rule applies to (those taking a later payment, as sale-tax.ts taxes), as the dashboard names them. */
const TYPE_NAMES: Record<string, string> = Object.fromEntries(
  Object.values(PAYMENT_TABLES).map((table) => [
    table,
    RECORD_SPECS[table].dashboardLabel ?? RECORD_SPECS[table].name,
  ]),
)

/** A register's one row when the period has none. */
const EmptyRow = ({ span, children }: { span: number; children: string }) => (
  <tr>
    <td colSpan={span} className={`${td} text-center text-slate-500`}>
      {children}
    </td>
  </tr>
)

/** A register's "Total" cell across its text columns. */
const TotalLabel = ({ span }: { span: number }) => (
  <td className={td} colSpan={span}>
    Total
  </td>
)

const EMPTY_RATE = { name: '', authority: 'SRB', rate: '', from: '', to: '', is_default: false, source: '' }

/** Rates admins keep (decision 088) and the taxable/exempt rule per record type. */
const RatesPanel = () => {
  const qc = useQueryClient()
  const rates = useQuery({
    queryKey: ['tax-rates'],
    queryFn: () => api.get<{ rates: TaxRate[] }>('/tax/rates'),
  })
  const rules = useQuery({
    queryKey: ['tax-rules'],
    queryFn: () => api.get<{ rules: TaxRule[] }>('/tax/rules'),
  })
  const [form, setForm] = useState(EMPTY_RATE)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useMutation({
    mutationFn: (body: unknown) => api.post('/tax/rates', body),
    onSuccess: () => {
      toast.success('Tax rate saved')
      setForm(EMPTY_RATE)
      setErrors({})
      void qc.invalidateQueries({ queryKey: ['tax-rates'] })
    },
    onError: (err) => {
      if (err instanceof ApiError) setErrors(err.errors)
      toast.error((err as Error).message)
    },
  })
  const rule = useMutation({
    mutationFn: (body: TaxRule) => api.put('/tax/rules', body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['tax-rules'] }),
    onError: (err) => toast.error((err as Error).message),
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const body = { ...form, rate: form.rate === '' ? undefined : Number(form.rate), to: form.to || null }
    const parsed = TaxRateInput.safeParse(body)
    if (!parsed.success) {
      const next: Record<string, string> = {}
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message
      setErrors(next)
      return
    }
    save.mutate(body)
  }
  const taxable = (type: string) =>
    rules.data?.rules.find((r) => r.record_type === type && r.kind === '')?.taxable ?? true
  // A Services kind (its Visa Type) follows Services unless a rule names it (a kind's rule wins).
  const kindTaxable = (kind: string) =>
    rules.data?.rules.find((r) => r.record_type === 'services' && r.kind === kind)?.taxable ??
    taxable('services')
  const err = (k: string) => errors[k] && <span className="mt-1 block text-xs text-red-600">{errors[k]}</span>
  return (
    <div className="space-y-6">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[40rem] text-sm" aria-label="Tax rates">
          <thead>
            <tr className="border-b border-slate-300 text-left text-xs uppercase text-slate-500">
              <th className={td}>Authority</th>
              <th className={td}>Name</th>
              <th className={`${td} text-right`}>Rate</th>
              <th className={td}>From</th>
              <th className={td}>To</th>
              <th className={td}>Source</th>
            </tr>
          </thead>
          <tbody>
            {rates.data?.rates.map((r) => (
              <tr key={r.id} className="border-b border-slate-100">
                <td className={`${td} font-medium`}>{r.authority}</td>
                <td className={td}>
                  {r.name}
                  {r.is_default && <span className="ml-2 rounded bg-slate-100 px-1.5 text-xs">default</span>}
                  {!r.confirmed && (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-800">
                      check this rate
                    </span>
                  )}
                </td>
                <td className={tdr}>{r.rate}%</td>
                <td className={td}>{formatDate(r.from)}</td>
                <td className={td}>{r.to ? formatDate(r.to) : '—'}</td>
                <td className={`${td} text-slate-500`}>{r.source}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form
        className="card grid gap-3 p-4 sm:grid-cols-3"
        onSubmit={submit}
        noValidate
        aria-label="New tax rate"
      >
        <h2 className="font-semibold sm:col-span-3">
          New rate (a budget changes a rate: add it from the day it applies)
        </h2>
        <label className="sm:col-span-2">
          <span className="label">Name</span>
          <input
            className="input"
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
          {err('name')}
        </label>
        <label>
          <span className="label">Authority</span>
          <select
            className="input"
            value={form.authority}
            onChange={(e) => setForm({ ...form, authority: e.target.value })}
          >
            {TAX_AUTHORITIES.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
          {err('authority')}
        </label>
        <label>
          <span className="label">Rate (%)</span>
          <input
            className="input"
            type="number"
            step="0.01"
            value={form.rate}
            onChange={(e) => setForm({ ...form, rate: e.target.value })}
          />
          {err('rate')}
        </label>
        <label>
          <span className="label">From</span>
          <DateInput value={form.from} onChange={(from) => setForm({ ...form, from })} />
          {err('from')}
        </label>
        <label>
          <span className="label">To (optional)</span>
          <DateInput value={form.to} onChange={(to) => setForm({ ...form, to })} />
          {err('to')}
        </label>
        <label className="sm:col-span-2">
          <span className="label">Source</span>
          <input
            className="input"
            value={form.source}
            onChange={(e) => setForm({ ...form, source: e.target.value })}
          />
        </label>
        <label className="flex items-center gap-2 self-end pb-2">
          <input
            type="checkbox"
            checked={form.is_default}
            onChange={(e) => setForm({ ...form, is_default: e.target.checked })}
          />
          <span className="text-sm">Default for this authority</span>
        </label>
        <div className="sm:col-span-3">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            Save Rate
          </button>
        </div>
      </form>
      <div className="card p-4">
        <h2 className="mb-2 font-semibold">Taxable or exempt</h2>
        <ul className="grid gap-2 sm:grid-cols-3">
          {Object.entries(TYPE_NAMES).map(([type, name]) => (
            <li key={type}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={taxable(type)}
                  onChange={(e) => rule.mutate({ record_type: type, kind: '', taxable: e.target.checked })}
                />
                {name} {taxable(type) ? 'taxable' : 'exempt'}
              </label>
            </li>
          ))}
        </ul>
      </div>
      <div className="card p-4">
        <h2 className="font-semibold">Services by Visa Type</h2>
        <p className="mb-2 text-xs text-slate-500">A Visa Type's rule wins over the Services rule above.</p>
        <ul className="grid gap-2 sm:grid-cols-3">
          {VISA_TYPES.map((kind) => (
            <li key={kind}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={kindTaxable(kind)}
                  onChange={(e) => rule.mutate({ record_type: 'services', kind, taxable: e.target.checked })}
                />
                {kind} {kindTaxable(kind) ? 'taxable' : 'exempt'}
              </label>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}

/** Tax (admins, issue 36): the sales tax and tax withheld registers, and the rates. */
const TaxPage = () => {
  const money = useMoney()
  const [tab, setTab] = useState<Tab>('sales-tax')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [authority, setAuthority] = useState('')
  const query = {
    from: from || undefined,
    to: to || undefined,
    ...(tab === 'sales-tax' ? { authority: authority || undefined } : {}),
  }
  const report = useQuery({
    queryKey: ['tax-report', tab, query],
    enabled: tab !== 'rates',
    queryFn: () => api.get<SalesTaxReport | TaxWithheldReport>(`/reports/${tab}`, query),
  })
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">Tax</h1>
      <TabStrip label="Tax" tabs={TABS} current={tab} onChange={setTab} />
      {tab === 'rates' ? (
        <RatesPanel />
      ) : (
        <>
          <div className="no-print flex flex-wrap items-end gap-3">
            <label>
              <span className="label">From</span>
              <DateInput value={from} onChange={setFrom} />
            </label>
            <label>
              <span className="label">To</span>
              <DateInput value={to} onChange={setTo} />
            </label>
            {tab === 'sales-tax' && (
              <label>
                <span className="label">Authority</span>
                <select className="input" value={authority} onChange={(e) => setAuthority(e.target.value)}>
                  <option value="">All</option>
                  {TAX_AUTHORITIES.map((a) => (
                    <option key={a}>{a}</option>
                  ))}
                </select>
              </label>
            )}
            <ExportButtons
              path={`/reports/${tab}`}
              query={query}
              formats={['pdf', 'xlsx', 'csv']}
              name={tab}
            />
          </div>
          {report.isPending ? (
            <p className="py-10 text-center text-slate-500">Loading data...</p>
          ) : report.isError ? (
            <p role="alert" className="text-red-700">
              {(report.error as Error).message}
            </p>
          ) : tab === 'sales-tax' ? (
            <SalesTaxTable data={report.data as SalesTaxReport} money={money} />
          ) : (
            <WithheldTable data={report.data as TaxWithheldReport} money={money} />
          )}
        </>
      )}
    </section>
  )
}

const SalesTaxTable = ({ data, money }: { data: SalesTaxReport; money: (v: number) => string }) => (
  <div className="card overflow-x-auto p-2">
    <p className="px-2 py-1 text-sm text-slate-600">
      Sales tax <strong>{money(data.totals.tax)}</strong> on{' '}
      <strong>{money(data.totals.taxable_value)}</strong> ({data.rows.length}{' '}
      {data.rows.length === 1 ? 'invoice' : 'invoices'})
    </p>
    <table className="w-full min-w-[48rem] text-sm" aria-label="Sales tax register">
      <thead>
        <tr className="border-b border-slate-300 text-left text-xs uppercase text-slate-500">
          <th className={td}>Invoice</th>
          <th className={td}>Date</th>
          <th className={td}>Buyer</th>
          <th className={td}>NTN / CNIC</th>
          <th className={td}>Authority</th>
          <th className={`${td} text-right`}>Value excl. tax</th>
          <th className={`${td} text-right`}>Rate</th>
          <th className={`${td} text-right`}>Sales tax</th>
        </tr>
      </thead>
      <tbody>
        {data.rows.map((r) => (
          <tr key={`${r.source_type}-${r.source_id}`} className="border-b border-slate-100">
            <td className={td}>{r.invoice_no || r.entry}</td>
            <td className={td}>{formatDate(r.date)}</td>
            <td className={td}>{r.buyer}</td>
            <td className={td}>{r.buyer_ntn || r.buyer_cnic || '—'}</td>
            <td className={td}>{r.authority}</td>
            <td className={tdr}>{money(r.taxable_value)}</td>
            <td className={tdr}>{r.rate}%</td>
            <td className={tdr}>{money(r.tax)}</td>
          </tr>
        ))}
        {data.rows.length === 0 && <EmptyRow span={8}>No taxed sales in this period</EmptyRow>}
        <tr className="border-t-2 border-slate-400 font-semibold">
          <TotalLabel span={5} />
          <td className={tdr}>{money(data.totals.taxable_value)}</td>
          <td />
          <td className={tdr} data-testid="report-total">
            {money(data.totals.tax)}
          </td>
        </tr>
      </tbody>
    </table>
  </div>
)

/** A missing certificate: marked, with a box to record it when the customer sends it. */
const CertificateBox = ({ paymentId }: { paymentId: number }) => {
  const qc = useQueryClient()
  const [value, setValue] = useState('')
  const save = useMutation({
    mutationFn: () => api.put(`/payments/${paymentId}/tax-certificate`, { certificate: value }),
    onSuccess: () => {
      toast.success('Certificate saved')
      void qc.invalidateQueries({ queryKey: ['tax-report'] })
    },
    onError: (err) => toast.error((err as Error).message),
  })
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate()
      }}
    >
      <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-800">Missing</span>
      <input
        className="input h-8 w-32 py-1 text-sm"
        aria-label="Certificate No."
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit" className="btn-secondary h-8 py-1" disabled={save.isPending || !value.trim()}>
        Save
      </button>
    </form>
  )
}

const WithheldTable = ({ data, money }: { data: TaxWithheldReport; money: (v: number) => string }) => (
  <div className="card overflow-x-auto p-2">
    <p className="px-2 py-1 text-sm text-slate-600">
      Certificates missing: <strong>{data.totals.certificates_missing}</strong> ({money(data.totals.missing)})
    </p>
    <table className="w-full min-w-[44rem] text-sm" aria-label="Tax withheld">
      <thead>
        <tr className="border-b border-slate-300 text-left text-xs uppercase text-slate-500">
          <th className={td}>Date</th>
          <th className={td}>Receipt</th>
          <th className={td}>Customer</th>
          <th className={td}>Section</th>
          <th className={`${td} text-right`}>Withheld</th>
          <th className={td}>Certificate</th>
        </tr>
      </thead>
      <tbody>
        {data.rows.map((r) => (
          <tr key={r.payment_id} className="border-b border-slate-100">
            <td className={td}>{formatDate(r.date)}</td>
            <td className={td}>{r.receipt_no}</td>
            <td className={td}>{r.customer}</td>
            <td className={td}>{r.section}</td>
            <td className={tdr}>{money(r.amount)}</td>
            <td className={td}>{r.certificate || <CertificateBox paymentId={r.payment_id} />}</td>
          </tr>
        ))}
        {data.rows.length === 0 && <EmptyRow span={6}>No tax withheld in this period</EmptyRow>}
        <tr className="border-t-2 border-slate-400 font-semibold">
          <TotalLabel span={4} />
          <td className={tdr}>{money(data.totals.withheld)}</td>
          <td />
        </tr>
      </tbody>
    </table>
  </div>
)

export default TaxPage
