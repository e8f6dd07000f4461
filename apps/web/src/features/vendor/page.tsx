import { RECORD_SPECS, type VendorEntry } from '@booking/shared'
import { useState } from 'react'
import type { Column } from '../../components/data-table.tsx'
import { RecordList } from '../../components/record-list.tsx'
import { ApiError } from '../../lib/api.ts'
import { useNames } from '../../lib/records.ts'
import { VendorForm } from './vendor-form.tsx'

const columns: Column<VendorEntry>[] = [
  { key: 'vender_name', header: 'VENDOR NAME' },
  { key: 'date', header: 'DATE', format: 'date' },
  { key: 'entry', header: 'ENTRY' },
  { key: 'bank_title', header: 'BANK TITLE' },
  { key: 'detail', header: 'DETAIL' },
  { key: 'credit', header: 'PAYABLE', format: 'amount' },
  { key: 'debit', header: 'PAYED', format: 'amount' },
  { key: 'remaining_amount', header: 'BALANCE', format: 'amount' },
]

/** Vendor ledger (admins): payables, payments and each vendor's running balance. */
export default function VendorPage() {
  const names = useNames('vender')
  const [vendor, setVendor] = useState('')
  return (
    <RecordList<VendorEntry>
      title="Vendor"
      spec={RECORD_SPECS.vender_entries}
      label="vendor entry"
      deleteTexts={{
        invalidId: 'Invalid vendor ID. Cannot delete.',
        failed: 'Failed to delete vendor entry.',
      }}
      deleteMessage="Are you sure you want to delete this vendor entry? This will recalculate all remaining balances."
      errorText={(err) =>
        (err instanceof ApiError && err.status > 0 && err.message) || 'Failed to fetch data'
      }
      columns={columns}
      defaultSort={{ key: 'date', desc: true }}
      editDelayMs={500}
      canModify={(row) => !row.source_type}
      params={{ name: vendor || undefined }}
      filters={
        <select
          className="input w-full sm:w-56"
          aria-label="Vendor name filter"
          value={vendor}
          onChange={(e) => setVendor(e.target.value)}
        >
          <option value="">All Vendors</option>
          {names.data?.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      }
      renderForm={(props) => <VendorForm {...props} />}
    />
  )
}
