import {
  BOOKS_CURRENCY,
  formatAmount,
  formatDate,
  fromPaisa,
  type Statement,
  type StatementKind,
} from '@booking/shared'
import type { Db } from '../../../db/connect.ts'
import { fileSafe } from '../../platform/documents/pdf.ts'
import type { TableDocReader } from '../../platform/documents/render-job.ts'
import type { TableDoc } from '../../platform/documents/table-doc.ts'
import { accountCurrency, foreignStatement } from './foreign.ts'
import { statementRow } from './page.ts'
import { openingBalance, statementAccount, statementLines, voidsOnStatement } from './sources.ts'

// A whole statement and its document (PDF, XLSX, CSV). A large one is read and built in a
// document worker (decision 079), which loads this module, so it stays free of routes and HTTP.

export const KIND_LABELS: Record<StatementKind, string> = {
  agent: 'Agent',
  vendor: 'Vendor',
  bank: 'Bank account',
  cash: 'Cash in office',
  customer: 'Customer',
}

/**
 * One party's statement over a period: the opening balance (every line before `from`), each line
 * with its running balance, and the closing balance. Rupees; balance = opening + debit − credit.
 */
export const buildStatement = async (
  db: Db,
  kind: StatementKind,
  name: string,
  range: { from?: string; to?: string },
): Promise<Statement> => {
  const { account } = await statementAccount(db, kind, name)
  const currency = await accountCurrency(db, account)
  if (currency !== BOOKS_CURRENCY)
    return {
      ...(await foreignStatement(db, account, currency, range)),
      voided: await voidsOnStatement(db, account, range),
    }
  const opening = await openingBalance(db, account, range.from)
  const lines = await statementLines(db, account, range)
  let balance = opening
  let debit = 0
  let credit = 0
  const rows = lines.map((l) => {
    balance += l.debit - l.credit
    debit += l.debit
    credit += l.credit
    return statementRow(l, balance)
  })
  return {
    opening: fromPaisa(opening),
    rows,
    closing: fromPaisa(balance),
    totals: { debit: fromPaisa(debit), credit: fromPaisa(credit) },
    voided: await voidsOnStatement(db, account, range),
  }
}

/** A statement's period as printed: "01/11/2026 to 30/11/2026", "From …", "Up to …", "All dates". */
export const periodText = (from?: string | null, to?: string | null) =>
  from && to
    ? `${formatDate(from)} to ${formatDate(to)}`
    : from
      ? `From ${formatDate(from)}`
      : to
        ? `Up to ${formatDate(to)}`
        : 'All dates'

/** A statement as a table document for PDF, XLSX and CSV. */
export const statementDoc = (
  kind: StatementKind,
  name: string,
  range: { from?: string; to?: string },
  s: Statement,
  currency: string,
): TableDoc => {
  const party = kind === 'cash' ? KIND_LABELS.cash : `${KIND_LABELS[kind]}: ${name}`
  if (s.currency) return foreignDoc(kind, name, party, range, s, s.currency, currency)
  return {
    title: 'Statement of Account',
    refs: [party, periodText(range.from, range.to)],
    summary: [
      ['Opening balance', `${currency} ${formatAmount(s.opening)}`],
      ['Total debit', `${currency} ${formatAmount(s.totals.debit)}`],
      ['Total credit', `${currency} ${formatAmount(s.totals.credit)}`],
      ['Closing balance', `${currency} ${formatAmount(s.closing)}`],
      // Void tickets' lines cancel, so no row shows them; the paper says they were voided (092).
      ...(s.voided?.length
        ? [
            [
              'VOID in this period',
              s.voided.map((v) => `${v.entry} (${formatDate(v.date)}): ${v.reason}`).join('; '),
            ] as [string, string],
          ]
        : []),
    ],
    columns: [
      { key: 'date', label: 'Date', kind: 'date', pdfWidth: 11 },
      { key: 'entry', label: 'Entry', kind: 'text', pdfWidth: 12 },
      { key: 'detail', label: 'Detail', kind: 'text', pdfWidth: 35, width: 40 },
      { key: 'debit', label: 'Debit', kind: 'money', pdfWidth: 14 },
      { key: 'credit', label: 'Credit', kind: 'money', pdfWidth: 14 },
      { key: 'balance', label: 'Balance', kind: 'money', pdfWidth: 14 },
    ],
    rows: [
      { date: range.from ?? '', entry: '', detail: 'Opening balance', balance: s.opening },
      // A zero side is left blank, as on a printed ledger.
      ...s.rows.map((r) => ({ ...r, debit: r.debit || null, credit: r.credit || null })),
    ],
    footer: [
      {
        detail: 'Totals / closing balance',
        debit: s.totals.debit,
        credit: s.totals.credit,
        balance: s.closing,
      },
    ],
    file: `statement-${kind}-${fileSafe(name)}-${range.from ?? 'start'}-${range.to ?? 'now'}`,
  }
}

