import { type AccountEntry, CASH_IN_OFFICE, RECORD_SPECS } from '@booking/shared'
import { ArrowLeftRight, Landmark } from 'lucide-react'
import { useState } from 'react'
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
        columns={columns}
        defaultSort={{ key: 'date', desc: true }}
        editDelayMs={500}
        canModify={(row) => !row.source_type}
        params={{ name: bank }}
        filters={
          <div className="flex w-full gap-2 sm:w-auto">
            <select
              className="input min-w-0 flex-1 sm:w-56"
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
