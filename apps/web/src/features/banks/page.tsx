import { isIsoDate, type StatementLine, todayIso } from '@booking/shared'
import { Wand2 } from 'lucide-react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { DateInput } from '../../components/date-input.tsx'
import { useBanks } from '../../lib/records.ts'
import { type ImportAnswer, messageOf, useAutoMatch, useReconciliation } from './api.ts'
import { ImportResult, ImportStatement } from './import-statement.tsx'
import { LoadFailed } from './load-failed.tsx'
import { MatchByHand } from './match-by-hand.tsx'
import { MatchesList } from './matches-list.tsx'
import { OpeningOffer } from './opening-offer.tsx'
import { PostLineDialog } from './post-line-dialog.tsx'
import { ReconciliationReport } from './report.tsx'
import { ReconciliationSummary } from './summary.tsx'

type Tab = 'reconcile' | 'import' | 'report'
const TABS: Array<{ key: Tab; label: string }> = [
  { key: 'reconcile', label: 'Reconcile' },
  { key: 'import', label: 'Import statement' },
  { key: 'report', label: 'Monthly report' },
]

const Reconcile = ({
  bankId,
  asOf,
  imported,
}: {
  bankId: number
  asOf: string
  /** The counts of the file just imported into this bank, shown above its reconciliation. */
  imported: ImportAnswer | null
}) => {
  const query = useReconciliation(bankId, asOf)
  // Matching runs after each import; this runs it again after records were added to the books.
  const autoMatch = useAutoMatch(bankId)
  const [posting, setPosting] = useState<StatementLine | null>(null)
  if (query.isPending) return <p className="py-10 text-center text-slate-500">Loading data...</p>
  if (query.isError) return <LoadFailed error={query.error} />
  return (
    <div className="space-y-4">
      {imported && (
        <section aria-label="Just imported" className="space-y-2">
          <p role="status" className="text-sm text-slate-700">
            {imported.message}
          </p>
          <ImportResult result={imported} />
        </section>
      )}
      <OpeningOffer bankId={bankId} data={query.data} />
      <ReconciliationSummary data={query.data} />
      <MatchByHand
        bankId={bankId}
        data={query.data}
        postButton={(line) => (
          <button
            type="button"
            className="btn-secondary px-2 py-1 text-xs"
            aria-label={`Post ${line.narration} to the books`}
            title="Post to the books"
            onClick={() => setPosting(line)}
          >
            Post
          </button>
        )}
      />
      <section aria-labelledby="matches-heading" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="matches-heading" className="text-base font-semibold text-slate-900">
            Matched lines
          </h2>
          <button
            type="button"
            className="btn-secondary"
            disabled={autoMatch.isPending}
            onClick={() =>
              autoMatch.mutate(undefined, {
                onSuccess: (a) =>
                  toast.success(
                    a.matched === 0 ? 'No new matches found' : `${a.matched.toLocaleString('en-US')} matched`,
                  ),
                onError: (err) => toast.error(messageOf(err, 'Matching failed')),
              })
            }
          >
            <Wand2 className="h-4 w-4" aria-hidden />
            {autoMatch.isPending ? 'Matching...' : 'Match automatically'}
          </button>
        </div>
        <MatchesList bankId={bankId} asOf={asOf} />
      </section>
      <PostLineDialog bankId={bankId} line={posting} onClose={() => setPosting(null)} />
    </div>
  )
}

/**
 * Bank Reconciliation (admins): a bank's statement imported and matched to its ledger, what is
 * outstanding on either side, the difference, and the month's report.
 */
