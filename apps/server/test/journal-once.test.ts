import { CASH_IN_OFFICE } from '@booking/shared'
import { type Kysely, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { booksCheck } from '../src/books/check.ts'
import { connect } from '../src/db/connect.ts'
import type { Database } from '../src/db/schema.ts'
import { DB_KIND, TEST_SECRET } from './harness.ts'
import { addNames, passenger, protectorBody, setupTestApp } from './helpers.ts'

/**
 * Issue 21 item 3 (decision 078): the dashboard's journal stores no money. A row's figures are its
 * source's lines (the `journal` view); the cards read checkpoints. A database of the previous
 * release (journal rows and month sums holding money) upgrades with every dashboard answer equal.
 */
const BANK = 'UBL Account 1'
const MONEY = ['receivable', 'paid_cash', 'paid_in_bank', 'remaining', 'withdraw'] as const
type Figures = Partial<Record<(typeof MONEY)[number], number>>

const SCREENS = [
  '/api/dashboard',
  '/api/dashboard?from=2026-11-01&to=2026-11-15',
  '/api/dashboard?from=2026-11-11',
  '/api/dashboard/charts',
  '/api/dashboard/bookings?limit=50',
  '/api/dashboard/bookings?limit=2&offset=3',
  '/api/reports/trial-balance',
]

/** Back to the previous release's shape: journal rows with money, month sums with money, no view. */
const backBeforeJournalOnce = async (trx: Kysely<Database>, stored: [string, number, Figures][]) => {
  const money = DB_KIND === 'postgres' ? 'bigint' : 'integer'
  await sql`DROP VIEW journal`.execute(trx)
  await sql`DROP TABLE source_days`.execute(trx)
  await sql`DROP TABLE source_months`.execute(trx)
  if (DB_KIND === 'sqlite') await sql`DROP INDEX journal_rows_date_id`.execute(trx)
  await sql`ALTER TABLE journal_rows RENAME TO journal`.execute(trx)
  if (DB_KIND === 'sqlite') await sql`CREATE INDEX journal_date_id ON journal (date, id)`.execute(trx)
  for (const table of ['journal', 'journal_months'])
    for (const c of MONEY)
      await sql.raw(`ALTER TABLE ${table} ADD COLUMN ${c} ${money} NOT NULL DEFAULT 0`).execute(trx)
  for (const [type, id, figures] of stored)
    await sql`UPDATE journal SET ${sql.join(
      Object.entries(figures).map(([c, v]) => sql`${sql.ref(c)} = ${Math.round(v * 100)}`),
    )} WHERE source_type = ${type} AND source_id = ${id}`.execute(trx)
  for (const c of MONEY)
    await sql`UPDATE journal_months SET ${sql.ref(c)} = (SELECT coalesce(sum(j.${sql.ref(c)}), 0) FROM journal j
      WHERE substr(j.date, 1, 7) = journal_months.month AND j.source_type = journal_months.source_type)`.execute(
      trx,
    )
  await sql`DELETE FROM kysely_migration WHERE name = '0032_journal_without_money'`.execute(trx)
}

describe(`the journal stores no money (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, { agents: ['Agent A'], vendors: ['Vendor V'] }))

  it('shows each row as the previous release stored it, from the lines, and upgrades unchanged', {
    timeout: 60_000,
  }, async () => {
    const call = async (method: string, url: string, body: unknown, status = 201) => {
      const res = await t.call('admin', method, url, body)
      expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(status)
      return res.body
    }
    const ticket = (
      await call('POST', '/api/ticket', {
        employee_name: 'emp',
        agent_name: 'Agent A',
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
        receivable_amount: 100_000,
        paid_cash: 10_000,
        bank_title: BANK,
        paid_in_bank: 20_000,
        payable_to_vendor: 60_000,
        vendor_name: 'Vendor V',
      })
    ).ticket.id
    const pay = async (
      source_type: string,
      source_id: number,
      amount: number,
      bank: string,
      date: string,
    ) => {
      const b = await call('POST', '/api/payments', {
        source_type,
        source_id,
        amount,
        method: bank ? 'bank' : 'cash',
        bank_title: bank,
        date,
      })
      return (b.payment?.id ?? b.id) as number
    }
    const byBank = await pay('ticket', ticket, 5_000, BANK, '2026-11-14')
    const inCash = await pay('ticket', ticket, 2_000, '', '2026-11-16')
    const service = (
      await call('POST', '/api/services', {
        user_name: 'emp',
        customer_add: 'Rawalpindi',
        booking_date: '2026-11-10',
        specific_detail: 'Stamping',
        visa_type: 'WORK VISA',
        receivable_amount: 8_000,
        paid_cash: 1_000,
        paid_in_bank: 0,
        bank_title: '',
        profit: 10,
      })
    ).service.id
    const servicePaid = await pay('services', service, 500, '', '2026-11-20')
    const office = (
      await call('POST', '/api/accounts', {
        bank_name: CASH_IN_OFFICE,
        employee_name: 'admin',
        vendor_name: '',
        date: '2026-11-12',
        detail: 'Both sides',
        credit: 3_000,
        debit: 1_000,
      })
    ).account.id
    const protector = (
      await call('POST', '/api/protector', protectorBody({ withdraw: 500, protector_date: '2026-11-13' }))
    ).protector.id

    // What the previous release stored on each row (its journal rules, written out by hand), rupees.
    const stored: [string, number, Figures][] = [
      [
        'tickets',
        ticket,
        { receivable: 100_000, paid_cash: 10_000, paid_in_bank: 20_000, remaining: 63_000 },
      ],
      ['payments', byBank, { paid_in_bank: 5_000 }],
      ['payments', inCash, { paid_cash: 2_000 }],
      ['services', service, { receivable: 8_000, paid_cash: 1_000, remaining: 6_500 }],
      ['payments', servicePaid, { paid_cash: 500 }],
      ['account_entries', office, { paid_cash: 2_000 }],
      ['protectors', protector, { withdraw: 500 }],
    ]
    const db = t.app.db
    // Stored once: the row keeps its place only; the view shows the figures from the lines.
    for (const [type, id, figures] of stored) {
      const row = await db
        .selectFrom('journal')
        .selectAll()
        .where('source_type', '=', type)
        .where('source_id', '=', id)
        .executeTakeFirstOrThrow()
      expect(Object.fromEntries(MONEY.map((c) => [c, Number(row[c]) / 100])), `${type} ${id}`).toEqual(
        Object.fromEntries(MONEY.map((c) => [c, figures[c] ?? 0])),
      )
    }
    const place = await db.selectFrom('journal_rows').selectAll().limit(1).executeTakeFirstOrThrow()
    expect(Object.keys(place).sort()).toEqual([
      'date',
      'employee',
      'entry',
      'id',
      'name',
      'source_id',
      'source_type',
    ])

    const before: Record<string, unknown> = {}
    for (const url of SCREENS) {
      const res = await t.call('admin', 'GET', url)
      expect(res.status, url).toBe(200)
      before[url] = res.body
    }
    expect(before['/api/dashboard']).toMatchObject({
      totalReceivable: 108_000,
      totalPaidCash: 10_000 + 2_000 + 1_000 + 500 + 2_000,
      totalPaidInBank: 25_000,
      totalRemainingAmount: 69_500,
      withdraw: 500,
    })

    const old = connect(t.databaseUrl)
    try {
      await old.transaction().execute((trx) => backBeforeJournalOnce(trx, stored))
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
        expect(res.json(), url).toEqual(before[url])
      }
      expect((await booksCheck(app.db, { full: true })).first_divergence).toBeUndefined()
      // A write after the upgrade keeps the row counts and checkpoints.
      const more = await app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: { authorization: `Bearer ${t.tokens.admin}` },
        payload: {
          source_type: 'services',
          source_id: service,
          amount: 250,
          method: 'cash',
          date: '2026-11-21',
        },
      })
      expect(more.statusCode).toBe(201)
      const cards = await app.inject({
        method: 'GET',
        url: '/api/dashboard',
        headers: { authorization: `Bearer ${t.tokens.admin}` },
      })
      expect(cards.json()).toMatchObject({ totalRemainingAmount: 69_250, totalPaidCash: 15_750 })
      expect((await booksCheck(app.db, { full: true })).first_divergence).toBeUndefined()
    } finally {
      await app.close()
    }
  })
})
