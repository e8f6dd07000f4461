import type { AccountEntry } from '@booking/shared'
import { useState } from 'react'
import type { Column } from '../../components/data-table.tsx'
import { RecordList } from '../../components/record-list.tsx'
import { useBanks } from '../../lib/records.ts'
import { AccountForm } from './account-form.tsx'

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
  const [chosen, setChosen] = useState('')
  const bank = chosen || banks.data?.find((b) => b.active)?.name || ''

  if (banks.isPending) return <p className="py-10 text-center text-slate-500">Loading data...</p>
  if (banks.isError)
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
        Failed to load data. Please try again later.
      </div>
    )

  return (
    <RecordList<AccountEntry>
      key={bank}
      title="Office Accounts"
      path="/accounts"
      listKey="accounts"
      label="entry"
      deleteTexts={{ invalidId: 'Invalid account ID. Cannot delete.', failed: 'Failed to delete entry.' }}
      columns={columns}
      defaultSort={{ key: 'date', desc: true }}
      editDelayMs={500}
      canModify={(row) => !row.source_type}
      params={{ name: bank }}
      filters={
        <select
          className="input w-full sm:w-56"
          aria-label="Bank"
          value={bank}
          onChange={(e) => setChosen(e.target.value)}
        >
          {banks.data.map((b) => (
            <option key={b.id} value={b.name}>
              {b.active ? b.name : `${b.name} (inactive)`}
            </option>
          ))}
        </select>
      }
      renderForm={(props) => <AccountForm {...props} bank={bank} />}
    />
  )
}
