import {
  type AccountEntry,
  BOOKS_CURRENCY,
  CASH_IN_OFFICE,
  formatAmount,
  RECORD_SPECS,
  todayIso,
} from '@booking/shared'
import { ArrowLeftRight, Landmark } from 'lucide-react'
import { useState } from 'react'
import { usePartyRate } from '../../components/currency-rate.tsx'
import type { Column } from '../../components/data-table.tsx'
import { ManageBanksDialog } from '../../components/manage-banks-dialog.tsx'
import { RecordList } from '../../components/record-list.tsx'
import { useIsAdmin } from '../../lib/auth.tsx'
import { useBanks } from '../../lib/records.ts'
import { AccountForm } from './account-form.tsx'
import { TransferDialog } from './transfer-dialog.tsx'

const columns: Column<AccountEntry>[] = [
  { key: 'date', header: 'Date', format: 'date' },
  { key: 'entry', header: 'Entry' },
  { key: 'employee_name', header: 'Employee' },
  { key: 'vendor_name', header: 'Vendor' },
  { key: 'detail', header: 'Detail' },
  { key: 'credit', header: 'Credit', format: 'amount' },
  { key: 'debit', header: 'Debit', format: 'amount' },
  { key: 'balance', header: 'Balance', format: 'amount' },
]

/** A foreign bank's row (decision 150): its figures in the bank's currency, the rupees beside. */
type ForeignEntry = AccountEntry & { credit_pkr?: number; debit_pkr?: number; balance_pkr?: number }

/** A figure in the bank's currency over its rupees, the statement's both-currency reading. */
const bothCurrencies = (key: 'credit' | 'debit' | 'balance') => (row: AccountEntry) => {
  const r = row as ForeignEntry
  const rupees = r[`${key}_pkr`]
  return (
    <>
      {formatAmount(r[key] ?? 0)}
      {/* A side the row does not move (0 in both) shows no rupee line. */}
      {rupees !== undefined && (key === 'balance' || rupees !== 0 || r[key] !== 0) && (
        <span className="block text-[11px] text-slate-500">Rs {formatAmount(rupees)}</span>
      )}
    </>
  )
}

/** Up to the six decimals a rate is kept to, with no trailing zeros (74.85, 75.123457). */
const rateText = (row: AccountEntry) =>
  row.rate == null ? '' : row.rate.toLocaleString('en-US', { maximumFractionDigits: 6 })

/**
 * The columns of a bank kept in another currency: the spec's, the rate each row moved at, and its
 * amounts in the currency with the rupees under each (the running balance last, as ever).
 */
const foreignColumns = (currency: string): Column<AccountEntry>[] => [
  ...columns.filter((c) => c.format !== 'amount'),
  { key: 'rate', header: 'Rate', sortable: false, cell: rateText },
  ...(['credit', 'debit', 'balance'] as const).map((key) => ({
    ...columns.find((c) => c.key === key)!,
    unit: currency,
    cell: bothCurrencies(key),
  })),
]

/** Office Accounts (admins): one bank account's ledger at a time, with its running balance. */
export default function OfficeAccountsPage() {
  const banks = useBanks()
  const admin = useIsAdmin()
  const [chosen, setChosen] = useState('')
  const [managing, setManaging] = useState(false)
  const [transferring, setTransferring] = useState(false)
  // A chosen bank that was since deleted falls back to the first active one (or Cash in Office).
  const bank =
    chosen === CASH_IN_OFFICE
      ? CASH_IN_OFFICE
      : (banks.data?.find((b) => b.name === chosen)?.name ??
        banks.data?.find((b) => b.active)?.name ??
        CASH_IN_OFFICE)
  // The bank's currency (decision 132's proposal call); "Cash in Office" is rupees.
  const kept = usePartyRate('bank', bank === CASH_IN_OFFICE ? '' : bank, todayIso())
  const currency = kept.data?.currency ?? BOOKS_CURRENCY

  if (banks.isPending) return <p className="py-10 text-center text-slate-500">Loading data...</p>
  if (banks.isError)
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
        Failed to load data. Please try again later.
      </div>
    )

  return (
    <>
      <RecordList<AccountEntry>
        key={bank}
        title="Office Accounts"
        spec={RECORD_SPECS.account_entries}
        label="entry"
        deleteTexts={{ invalidId: 'Invalid account ID. Cannot delete.', failed: 'Failed to delete entry.' }}
        columns={currency === BOOKS_CURRENCY ? columns : foreignColumns(currency)}
        defaultSort={{ key: 'date', desc: true }}
        editDelayMs={500}
        canModify={(row) => !row.source_type}
        params={{ name: bank }}
        filters={
          <div className="flex w-full flex-wrap gap-2 sm:w-auto sm:flex-nowrap">
            <select
              className="input min-w-0 basis-full sm:basis-auto sm:w-56"
              aria-label="Bank"
              value={bank}
              onChange={(e) => setChosen(e.target.value)}
            >
              {/* The cash account's ledger, beside the banks' (issue 13). */}
              <option value={CASH_IN_OFFICE}>{CASH_IN_OFFICE}</option>
              {banks.data.map((b) => (
                <option key={b.id} value={b.name}>
                  {b.active ? b.name : `${b.name} (inactive)`}
                </option>
              ))}
            </select>
            {admin && (
              <button type="button" className="btn-secondary shrink-0" onClick={() => setManaging(true)}>
                <Landmark className="h-4 w-4" aria-hidden />
                Manage Banks
              </button>
            )}
            {admin && (
              <button type="button" className="btn-secondary shrink-0" onClick={() => setTransferring(true)}>
                <ArrowLeftRight className="h-4 w-4" aria-hidden />
                Transfer
              </button>
            )}
          </div>
        }
        renderForm={(props) => <AccountForm {...props} bank={bank} />}
      />
      {admin && transferring && (
        <TransferDialog
          open={transferring}
          onOpenChange={setTransferring}
          bank={bank === CASH_IN_OFFICE ? '' : bank}
        />
      )}
      {admin && (
        <ManageBanksDialog
          open={managing}
          onOpenChange={setManaging}
          onRenamed={(from, to) => bank === from && setChosen(to)}
        />
      )}
    </>
  )
}
