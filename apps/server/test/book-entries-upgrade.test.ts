import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { booksCheck } from '../src/books/trial-balance.ts'
import { connect } from '../src/db/connect.ts'
import { dbKind } from '../src/db/dialect.ts'
import * as splitCheckpoints from '../src/db/migrations/0033_split_checkpoints.ts'
import * as accountsMigration from '../src/db/migrations/0034_accounts.ts'
import type { Database } from '../src/db/schema.ts'
import { DB_KIND, TEST_SECRET } from './harness.ts'
import { addNames, passenger, setupTestApp } from './helpers.ts'
import { backBeforeMoneyOnce } from './money-once-shape.ts'

/**
 * Issue 21: a database of the release before entry headers (migration 0024) upgrades, and its trial
 * balance, ledgers and dashboard answer the same figures before and after. The books are written
 * through the API (creates, edits that move money and change accounts, a delete, payments), then
 * put back in the previous release's shape: one line per record and account, the line an edit
 * kept in place where it was (ids in the books' (place, id) order), no headers, no 0022 columns.
 */
const ticket = (agent: string, cash: number, bank: number, receivable = 100_000) => ({
  employee_name: 'emp',
  agent_name: agent,
  customer_add: 'Ali Traders',
  reference: 'R',
  depart_date: '2026-12-10',
  return_date: '2026-12-20',
  sector: 'LHE-DXB',
  airline: 'Emirates',
  adults: 1,
  children: 0,
  infants: 0,
  passport_detail: JSON.stringify([passenger('Ali', 'Khan')]),
  receivable_amount: receivable,
  paid_cash: cash,
  bank_title: bank > 0 ? 'UBL Account 1' : '',
  paid_in_bank: bank,
  payable_to_vendor: 60_000,
  vendor_name: 'Vendor V',
})

const SCREENS = [
  '/api/reports/trial-balance',
  '/api/reports/trial-balance?to=2026-11-19',
  '/api/agent?name=Agent%20A',
  '/api/agent?name=Agent%20A&sort=-date&limit=2',
  '/api/vender?name=Vendor%20V',
  '/api/accounts/UBL%20Account%201',
  '/api/accounts/Cash%20in%20Office',
  '/api/accounts/Cash%20in%20Office?limit=2&offset=1',
  '/api/dashboard',
  '/api/dashboard/bookings?limit=50',
  '/api/statements/agent/Agent%20A',
  '/api/statements/agent/Agent%20A?limit=2',
  '/api/statements/cash/x',
]

/** A Cash in Office row's id is its line's place, which the upgrade renumbers; every figure stays. */
const figures = (url: string, body: unknown) =>
  url.startsWith('/api/accounts/Cash')
    ? (body as Record<string, unknown>[]).map(({ id: _id, ...rest }) => rest)
    : body

