import { type AgentEntry, RECORD_SPECS } from '@booking/shared'
import { useState } from 'react'
import type { Column } from '../../components/data-table.tsx'
import { RecordList } from '../../components/record-list.tsx'
import { useNames } from '../../lib/records.ts'
import { AgentForm } from './agent-form.tsx'

const columns: Column<AgentEntry>[] = [
  { key: 'agent_name', header: 'Agent Name' },
  { key: 'date', header: 'Date', format: 'date' },
  { key: 'employee', header: 'Employee', hidden: true },
  { key: 'entry', header: 'Entry' },
  { key: 'detail', header: 'Detail' },
  { key: 'credit', header: 'Received', format: 'amount' },
  { key: 'debit', header: 'Paid Out in Cash', format: 'amount' },
  { key: 'receivable_amount', header: 'Receivable Amount', format: 'amount' },
  { key: 'paid_cash', header: 'Paid Cash', format: 'amount' },
  { key: 'paid_bank', header: 'Paid Bank', format: 'amount' },
  { key: 'balance', header: 'Balance', format: 'amount', pin: 'end', width: 120 },
]

/** Agent ledger: every agent's running balance, filtered by agent name. */
export default function AgentPage() {
  const names = useNames('agent')
  const [agent, setAgent] = useState('')
  return (
    <RecordList<AgentEntry>
      title="Agent"
      spec={RECORD_SPECS.agent_entries}
      label="agent entry"
      deleteTexts={{ invalidId: 'Invalid agent ID. Cannot delete.', failed: 'Failed to delete agent entry.' }}
      columns={columns}
      defaultSort={{ key: 'date', desc: true }}
      editDelayMs={500}
      canModify={(row) => !row.source_type}
      params={{ name: agent || undefined }}
      filters={
        <select
          className="input w-full sm:w-56"
          aria-label="Agent name filter"
          value={agent}
          onChange={(e) => setAgent(e.target.value)}
        >
          <option value="">All Agents</option>
          {names.data?.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      }
      renderForm={(props) => <AgentForm {...props} />}
    />
  )
}
