import { formatAmount, type LinesPage, type Statement, type StatementKind } from '@booking/shared'
import { useInfiniteQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { customerValue } from '../../components/customer-select.tsx'
import { FromToDates } from '../../components/date-input.tsx'
import { ExportButtons } from '../../components/export-buttons.tsx'
import { LineCards } from '../../components/line-cards.tsx'
import { LoadMore } from '../../components/pager.tsx'
import { PartyProfilePanel } from '../../components/party-profile.tsx'
import { useMoney } from '../../lib/agency.ts'
import { ApiError, api } from '../../lib/api.ts'
import { useIsAdmin } from '../../lib/auth.tsx'
import { useBanks, useCustomers, useNames } from '../../lib/records.ts'
import { dmy, Letterhead } from './agency.tsx'

const KINDS: Array<{ kind: StatementKind; label: string; adminOnly?: boolean }> = [
  { kind: 'agent', label: 'Agent' },
  { kind: 'customer', label: 'Customer' },
  { kind: 'vendor', label: 'Vendor', adminOnly: true },
  { kind: 'bank', label: 'Bank account', adminOnly: true },
  { kind: 'cash', label: 'Cash in office', adminOnly: true },
]

/** Names to pick from for the chosen kind (typing any other name is allowed). */
const useNameOptions = (kind: StatementKind, admin: boolean) => {
  const agents = useNames('agent')
  const vendors = useNames('vender')
  const banks = useBanks()
  const customers = useCustomers()
  if (kind === 'agent') return agents.data ?? []
  if (kind === 'vendor' && admin) return vendors.data ?? []
  if (kind === 'bank' && admin) return (banks.data ?? []).map((b) => b.name)
  if (kind === 'customer') {
    // Namesakes as the pick-list writes them, "Name (mobile)": the statement names that customer's account.
    const list = customers.data ?? []
    const counts = new Map<string, number>()
    for (const c of list) counts.set(c.name, (counts.get(c.name) ?? 0) + 1)
    return [...new Set(list.map((c) => customerValue(c, (counts.get(c.name) ?? 0) > 1)))]
  }
  return []
}

/** Book lines asked per page (decision 077): a busy month arrives a page at a time. */
export const STATEMENT_PAGE = 200

interface Asked {
  kind: StatementKind
  name: string
  from: string
  to: string
}

/** Statements of account: a party over a period, on screen, printable, as PDF, Excel and CSV. */
const StatementsPage = () => {
  const admin = useIsAdmin()
  const money = useMoney()
  const [kind, setKind] = useState<StatementKind>('agent')
  const [name, setName] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [asked, setAsked] = useState<Asked | null>(null)
  // The PDF's language (decision 044): '' follows the customer's saved choice, else English.
  const [paper, setPaper] = useState<'' | 'en' | 'ur'>('')
  const options = useNameOptions(kind, admin)
  const party = kind === 'cash' ? 'office' : name.trim()
  const path = asked
    ? `/statements/${asked.kind}/${encodeURIComponent(asked.kind === 'cash' ? 'office' : asked.name)}`
    : ''
  const query = { from: asked?.from || undefined, to: asked?.to || undefined }
  const pages = useInfiniteQuery({
    queryKey: ['statement', path, query.from, query.to],
    enabled: asked !== null,
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api.get<Statement & { page: LinesPage }>(path, { ...query, limit: STATEMENT_PAGE, offset: pageParam }),
    getNextPageParam: (last) =>
      last.page.offset + last.page.limit < last.page.lines_total
        ? last.page.offset + last.page.limit
        : undefined,
  })
  // The pages' rows end to end; the figures (opening, totals, closing) are the period's on every page.
  const first = pages.data?.pages[0]
  const statement = {
    ...pages,
    data: first && { ...first, rows: pages.data!.pages.flatMap((p) => p.rows) },
  }
  const last = pages.data?.pages.at(-1)?.page
  const shownLines = last ? Math.min(last.offset + last.limit, last.lines_total) : 0
  const more = pages.hasNextPage && first && (
    <LoadMore shown={shownLines} total={first.page.lines_total} noun="lines" pages={pages} />
  )
  const show = (e: FormEvent) => {
    e.preventDefault()
    if (!party) return
    setAsked({ kind, name: party, from, to })
  }
  const label = KINDS.find((k) => k.kind === asked?.kind)?.label ?? ''
  // A party kept in another currency (decision 123): its amounts in that currency, with the rate
  // and the rupee column of every line beside them.
  const fx = statement.data?.currency
  const inFx = (v: number | null | undefined) => `${fx} ${formatAmount(v ?? 0)}`
  const amount = fx ? inFx : money
  const side = (v: number | undefined) => (v ? money(v) : '')
  const both = (v: number, rupees: number | undefined) => (fx ? `${inFx(v)} (${money(rupees)})` : money(v))
  // The lines table's amount cells; a foreign party's rupee columns start after a rule.
  const num = 'whitespace-nowrap pr-2 text-right tabular-nums'
  const end = 'whitespace-nowrap text-right tabular-nums'
  const rupeeEdge = 'border-l border-slate-200 pl-2'
  const period =
    asked?.from || asked?.to ? `${dmy(asked?.from) || '…'} to ${dmy(asked?.to) || '…'}` : 'All dates'
  return (
    <section className="space-y-4">
      <h1 className="no-print text-xl font-semibold text-slate-900">Statements</h1>
      <form className="no-print card flex flex-wrap items-end gap-3 p-4" onSubmit={show}>
        <label className="w-full sm:w-44">
          <span className="label">Statement of</span>
          <select
            className="input"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as StatementKind)
              setName('')
            }}
          >
            {KINDS.filter((k) => admin || !k.adminOnly).map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        {/* Agents, vendors and banks are picked from their lists (issue 37); a customer may be a
            walk-in no list holds, so it is typed with the register's names offered. */}
        {kind !== 'cash' && kind !== 'customer' && (
          <div className="w-full sm:w-64">
            {/* Named by its label alone (a wrapping label would take every option's text as the name). */}
            <label htmlFor="statement-name" className="label">
              Name
            </label>
            <select
              id="statement-name"
              className="input"
              value={name}
              required
              onChange={(e) => setName(e.target.value)}
            >
              <option value="" disabled>
                {`Choose ${kind === 'bank' ? 'a bank' : `an ${kind === 'agent' ? 'agent' : 'vendor'}`}`}
              </option>
              {[...(name && !options.includes(name) ? [name] : []), ...options].map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </div>
        )}
        {kind === 'customer' && (
          <label className="w-full sm:w-64">
            <span className="label">Name</span>
            <input
              className="input"
              list="statement-names"
              value={name}
              required
              onChange={(e) => setName(e.target.value)}
            />
            <datalist id="statement-names">
              {options.map((o) => (
                <option key={o} value={o} />
              ))}
            </datalist>
          </label>
        )}
        <FromToDates from={from} to={to} onFrom={setFrom} onTo={setTo} />
        <label className="w-full sm:w-40">
          <span className="label">Paper language</span>
          <select className="input" value={paper} onChange={(e) => setPaper(e.target.value as typeof paper)}>
            <option value="">As saved</option>
            <option value="en">English</option>
            <option value="ur">Urdu</option>
          </select>
        </label>
        <button type="submit" className="btn-primary">
          Show statement
        </button>
      </form>
      {asked && statement.isPending && <p className="py-10 text-center text-slate-500">Loading data...</p>}
      {statement.isError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
          {statement.error instanceof ApiError ? statement.error.message : 'Failed to load the statement'}
        </p>
      )}
      {asked && statement.data && (
        <>
          {(asked.kind === 'agent' || asked.kind === 'vendor' || asked.kind === 'customer') && (
            <PartyProfilePanel kind={asked.kind} name={asked.name} from={asked.from} to={asked.to} />
          )}
          <ExportButtons
            path={path}
            query={{ ...query, lang: paper || undefined }}
            formats={['pdf', 'xlsx', 'csv']}
            name={`statement-${asked.kind}`}
            print
          />
          <article className="card print-sheet space-y-3 p-4 sm:p-6" aria-label="Statement">
            <Letterhead
              title="Statement of Account"
              refs={[asked.kind === 'cash' ? label : `${label}: ${asked.name}`, period]}
            />
            <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
              {(
                [
                  ['Opening balance', statement.data.opening, statement.data.opening_pkr],
                  ['Total debit', statement.data.totals.debit, statement.data.totals.debit_pkr],
                  ['Total credit', statement.data.totals.credit, statement.data.totals.credit_pkr],
                  ['Closing balance', statement.data.closing, statement.data.closing_pkr],
                ] as const
              ).map(([k, v, rupees]) => (
                <div key={k} className="rounded-md bg-slate-50 p-2">
                  <dt className="text-xs text-slate-500">{k}</dt>
                  <dd className="font-semibold tabular-nums" data-testid={k}>
                    {amount(v)}
                  </dd>
                  {fx && (
                    <dd className="text-xs tabular-nums text-slate-600" data-testid={`${k} in rupees`}>
                      {money(rupees)}
                    </dd>
                  )}
                </div>
              ))}
            </dl>
            <LineCards
              label="Statement lines"
              items={[
                {
                  key: 'opening',
                  title: `${dmy(asked.from) || 'Start'} · Opening balance`,
                  fields: [
                    {
                      label: 'Balance',
                      value: both(statement.data.opening, statement.data.opening_pkr),
                      strong: true,
                    },
                  ],
                },
                ...statement.data.rows.map((r, i) => ({
                  key: i,
                  title: `${dmy(r.date)} · ${r.entry}`,
                  note: r.detail,
                  fields: fx
                    ? [
                        { label: `Debit ${fx}`, value: r.debit ? inFx(r.debit) : '' },
                        { label: `Credit ${fx}`, value: r.credit ? inFx(r.credit) : '' },
                        { label: `Balance ${fx}`, value: inFx(r.balance), strong: true },
                        { label: 'Rate', value: r.rate == null ? '' : String(r.rate) },
                        { label: 'Debit in rupees', value: side(r.debit_pkr) },
                        { label: 'Credit in rupees', value: side(r.credit_pkr) },
                        { label: 'Balance in rupees', value: money(r.balance_pkr) },
                      ]
                    : [
                        { label: 'Debit', value: r.debit ? money(r.debit) : '' },
                        { label: 'Credit', value: r.credit ? money(r.credit) : '' },
                        { label: 'Balance', value: money(r.balance), strong: true },
                      ],
                })),
                {
                  key: 'totals',
                  title: 'Totals / closing balance',
                  fields: [
                    {
                      label: 'Debit',
                      value: both(statement.data.totals.debit, statement.data.totals.debit_pkr),
                    },
                    {
                      label: 'Credit',
                      value: both(statement.data.totals.credit, statement.data.totals.credit_pkr),
                    },
                    {
                      label: 'Balance',
                      value: both(statement.data.closing, statement.data.closing_pkr),
                      strong: true,
                    },
                  ],
                },
              ]}
            />
            <div className="sm:hidden">{more}</div>
            <div className="hidden overflow-x-auto sm:block">
              <table
                className={`w-full ${fx ? 'min-w-[56rem]' : 'min-w-[40rem]'} text-sm`}
                aria-label="Statement lines"
              >
                <thead>
                  <tr className="border-b border-slate-200 text-left text-xs uppercase text-slate-500">
                    <th className="py-2 pr-2">Date</th>
                    <th className="py-2 pr-2">Entry</th>
                    <th className="py-2 pr-2">Detail</th>
                    <th className={`${num} py-2`}>{fx ? `Debit ${fx}` : 'Debit'}</th>
                    <th className={`${num} py-2`}>{fx ? `Credit ${fx}` : 'Credit'}</th>
                    <th className={`${fx ? num : end} py-2`}>{fx ? `Balance ${fx}` : 'Balance'}</th>
                    {fx && (
                      <>
                        <th className={`${num} py-2`}>Rate</th>
                        <th className={`${num} ${rupeeEdge} py-2`}>Debit in rupees</th>
                        <th className={`${num} py-2`}>Credit in rupees</th>
                        <th className={`${end} py-2`}>Balance in rupees</th>
                      </>
                    )}
                  </tr>
                </thead>
                <tbody>
                  <tr className="border-b border-slate-100 text-slate-500">
                    <td className="py-1 pr-2">{dmy(asked.from)}</td>
                    <td />
                    <td className="py-1 pr-2">Opening balance</td>
                    <td />
                    <td />
                    <td className={`${fx ? num : end} py-1`}>{amount(statement.data.opening)}</td>
                    {fx && (
                      <>
                        <td />
                        <td className="border-l border-slate-200" />
                        <td />
                        <td className={`${end} py-1`}>{money(statement.data.opening_pkr)}</td>
                      </>
                    )}
                  </tr>
                  {statement.data.rows.map((r, i) => (
                    <tr key={i} className="border-b border-slate-100">
                      <td className="whitespace-nowrap py-1 pr-2">{dmy(r.date)}</td>
                      <td className="whitespace-nowrap py-1 pr-2">{r.entry}</td>
                      <td className="py-1 pr-2">{r.detail}</td>
                      <td className={`${num} py-1`}>{r.debit ? amount(r.debit) : ''}</td>
                      <td className={`${num} py-1`}>{r.credit ? amount(r.credit) : ''}</td>
                      <td className={`${fx ? num : end} py-1`}>{amount(r.balance)}</td>
                      {fx && (
                        <>
                          <td className={`${num} py-1`}>{r.rate ?? ''}</td>
                          <td className={`${num} ${rupeeEdge} py-1`}>{side(r.debit_pkr)}</td>
                          <td className={`${num} py-1`}>{side(r.credit_pkr)}</td>
                          <td className={`${end} py-1`}>{money(r.balance_pkr)}</td>
                        </>
                      )}
                    </tr>
                  ))}
                  {more && (
                    <tr className="border-b border-slate-100">
                      <td colSpan={fx ? 10 : 6}>{more}</td>
                    </tr>
                  )}
                  <tr className="font-semibold">
                    <td />
                    <td />
                    <td className="py-2 pr-2">Totals / closing balance</td>
                    <td className={`${num} py-2`}>{amount(statement.data.totals.debit)}</td>
                    <td className={`${num} py-2`}>{amount(statement.data.totals.credit)}</td>
                    <td className={`${fx ? num : end} py-2`}>{amount(statement.data.closing)}</td>
                    {fx && (
                      <>
                        <td />
                        <td className={`${num} ${rupeeEdge} py-2`}>
                          {money(statement.data.totals.debit_pkr)}
                        </td>
                        <td className={`${num} py-2`}>{money(statement.data.totals.credit_pkr)}</td>
                        <td className={`${end} py-2`}>{money(statement.data.closing_pkr)}</td>
                      </>
                    )}
                  </tr>
                </tbody>
              </table>
            </div>
            {(statement.data.voided?.length ?? 0) > 0 && (
              <div
                className="rounded-md border border-red-200 bg-red-50 p-3 text-sm"
                data-testid="statement-voided"
              >
                <p className="font-semibold text-red-800">
                  VOID in this period (their sale and payable cancel, so no line shows):
                </p>
                <ul className="mt-1 space-y-0.5 text-red-800">
                  {statement.data.voided?.map((v) => (
                    <li key={`${v.entry}-${v.date}`}>
                      {v.entry} VOID, {dmy(v.date)}: {v.reason}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </article>
        </>
      )}
    </section>
  )
}

export default StatementsPage