export default function BankReconciliationPage() {
  const banks = useBanks()
  // The bank, day and tab live in the address (?bank=3&as_of=2026-10-31&tab=report), so a reload
  // keeps them and another screen (Month End) can link straight to one bank's reconciliation.
  const [params, setParams] = useSearchParams()
  const set = (key: string, value: string) =>
    setParams(
      (p) => {
        p.set(key, value)
        return p
      },
      { replace: true },
    )
  const chosen = Number(params.get('bank')) || null
  const setChosen = (id: number) => set('bank', String(id))
  const [asOf, setAsOfText] = useState(params.get('as_of') ?? todayIso())
  const setAsOf = (value: string) => {
    setAsOfText(value)
    if (isIsoDate(value)) set('as_of', value)
  }
  const tab: Tab = TABS.find((t) => t.key === params.get('tab'))?.key ?? 'reconcile'
  const setTab = (key: Tab) => set('tab', key)
  // No bank until someone chooses one (issue 37): a statement imported into the first bank of the
  // list because it was pre-selected is the mistake this screen must not invite.
  const bank = banks.data?.find((b) => b.id === chosen) ?? null
  const [imported, setImported] = useState<{ bankId: number; answer: ImportAnswer } | null>(null)
  // After an import the reconciliation opens on the bank just imported, its counts on top.
  const openImported = (bankId: number, answer: ImportAnswer) => {
    setImported({ bankId, answer })
    setParams(
      (p) => {
        p.set('bank', String(bankId))
        p.set('tab', 'reconcile')
        return p
      },
      { replace: true },
    )
  }
  const applied = isIsoDate(asOf) ? asOf : todayIso()

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">Bank Reconciliation</h1>
        <div className="flex w-full flex-wrap gap-3 sm:w-auto">
          <div className="min-w-0 flex-1 sm:w-60 sm:flex-none">
            <label htmlFor="recon-bank" className="label">
              Bank
            </label>
            <select
              id="recon-bank"
              className="input"
              value={bank?.id ?? ''}
              disabled={!banks.data}
              onChange={(e) => {
                setImported(null)
                setChosen(Number(e.target.value))
              }}
            >
              <option value="" disabled>
                Choose a bank
              </option>
              {(banks.data ?? []).map((b) => (
                <option key={b.id} value={b.id}>
                  {b.active ? b.name : `${b.name} (inactive)`}
                </option>
              ))}
            </select>
          </div>
          {tab === 'reconcile' && (
            <div className="w-40">
              <label htmlFor="recon-as-of" className="label">
                As of
              </label>
              <DateInput id="recon-as-of" className="input" value={asOf} onChange={setAsOf} />
            </div>
          )}
        </div>
      </div>
      <div
        role="tablist"
        aria-label="Bank reconciliation"
        className="flex flex-wrap gap-x-1 border-b border-slate-200"
      >
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`recon-tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls={`recon-panel-${t.key}`}
            className={`whitespace-nowrap border-b-2 px-2 py-2 text-sm font-medium sm:px-3 ${
              tab === t.key
                ? 'border-blue-600 text-blue-700'
                : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
            tabIndex={tab === t.key ? 0 : -1}
            onClick={() => setTab(t.key)}
            onKeyDown={(e) => {
              // Arrow keys move between tabs (the ARIA tabs pattern); Tab goes on to the panel.
              const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
              if (!step) return
              const next = TABS[(TABS.indexOf(t) + step + TABS.length) % TABS.length] as (typeof TABS)[number]
              setTab(next.key)
              document.getElementById(`recon-tab-${next.key}`)?.focus()
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`recon-panel-${tab}`} aria-labelledby={`recon-tab-${tab}`}>
        {banks.isPending ? (
          <p className="py-10 text-center text-slate-500">Loading data...</p>
        ) : banks.isError ? (
          <LoadFailed error={banks.error} />
        ) : banks.data.length === 0 ? (
          <p className="py-10 text-center text-slate-500">
            No bank accounts yet: add one under Office Accounts.
          </p>
        ) : !bank ? (
          <p className="py-10 text-center text-slate-500">
            Choose the bank whose statement you are reconciling.
          </p>
        ) : tab === 'reconcile' ? (
          <Reconcile
            key={bank.id}
            bankId={bank.id}
            asOf={applied}
            imported={imported?.bankId === bank.id ? imported.answer : null}
          />
        ) : tab === 'import' ? (
          <ImportStatement
            key={bank.id}
            bankId={bank.id}
            onImported={(answer) => openImported(bank.id, answer)}
          />
        ) : (
          <ReconciliationReport key={bank.id} bankId={bank.id} bankName={bank.name} />
        )}
      </div>
    </section>
  )
}
