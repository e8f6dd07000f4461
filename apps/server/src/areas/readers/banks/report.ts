import type { Reconciliation } from '@booking/shared'
import { formatAmount, formatDate, fromPaisa, monthName, toPaisa } from '@booking/shared'
import type { TableDocReader } from '../../platform/documents/render-job.ts'
import type { TableDoc } from '../../platform/documents/table-doc.ts'
import { type BankState, bankById, loadState } from './matching.ts'
import { monthEnd, reconcile } from './reconciliation.ts'

/**
 * A bank's reconciliation for a month (decision 063) as a table document: the balances and the
 * difference above, every unexplained line below (outstanding on either side), and how many of
 * the month's statement lines are matched.
 */
export const reconciliationDoc = (state: BankState, month: string, r: Reconciliation): TableDoc => {
  const inMonth = state.st.filter((l) => l.date.startsWith(month))
  const matched = inMonth.filter((l) => state.stMatch.has(l.id)).length
  // Sums in paisa, so the summary is exact.
  const sum = (xs: Array<{ amount: number; direction: string }>) =>
    xs.reduce((a, x) => a + (x.direction === 'in' ? toPaisa(x.amount) : -toPaisa(x.amount)), 0)
  const deposits = sum(r.outstanding_deposits)
  const payments = -sum(r.outstanding_payments)
  const unmatched = sum(r.unmatched_statement)
  const rs = (paisa: number) => formatAmount(fromPaisa(paisa))
  const statement = toPaisa(r.statement_balance)
  const rows = [
    ...r.outstanding_deposits.map((l) => ({
      date: l.date,
      what: 'Deposit not yet in the bank',
      ref: l.entry,
      detail: l.detail,
      in: l.amount,
      out: 0,
    })),
    ...r.outstanding_payments.map((l) => ({
      date: l.date,
      what: 'Payment not yet cleared',
      ref: l.entry,
      detail: l.detail,
      in: 0,
      out: l.amount,
    })),
    ...r.unmatched_statement.map((l) => ({
      date: l.date,
      what: 'On the statement, not in the books',
      ref: l.reference,
      detail: l.narration,
      in: l.direction === 'in' ? l.amount : 0,
      out: l.direction === 'out' ? l.amount : 0,
    })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  return {
    title: 'Bank reconciliation',
    refs: [state.bank.name, `${monthName(month)}, as of ${formatDate(r.as_of)}`],
    summary: [
      ['Statement balance', rs(statement)],
      ['Deposits in transit', rs(deposits)],
      ['Payments not cleared', rs(payments)],
      ['Adjusted bank balance', rs(statement + deposits - payments)],
      ['Balance in the books', rs(toPaisa(r.book_balance))],
      ['Difference', rs(toPaisa(r.difference))],
      ['Not yet in the books', rs(unmatched)],
      ['Statement lines', `${inMonth.length} this month, ${matched} matched`],
    ],
    columns: [
      { key: 'date', label: 'Date', kind: 'date', pdfWidth: 11 },
      { key: 'what', label: 'Item', kind: 'text', pdfWidth: 22, width: 30 },
      { key: 'ref', label: 'Ref / Entry', kind: 'text', pdfWidth: 11 },
      { key: 'detail', label: 'Detail', kind: 'text', pdfWidth: 32, width: 40 },
      { key: 'in', label: 'In', kind: 'money', pdfWidth: 12, blankZero: true },
      { key: 'out', label: 'Out', kind: 'money', pdfWidth: 12, blankZero: true },
    ],
    rows,
    footer: [
      {
        date: '',
        what: 'Total',
        ref: '',
        detail: '',
        in: fromPaisa(rows.reduce((a, x) => a + toPaisa(x.in), 0)),
        out: fromPaisa(rows.reduce((a, x) => a + toPaisa(x.out), 0)),
      },
    ],
    file: `bank-reconciliation-${state.bank.name.replace(/[^A-Za-z0-9]+/g, '-')}-${month}`,
  }
}

/** What the document worker needs to read a month's reconciliation itself. */
export interface ReconciliationDocInput {
  bankId: number
  month: string
}

/** This module, named to a document worker that reads and draws the reconciliation (decision 113). */
export const RECONCILIATION_DOC_READER = import.meta.url

/**
 * The month's reconciliation read and built in a document worker (decision 113): a bank's whole
 * statement is loaded and reconciled in memory, which held the main thread for seconds on a bank
 * of hundreds of thousands of lines.
 */
export const readTableDoc: TableDocReader<ReconciliationDocInput> = async (db, { bankId, month }) => {
  const state = await loadState(db, await bankById(db, bankId))
  return reconciliationDoc(state, month, await reconcile(db, state, monthEnd(month)))
}