/**
 * A statement in the party's currency as a document (decision 123): the amounts in it, then the
 * rate and the rupee debit, credit and balance of every line; the summary gives both closings.
 */
const foreignDoc = (
  kind: StatementKind,
  name: string,
  party: string,
  range: { from?: string; to?: string },
  s: Statement,
  fx: string,
  pkr: string,
): TableDoc => ({
  title: 'Statement of Account',
  refs: [
    party,
    periodText(range.from, range.to),
    `Amounts in ${fx}, with rupees (${pkr}) at each line's rate`,
  ],
  summary: [
    ['Opening balance', `${fx} ${formatAmount(s.opening)} (${pkr} ${formatAmount(s.opening_pkr ?? 0)})`],
    [
      'Total debit',
      `${fx} ${formatAmount(s.totals.debit)} (${pkr} ${formatAmount(s.totals.debit_pkr ?? 0)})`,
    ],
    [
      'Total credit',
      `${fx} ${formatAmount(s.totals.credit)} (${pkr} ${formatAmount(s.totals.credit_pkr ?? 0)})`,
    ],
    ['Closing balance', `${fx} ${formatAmount(s.closing)} (${pkr} ${formatAmount(s.closing_pkr ?? 0)})`],
  ],
  columns: [
    { key: 'date', label: 'Date', kind: 'date', pdfWidth: 11 },
    { key: 'entry', label: 'Entry', kind: 'text', pdfWidth: 10 },
    { key: 'detail', label: 'Detail', kind: 'text', pdfWidth: 14, width: 34 },
    { key: 'debit', label: `Debit ${fx}`, kind: 'money', pdfWidth: 9 },
    { key: 'credit', label: `Credit ${fx}`, kind: 'money', pdfWidth: 10 },
    { key: 'balance', label: `Balance ${fx}`, kind: 'money', pdfWidth: 11 },
    { key: 'rate', label: 'Rate', kind: 'text', pdfWidth: 7 },
    { key: 'debit_pkr', label: `Debit ${pkr}`, kind: 'money', pdfWidth: 9 },
    { key: 'credit_pkr', label: `Credit ${pkr}`, kind: 'money', pdfWidth: 9 },
    { key: 'balance_pkr', label: `Balance ${pkr}`, kind: 'money', pdfWidth: 11 },
  ],
  rows: [
    {
      date: range.from ?? '',
      entry: '',
      detail: 'Opening balance',
      balance: s.opening,
      balance_pkr: s.opening_pkr ?? 0,
    },
    ...s.rows.map((r) => ({
      ...r,
      debit: r.debit || null,
      credit: r.credit || null,
      // A rupee line (an exchange difference) has no rate: blank, as its riyal sides are.
      rate: r.rate == null ? '' : String(r.rate),
      debit_pkr: r.debit_pkr || null,
      credit_pkr: r.credit_pkr || null,
    })),
  ],
  footer: [
    {
      detail: 'Totals / closing balance',
      debit: s.totals.debit,
      credit: s.totals.credit,
      balance: s.closing,
      debit_pkr: s.totals.debit_pkr ?? 0,
      credit_pkr: s.totals.credit_pkr ?? 0,
      balance_pkr: s.closing_pkr ?? 0,
    },
  ],
  file: `statement-${kind}-${fileSafe(name)}-${range.from ?? 'start'}-${range.to ?? 'now'}`,
})

/** What a document worker needs to read a statement's document. */
export interface StatementDocInput {
  kind: StatementKind
  name: string
  range: { from?: string; to?: string }
  currency: string
}

/** This module, for a document worker to load (render-job.ts). */
export const STATEMENT_DOC_READER = import.meta.url

export const readTableDoc: TableDocReader<StatementDocInput> = async (db, { kind, name, range, currency }) =>
  statementDoc(kind, name, range, await buildStatement(db, kind, name, range), currency)
