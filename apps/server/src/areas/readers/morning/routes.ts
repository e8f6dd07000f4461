import { businessToday, fromPaisa, MorningAnswer, MyReceiptsAnswer, RECORD_TYPE_LABEL } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import { renamedCodes } from '../../../books/account-rows.ts'
import type { Db } from '../../../db/connect.ts'
import { officeReader } from '../../../lib/caller-scope.ts'
import { documentRoute } from '../../../lib/openapi.ts'
import type { AuthUser } from '../../../plugins/auth.ts'

documentRoute('/admin/morning', {
  get: {
    tags: ['Dashboard'],
    summary:
      "Admins: what waits for the owner this morning: staff sign-ups to approve and employees' correction requests.",
    responses: { '200': { description: '{ status, pending_users, corrections_waiting }' } },
  },
})
documentRoute('/my-receipts/today', {
  get: {
    tags: ['Dashboard'],
    summary:
      "The signed-in user's takings on the agency's business day: money into cash or a bank from the records and payments they entered, by method and bank, and each line.",
    responses: {
      '200': {
        description:
          '{ status, date, total, by_method: [{method, bank, amount}], lines: [{type, table, id, entry, name, method, bank, amount}] }',
      },
    },
  },
})

/**
 * The lines' account names the money by where it went: "cash" or "bank:<name>" (decision 018); a
 * renamed bank's lines keep its first code and read by its name now (decision 082).
 */
const methodOf = (account: string, renamed: ReadonlyMap<string, { name: string }>) =>
  account === 'cash'
    ? { method: 'Cash', bank: '' }
    : { method: 'Bank', bank: renamed.get(account)?.name ?? account.replace(/^bank:/, '') }

/**
 * The owner's morning (issue 23 item 8, decision 049). My receipts today reads the books: every
 * cash or bank line debited today whose record or payment the user entered (journal employee),
 * so it agrees with the day book and the cash in office.
 */
export const morningRoutes = async (app: FastifyInstance, db: Db) => {
  app.get('/admin/morning', { schema: { response: { 200: MorningAnswer } } }, async (req) => {
    officeReader(req.caller, 'admin-area')
    const count = async (q: Promise<{ n: number | string | bigint } | undefined>) => Number((await q)?.n ?? 0)
    const [pendingUsers, corrections] = await Promise.all([
      count(
        db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('is_approved', '=', 0)
          .executeTakeFirst(),
      ),
      count(
        db
          .selectFrom('corrections')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'pending')
          .executeTakeFirst(),
      ),
    ])
    return { status: 'success', pending_users: pendingUsers, corrections_waiting: corrections }
  })

  app.get('/my-receipts/today', { schema: { response: { 200: MyReceiptsAnswer } } }, async (req) => {
    officeReader(req.caller, 'staff-area')
    const user = req.user as AuthUser
    const today = businessToday()
    const rows = await db
      .selectFrom('posting_lines as l')
      .innerJoin('journal_rows as j', (join) =>
        join.onRef('j.source_type', '=', 'l.source_type').onRef('j.source_id', '=', 'l.source_id'),
      )
      .select([
        'l.source_type',
        'l.source_id',
        'l.account',
        'j.entry',
        'j.name',
        (eb) => eb.fn.sum<number>('l.debit').as('debit'),
      ])
      .where('j.employee', '=', user.username)
      .where('l.date', '=', today)
      .where('l.debit', '>', 0)
      .where((eb) => eb.or([eb('l.account', '=', 'cash'), eb('l.account', 'like', 'bank:%')]))
      .groupBy(['l.source_type', 'l.source_id', 'l.account', 'j.entry', 'j.name'])
      .orderBy('l.source_type')
      .orderBy('l.source_id')
      .execute()
    const renamed = await renamedCodes(db)
    const lines = rows.map((r) => ({
      type: r.source_type === 'payments' ? 'Payment' : (RECORD_TYPE_LABEL[r.source_type] ?? r.source_type),
      table: r.source_type,
      id: r.source_id,
      entry: r.entry,
      name: r.name,
      ...methodOf(r.account, renamed),
      amount: fromPaisa(Number(r.debit)),
    }))
    const byKey = new Map<string, { method: string; bank: string; paisa: number }>()
    for (const r of rows) {
      const m = methodOf(r.account, renamed)
      const key = `${m.method}|${m.bank}`
      const had = byKey.get(key) ?? { ...m, paisa: 0 }
      had.paisa += Number(r.debit)
      byKey.set(key, had)
    }
    const byMethod = [...byKey.values()]
      .sort((a, b) => a.method.localeCompare(b.method) || a.bank.localeCompare(b.bank))
      .map(({ paisa, ...m }) => ({ ...m, amount: fromPaisa(paisa) }))
    const total = fromPaisa(rows.reduce((n, r) => n + Number(r.debit), 0))
    return { status: 'success', date: today, total, by_method: byMethod, lines }
  })
}
