import { recordInput } from '@booking/shared/test-data'
import { describe, expect, it } from 'vitest'
import { trialBalance } from '../src/areas/readers/reports/trial-balance.ts'
import { booksCheck } from '../src/books/check.ts'
import { backfillCosts } from '../src/books/cost-backfill.ts'
import { customerAccountOf, partyAccountOf } from '../src/books/index.ts'
import { postEntry } from '../src/books/post.ts'
import { saleMoves } from '../src/books/sale.ts'
import { moneyOut } from '../src/db/money-columns.ts'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'

/**
 * Issue 32 item 7 (decision 146): a Ticket's or NAVTCC's payable with no vendor named posts its
 * cost to the type's "Costs to pay", so the books check proves the record's profit from its lines.
 * Records saved before posted no cost (emulated here: their entry posted again with the old rule);
 * migration 0053's backfill posts it, except on a closed day, which stays as it was.
 */
const EARLY = '2026-11-05'

describe(`a payable with no vendor (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, COMMON_NAMES))

  it('posts its cost to pay; the upgrade back-fills open days and leaves closed ones', async () => {
    const unpaid = { paid_cash: 0, paid_in_bank: 0 }
    const ticket = (payable: number) =>
      t.call('employee', 'POST', '/api/ticket', {
        ...recordInput('tickets'),
        ...unpaid,
        bank_title: '',
        vendor_name: '',
        receivable_amount: 100_000,
        payable_to_vendor: payable,
      })
    const open = await ticket(80_000)
    const closed = await ticket(70_000)
    const navtcc = await t.call('employee', 'POST', '/api/navtcc', {
      ...recordInput('navtcc'),
      ...unpaid,
      paid_from_bank: '',
    })
    for (const res of [open, closed, navtcc]) expect(res.status, JSON.stringify(res.body)).toBe(201)
    const db = t.app.db
    const balance = async (code: string) =>
      (await trialBalance(db)).accounts.find((a) => a.code === code)?.balance ?? 0
    // Posted on save: Dr cost of sales, Cr the type's costs to pay; the check proves each profit.
    expect(await balance('accrued:tickets')).toBe(-150_000)
    expect(await balance('accrued:navtcc')).toBe(-45_000)
    const names = (await trialBalance(db)).accounts
      .filter((a) => a.code.startsWith('accrued:'))
      .map((a) => a.name)
    expect(names.sort()).toEqual(['Costs to pay: Navtcc', 'Costs to pay: Ticket'])
    expect((await booksCheck(db, { full: true })).first_divergence).toBeUndefined()

    // As the previous release left them: the same sale, no cost line; the second ticket on an earlier day.
    const ids = {
      tickets: [open.body.ticket.id, closed.body.ticket.id],
      navtcc: [navtcc.body.navtcc.id],
    }
    await db
      .updateTable('tickets')
      .set({ created_at: `${EARLY}T06:00:00.000Z` })
      .where('id', '=', ids.tickets[1])
      .execute()
    await db.transaction().execute(async (trx) => {
      for (const [table, list] of Object.entries(ids) as ['tickets' | 'navtcc', number[]][])
        for (const id of list) {
          const row = moneyOut(
            table,
            await trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
          )
          const party = table === 'tickets' ? partyAccountOf(row) : customerAccountOf(row)
          const moves = saleMoves({
            party,
            type: table,
            receivable: Number(row.receivable_amount),
            cash: 0,
            bank: '',
            bankAmount: 0,
            vendor: '',
            payable: 0,
          })
          const day = String(row.created_at).slice(0, 10)
          await postEntry(trx, {
            source: { type: table, id },
            day,
            meta: { entry: String(row.entry), detail: 'as before' },
            moves,
          })
        }
    })
    expect(await balance('accrued:tickets')).toBe(0)
    // The check sees the gap: a payable whose cost no line carries.
    const gap = await booksCheck(db, { full: true })
    expect(gap.first_divergence?.check).toBe('profit in the books')

    const lock = await t.call('admin', 'PUT', '/api/admin/books/lock', { through: EARLY, confirm: true })
    expect(lock.status, JSON.stringify(lock.body)).toBe(200)
    await db
      .insertInto('settings')
      .values({ key: 'books_backfill_0053', value: JSON.stringify({ step: 0, after: 0 }) })
      .execute()
    await backfillCosts(db)
    expect(
      await db
        .selectFrom('settings')
        .select('key')
        .where('key', '=', 'books_backfill_0053')
        .executeTakeFirst(),
    ).toBeUndefined()
    // Open days now carry their cost; the closed day's ticket kept its lines.
    expect(await balance('accrued:tickets')).toBe(-80_000)
    expect(await balance('accrued:navtcc')).toBe(-45_000)
    const closedLines = await db
      .selectFrom('current_lines')
      .select(['account', 'date'])
      .where('source_type', '=', 'tickets')
      .where('source_id', '=', ids.tickets[1]!)
      .execute()
    expect(closedLines.map((l) => l.date)).toEqual(closedLines.map(() => EARLY))
    expect(closedLines.some((l) => String(l.account).startsWith('cost:'))).toBe(false)
    // Proven again: every open record's profit from its lines, the closed one by its formula.
    expect((await booksCheck(db, { full: true })).first_divergence).toBeUndefined()
  })
})
