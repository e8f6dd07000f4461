import { formatAmount, formatDate } from '@booking/shared'
import { bankById, loadState } from '../banks/matching.ts'
import { reconcile } from '../banks/reconciliation.ts'
import type { MonthEndProvider } from './month-end-provider.ts'

const MAX_DETAILS = 20

/**
 * The bank statement lines of the month-end checklist (issue 24 items 1-2 and 4, decisions 063,
 * 066): each active bank that moved money or has a statement up to the month's end, reconciled as
 * of that day with the bank area's own reconciliation. A bank is not reconciled when no statement
 * was imported or its difference is not 0; its statement lines of the month that match no book
 * line are "unmatched".
 */
export const bankItems: MonthEndProvider = async (db, range) => {
  const banks = await db
    .selectFrom('banks')
    .select(['id', 'name'])
    .where('active', '=', 1)
    .orderBy('id')
    .execute()
  const notReconciled: string[] = []
  const unmatched: string[] = []
  let unmatchedLines = 0
  for (const b of banks) {
    const state = await loadState(db, await bankById(db, b.id))
    const used =
      state.st.some((l) => l.date <= range.to) ||
      Boolean(
        await db
          .selectFrom('posting_lines')
          .select('id')
          .where('account', '=', state.bank.account)
          .where('date', '<=', range.to)
          .executeTakeFirst(),
      )
    if (!used) continue
    const r = await reconcile(db, state, range.to)
    if (r.start === null) notReconciled.push(`${b.name}: no statement imported`)
    else if (r.difference !== 0) notReconciled.push(`${b.name}: difference ${formatAmount(r.difference)}`)
    const month = r.unmatched_statement.filter((l) => l.date >= range.from)
    if (month.length > 0) {
      unmatchedLines += month.length
      unmatched.push(
        `${b.name}: ${month.length} line${month.length > 1 ? 's' : ''} from ${formatDate(month[0]!.date)}`,
      )
    }
  }
  return [
    {
      key: 'banks',
      label: 'Banks not reconciled',
      ok: notReconciled.length === 0,
      count: notReconciled.length,
      details: notReconciled.slice(0, MAX_DETAILS),
    },
    {
      key: 'statement_lines',
      label: 'Statement lines unmatched',
      ok: unmatchedLines === 0,
      count: unmatchedLines,
      details: unmatched.slice(0, MAX_DETAILS),
    },
  ]
}