describe(`book entries upgrade (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, { agents: ['Agent A'], vendors: ['Vendor V'] }))

  it('the previous release’s books upgrade to entries with every screen’s figures unchanged', {
    timeout: 60_000,
  }, async () => {
    const ids: number[] = []
    for (const body of [
      ticket('Agent A', 10_000, 20_000),
      ticket('', 5_000, 0),
      ticket('Agent A', 0, 30_000),
    ]) {
      const res = await t.call('employee', 'POST', '/api/ticket', body)
      expect(res.status).toBe(201)
      ids.push(res.body.ticket.id)
    }
    const office = await t.call('admin', 'POST', '/api/accounts', {
      bank_name: 'Cash in Office',
      employee_name: 'admin',
      vendor_name: '',
      date: '2026-11-19',
      detail: 'Opening',
      credit: 50_000,
      debit: 0,
    })
    expect(office.status).toBe(201)
    // Edits: cash changes, bank money removed and added, the agent dropped; one delete; a payment.
    expect((await t.call('admin', 'PUT', `/api/ticket/${ids[0]}`, ticket('Agent A', 12_000, 0))).status).toBe(
      200,
    )
    expect((await t.call('admin', 'PUT', `/api/ticket/${ids[1]}`, ticket('', 5_000, 7_000))).status).toBe(200)
    expect((await t.call('admin', 'DELETE', `/api/ticket/${ids[2]}`)).status).toBe(200)
    const paid = await t.call('employee', 'POST', '/api/payments', {
      source_type: 'ticket',
      source_id: ids[0],
      amount: 1_000,
      method: 'cash',
      bank_title: '',
    })
    expect(paid.status).toBe(201)
    expect((await t.call('admin', 'PUT', `/api/ticket/${ids[0]}`, ticket('Agent A', 13_000, 0))).status).toBe(
      200,
    )

    const before: Record<string, unknown> = {}
    for (const url of SCREENS) {
      const res = await t.call('admin', 'GET', url)
      expect(res.status, url).toBe(200)
      before[url] = figures(url, res.body)
    }

    // Back to the previous release's shape.
    const old = connect(t.databaseUrl) as unknown as Kysely<any>
    try {
      await old.transaction().execute(async (trx) => {
        // The release before 0024 also stored posted ledger rows' money (0030 came later).
        await backBeforeMoneyOnce(trx as unknown as Kysely<Database>)
        // Nor the agents' portal (0041, 0044), whose tables name accounts by id, nor the accounts table
        // and insert-only lines (0034, decisions 081-082).
        for (const table of ['booking_requests', 'portal_deposits', 'portal_sessions', 'agent_users'])
          await sql`DROP TABLE ${sql.table(table)}`.execute(trx)
        await trx
          .deleteFrom('kysely_migration')
          .where('name', 'in', ['0041_portal', '0044_booking_requests'])
          .execute()
        await accountsMigration.down(trx)
        await trx.deleteFrom('kysely_migration').where('name', '=', '0034_accounts').execute()
        const current = await trx
          .selectFrom('current_lines')
          .selectAll()
          .orderBy('place')
          .orderBy('id')
          .execute()
        await sql`DROP VIEW current_lines`.execute(trx)
        for (const index of [
          'posting_lines_entry',
          'posting_lines_reverses',
          'posting_lines_account_place',
          'posting_lines_reversals',
        ])
          await sql.raw(`DROP INDEX ${index}`).execute(trx)
        await trx.deleteFrom('posting_lines').execute()
        for (const column of ['entry_id', 'reverses', 'place'])
          await trx.schema.alterTable('posting_lines').dropColumn(column).execute()
        await trx.schema.dropTable('book_entries').execute()
        for (const [i, l] of current.entries()) {
          const { entry_id: _e, place: _p, id: _i, ...rest } = l
          await trx
            .insertInto('posting_lines')
            .values({ ...rest, id: i + 1 })
            .execute()
        }
        if (dbKind(trx) === 'postgres')
          await sql`SELECT setval(pg_get_serial_sequence('posting_lines', 'id'), ${current.length})`.execute(
            trx,
          )
        await trx.deleteFrom('posting_months').execute()
        await sql`INSERT INTO posting_months (account, month, n, debit, credit)
          SELECT account, substr(date, 1, 7), count(*), sum(debit), sum(credit)
          FROM posting_lines GROUP BY account, substr(date, 1, 7)`.execute(trx)
        // The day checkpoints count the lines as they now are (their sums are unchanged).
        await trx.deleteFrom('posting_days').execute()
        await sql`INSERT INTO posting_days (account, date, n, debit, credit)
          SELECT account, date, count(*), sum(debit), sum(credit) FROM posting_lines GROUP BY account, date`.execute(
          trx,
        )
        await trx.deleteFrom('kysely_migration').where('name', '=', '0024_book_entries').execute()
        // Nor the statements' split checkpoint (0033, decision 080): the upgrade builds it from the lines.
        await splitCheckpoints.down(trx)
        await trx.deleteFrom('kysely_migration').where('name', '=', '0033_split_checkpoints').execute()
      })
      expect(
        Number(
          (
            await old
              .selectFrom('posting_lines')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirst()
          )?.n,
        ),
      ).toBeGreaterThan(0)
    } finally {
      await old.destroy()
    }

    const app = await buildApp({ databaseUrl: t.databaseUrl, jwtSecret: TEST_SECRET })
    try {
      for (const url of SCREENS) {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${t.tokens.admin}` },
        })
        expect(res.statusCode, url).toBe(200)
        expect(figures(url, res.json()), url).toEqual(before[url])
      }
      const db = app.db
      // One header per record that had lines; every line has one.
      const orphans = await db
        .selectFrom('posting_lines')
        .select('id')
        .where('entry_id', 'is', null)
        .execute()
      expect(orphans).toEqual([])
      const check = await booksCheck(app.db)
      expect(check.ok, JSON.stringify(check.first_divergence)).toBe(true)
      // After the upgrade an edit appends a reversal and a new entry.
      const edited = await app.inject({
        method: 'PUT',
        url: `/api/ticket/${ids[1]}`,
        headers: { authorization: `Bearer ${t.tokens.admin}` },
        payload: ticket('', 6_000, 7_000),
      })
      expect(edited.statusCode).toBe(200)
      const history = await app.inject({
        method: 'GET',
        url: `/api/books/entries?source_type=tickets&source_id=${ids[1]}`,
        headers: { authorization: `Bearer ${t.tokens.admin}` },
      })
      expect(history.json().entries.map((e: { current: boolean }) => e.current)).toEqual([false, false, true])
      expect((await booksCheck(app.db)).ok).toBe(true)
    } finally {
      await app.close()
    }
  })
})
