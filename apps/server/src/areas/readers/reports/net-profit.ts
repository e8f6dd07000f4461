import {
  type Caller,
  formatAmount,
  formatDate,
  fromPaisa,
  type NetProfit,
  type NetProfitLine,
  NetProfitQuery,
  ReportAnswer,
} from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/connect.ts'
import { officeReader } from '../../../lib/caller-scope.ts'
import { parseBody } from '../../../lib/validate.ts'
import { requireAccess } from '../../../plugins/auth.ts'
import { agencySettings } from '../../platform/settings/routes.ts'
import { answer, money } from './document-answer.ts'
import { resultAccounts } from './sources.ts'

/**
 * Net profit over from..to (decision 053), read from the books: income (income:*), less cost of
 * sales (cost:*), is the gross profit the profit report totals; less expenses (expense:*: protector,
 * refunds, each expense type) is the net profit.
 */
export const netProfit = async (
  db: Db,
  caller: Caller | null,
  range: { from?: string; to?: string },
): Promise<NetProfit> => {
  officeReader(caller, 'office-figures')
  const accounts = await resultAccounts(db, range)
  const part = (kind: string, sign: 1 | -1) =>
    accounts
      .filter((a) => a.account.startsWith(`${kind}:`))
      .map((a) => ({ code: a.account, name: a.name, paisa: sign * a.net }))
  const income = part('income', -1)
  const cost = part('cost', 1)
  const expenses = part('expense', 1)
  const sum = (xs: { paisa: number }[]) => xs.reduce((s, x) => s + x.paisa, 0)
  const gross = sum(income) - sum(cost)
  const out = (xs: { code: string; name: string; paisa: number }[]): NetProfitLine[] =>
    xs.map((x) => ({ code: x.code, name: x.name, amount: fromPaisa(x.paisa) }))
  return {
    from: range.from ?? null,
    to: range.to ?? null,
    income: out(income),
    cost_of_sales: out(cost),
    expenses: out(expenses),
    totals: {
      income: fromPaisa(sum(income)),
      cost_of_sales: fromPaisa(sum(cost)),
      gross_profit: fromPaisa(gross),
      expenses: fromPaisa(sum(expenses)),
      net_profit: fromPaisa(gross - sum(expenses)),
    },
  }
}

/** Route schemas, declared for docs and types; the handler parses (lib/route-schemas.ts). */
const GET_REPORTS_NET_PROFIT = { schema: { querystring: NetProfitQuery, response: { 200: ReportAnswer } } }

/** GET /api/reports/net-profit (admin): JSON, PDF or XLSX. */
export const netProfitRoute = (app: FastifyInstance, db: Db) => {
  app.get(
    '/reports/net-profit',
    { preHandler: requireAccess('admin'), ...GET_REPORTS_NET_PROFIT },
    async (req, reply) => {
      const { from, to, format } = parseBody(NetProfitQuery, req.query)
      const settings = await agencySettings(db)
      const report = await netProfit(db, req.caller, { from, to })
      const t = report.totals
      const section = (label: string, lines: NetProfitLine[], total: number) => [
        { section: label, account: '', amount: null },
        ...lines.map((l) => ({ section: '', account: l.name, amount: l.amount })),
        { section: '', account: `Total ${label.toLowerCase()}`, amount: total },
      ]
      return answer(
        reply,
        settings,
        format,
        () => ({ ...report }),
        () => ({
          title: 'Net Profit',
          refs: [
            from || to ? `${from ? formatDate(from) : '…'} to ${to ? formatDate(to) : '…'}` : 'All dates',
          ],
          summary: [
            ['Gross profit', `${settings.currency} ${formatAmount(t.gross_profit)}`],
            ['Net profit', `${settings.currency} ${formatAmount(t.net_profit)}`],
          ],
          columns: [
            { key: 'section', label: 'Section', kind: 'text', pdfWidth: 20, width: 20 },
            { key: 'account', label: 'Account', kind: 'text', pdfWidth: 50, width: 40 },
            money('amount', 'Amount', 30),
          ],
          rows: [
            ...section('Income', report.income, t.income),
            ...section('Cost of sales', report.cost_of_sales, t.cost_of_sales),
            { section: 'Gross profit', account: '', amount: t.gross_profit },
            ...section('Expenses', report.expenses, t.expenses),
          ],
          footer: [{ section: 'Net profit', account: '', amount: t.net_profit }],
          file: `net-profit-${from ?? 'start'}-${to ?? 'now'}`,
        }),
      )
    },
  )
}
