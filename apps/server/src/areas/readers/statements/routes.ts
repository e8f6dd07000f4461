import {
  formatAmount,
  formatDate,
  fromPaisa,
  STATEMENT_KINDS,
  type Statement,
  StatementAnswer,
  type StatementKind,
  StatementQuery,
} from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Db } from '../../../db/connect.ts'
import { customerIdOfAccount } from '../../../lib/books/accounts.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { parseBody } from '../../../lib/validate.ts'
import { resolvePaperLang } from '../../platform/documents/paper-lang.ts'
import { fileSafe } from '../../platform/documents/pdf.ts'
import { refuseOverLimit, sendTableDoc, type TableDoc } from '../../platform/documents/table-doc.ts'
import { agencySettings, printedAt } from '../../platform/settings/routes.ts'
import { statementLineCount } from './line-count.ts'
import { statementPage } from './page.ts'
import { openingBalance, statementAccount, statementLines } from './sources.ts'

/** Book lines on a page when only `offset` is given. */
const PAGE = 100

/** Statements staff may take; the rest are admin-only, like their screens. */
const EMPLOYEE_KINDS: ReadonlySet<StatementKind> = new Set(['agent', 'customer'])

export const KIND_LABELS: Record<StatementKind, string> = {
  agent: 'Agent',
  vendor: 'Vendor',
  bank: 'Bank account',
  cash: 'Cash in office',
  customer: 'Customer',
}

const Params = z.object({
  kind: z.enum(STATEMENT_KINDS, { error: 'Statement must be agent, vendor, bank, cash or customer' }),
  name: z.string().trim().min(1, 'Name is required').max(200, 'At most 200 characters'),
})

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
  const opening = await openingBalance(db, account, range.from)
  const lines = await statementLines(db, account, range)
  let balance = opening
  let debit = 0
  let credit = 0
  const rows = lines.map((l) => {
    balance += l.debit - l.credit
    debit += l.debit
    credit += l.credit
    return {
      date: l.date,
      entry: l.entry,
      detail: l.detail,
      debit: fromPaisa(l.debit),
      credit: fromPaisa(l.credit),
      balance: fromPaisa(balance),
    }
  })
  return {
    opening: fromPaisa(opening),
    rows,
    closing: fromPaisa(balance),
    totals: { debit: fromPaisa(debit), credit: fromPaisa(credit) },
  }
}

const period = (from?: string, to?: string) =>
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
  return {
    title: 'Statement of Account',
    refs: [party, period(range.from, range.to)],
    summary: [
      ['Opening balance', `${currency} ${formatAmount(s.opening)}`],
      ['Total debit', `${currency} ${formatAmount(s.totals.debit)}`],
      ['Total credit', `${currency} ${formatAmount(s.totals.credit)}`],
      ['Closing balance', `${currency} ${formatAmount(s.closing)}`],
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

/** GET /api/statements/{kind}/{name}?from=&to=&format=json|pdf|xlsx|csv&limit=&offset= */
/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const GET_STATEMENTS_KIND_NAME = {
  schema: { params: Params, querystring: StatementQuery, response: { 200: StatementAnswer } },
}

export const statementRoutes = async (app: FastifyInstance, db: Db) => {
  app.get('/statements/:kind/:name', GET_STATEMENTS_KIND_NAME, async (req, reply) => {
    const { kind, name } = parseBody(Params, req.params)
    if (!EMPLOYEE_KINDS.has(kind) && req.user?.role !== 'admin')
      throw new HttpError(403, 'Only admins can do this')
    const { from, to, format, limit, offset } = parseBody(StatementQuery, req.query)
    const { account, exists } = await statementAccount(db, kind, name)
    if (!exists) throw new HttpError(404, `${KIND_LABELS[kind]} not found`)
    // A page for the screen (decision 077); documents are always the whole statement.
    if (format === 'json' && (limit !== undefined || offset !== undefined)) {
      const page = await statementPage(
        db,
        account,
        { from, to },
        { limit: limit ?? PAGE, offset: offset ?? 0 },
      )
      return { status: 'success', kind, name, from: from ?? null, to: to ?? null, ...page }
    }
    // The opening line makes one more row than the account has lines.
    if (format !== 'json') refuseOverLimit(format, (await statementLineCount(db, account, { from, to })) + 1)
    const statement = await buildStatement(db, kind, name, { from, to })
    if (format === 'json')
      return { status: 'success', kind, name, from: from ?? null, to: to ?? null, ...statement }
    const settings = await agencySettings(db)
    const lang = await resolvePaperLang(db, req.query, customerIdOfAccount(account))
    return sendTableDoc(
      reply,
      settings,
      statementDoc(kind, name, { from, to }, statement, settings.currency),
      format,
      printedAt(settings),
      lang,
    )
  })
}
