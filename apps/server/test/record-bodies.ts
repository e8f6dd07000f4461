import { ALL_RECORD_SPECS } from '@booking/shared'
import { recordInput } from '@booking/shared/test-data'

/**
 * A valid body for every create (POST) the API has, keyed by its path, with the table it writes.
 * Record types come from the typed factories of `@booking/shared/test-data`; the fuzz and money
 * tests start from these, and a new create route without one fails the fuzz test.
 */
export const VALID_BODIES: Record<string, { table: string; body: Record<string, unknown> }> = {
  ...Object.fromEntries(
    ALL_RECORD_SPECS.map((s) => [`/api${s.path}`, { table: s.table, body: recordInput(s.table) }]),
  ),
  '/api/customers': { table: 'customers', body: { name: 'Ali Raza', mobile_number: '3001234567' } },
  '/api/agent-names': { table: 'agent_names', body: { name: 'Agent Fuzz' } },
  '/api/vender-names': { table: 'vender_names', body: { name: 'Vendor Fuzz' } },
  // Against the ticket above (posted first): a later cash payment of part of its remaining amount.
  '/api/payments': {
    table: 'payments',
    body: { source_type: 'ticket', source_id: 1, amount: 1, method: 'cash', note: 'first instalment' },
  },
  '/api/admin/banks': { table: 'banks', body: { name: 'Askari Fuzz' } },
  // Issue 24: the drawer counted at a day's end (a difference needs its note).
  '/api/cash-counts': { table: 'cash_counts', body: { date: '2026-01-05', counted: 0, note: 'Fuzz count' } },
}
