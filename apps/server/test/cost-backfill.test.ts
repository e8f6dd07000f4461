import { callerOf } from '@booking/shared'
import type { Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { summary } from '../src/areas/readers/dashboard/queries.ts'
import { profitLines } from '../src/areas/readers/reports/sources.ts'
import { booksCheck, trialBalance } from '../src/areas/readers/reports/trial-balance.ts'
import { connect } from '../src/db/connect.ts'
import { migrateToLatest } from '../src/db/migrate.ts'
import type { Database } from '../src/db/schema.ts'
import { DB_KIND, freshDatabase, TEST_SECRET } from './harness.ts'

/** The release before this one (issue 21): the books exist, but no record's cost reached them. */
const PREVIOUS_RELEASE = '0019_created_at_ranges'
const CREATED = '2026-11-20T06:00:00.000Z' // 20 November in Karachi
const DAY = '2026-11-20'

/** Lines as the previous release posted them (paisa), with their month checkpoints and the books' total. */
const postAsBefore = async (
  db: Kysely<Database>,
  source: { type: string; id: number; entry: string },
  date: string,
  lines: Array<[account: string, debit: number, credit: number]>,
) => {
  for (const [account, debit, credit] of lines) {
    await db
      .insertInto('posting_lines')
      .values({
        source_type: source.type,
        source_id: source.id,
        date,
        account,
        debit,
        credit,
        entry: source.entry,
        detail: source.type,
        created_at: CREATED,
      })
      .execute()
    const month = date.slice(0, 7)
    const found = await db
      .selectFrom('posting_months')
      .selectAll()
      .where('account', '=', account)
      .where('month', '=', month)
      .executeTakeFirst()
    if (found)
      await db
        .updateTable('posting_months')
        .set({
          n: Number(found.n) + 1,
          debit: Number(found.debit) + debit,
          credit: Number(found.credit) + credit,
        })
        .where('account', '=', account)
        .where('month', '=', month)
        .execute()
    else await db.insertInto('posting_months').values({ account, month, n: 1, debit, credit }).execute()
    const total = await db
      .selectFrom('books_totals')
      .select('debit')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
    await db
      .updateTable('books_totals')
      .set({ debit: Number(total.debit) + debit })
      .where('id', '=', 1)
      .execute()
  }
}

describe(`cost backfill, migration 0025 (${DB_KIND})`, () => {
  it("an upgraded database posts every old record's costs, nets Cash in Office, and its books balance and match", {
    timeout: 60_000,
  }, async () => {
    const database = await freshDatabase()
    try {
      const old = connect(database.url) as unknown as Kysely<any>
      try {
        await migrateToLatest(old, { until: PREVIOUS_RELEASE })
        await old.updateTable('books_totals').set({ backfill: 0 }).where('id', '=', 1).execute()
        // A visa: 150,000, charges 20,000 + protector 5,000, 50,000 cash at booking.
        await old
          .insertInto('visa_processing')
          .values({
            employee_name: 'emp',
            entry: '1/1',
            customer_add: 'Lahore',
            passport_detail: '[]',
            receivable_amount: 15_000_000,
            additional_charges: 2_000_000,
            pay_for_protector: 500_000,
            paid_cash: 5_000_000,
            paid_in_bank: 0,
            profit: 12_500_000,
            remaining_amount: 10_000_000,
            created_at: CREATED,
          })
          .execute()
        await postAsBefore(old, { type: 'visa_processing', id: 1, entry: '1/1' }, DAY, [
          ['customer:lahore', 10_000_000, 0],
          ['income:visa_processing', 0, 15_000_000],
          ['cash', 5_000_000, 0],
        ])
        // A GAMCA token: 18,000 with 2,500 profit typed, nothing paid.
        await old
          .insertInto('gamca_tokens')
          .values({
            employee_name: 'emp',
            entry: '1/2',
            customer_add: 'Karachi',
            reference: 'G',
            country: 'Saudi Arabia',
            passport_detail: '[]',
            receivable_amount: 1_800_000,
            paid_cash: 0,
            paid_from_bank: '',
            paid_in_bank: 0,
            profit: 250_000,
            remaining_amount: 1_800_000,
            created_at: CREATED,
          })
          .execute()
        await postAsBefore(old, { type: 'gamca_tokens', id: 1, entry: '1/2' }, DAY, [
          ['customer:karachi', 1_800_000, 0],
          ['income:gamca_tokens', 0, 1_800_000],
        ])
        // A Cash in Office entry with both sides: its line is netted, its dashboard line was gross.
        await old
          .insertInto('account_entries')
          .values({
            bank_name: 'Cash in Office',
            employee_name: 'admin',
            vendor_name: '',
            entry: '1/3',
            date: DAY,
            detail: 'Both sides',
            credit: 50_000,
            debit: 20_000,
            created_at: CREATED,
          })
          .execute()
        await postAsBefore(old, { type: 'account_entries', id: 1, entry: '1/3' }, DAY, [
          ['cash', 30_000, 0],
          ['equity:opening', 0, 30_000],
        ])
        const journal = { employee: 'emp', receivable: 0, paid_in_bank: 0, remaining: 0 }
        await old
          .insertInto('journal')
          .values([
            {
              ...journal,
              source_type: 'visa_processing',
              source_id: 1,
              date: DAY,
              entry: '1/1',
              name: 'Lahore',
              receivable: 15_000_000,
              paid_cash: 5_000_000,
              remaining: 10_000_000,
              withdraw: 0,
            },
            {
              ...journal,
              source_type: 'gamca_tokens',
              source_id: 1,
              date: DAY,
              entry: '1/2',
              name: 'Karachi',
              receivable: 1_800_000,
              paid_cash: 0,
              remaining: 1_800_000,
              withdraw: 0,
            },
            {
              ...journal,
              source_type: 'account_entries',
              source_id: 1,
              date: DAY,
              entry: '1/3',
              name: 'Cash in Office',
              paid_cash: 50_000,
              withdraw: 20_000,
            },
          ])
          .execute()
      } finally {
        await old.destroy()
      }
      const before = await (async () => {
        const db = connect(database.url)
        try {
          // What the previous release's books said: balanced, but cost of sales missing.
          const lines = await db.selectFrom('posting_lines').select(['account']).execute()
          return lines.map((l) => String(l.account))
        } finally {
          await db.destroy()
        }
      })()
      expect(before).not.toContain('cost:sales')

      const app = await buildApp({ databaseUrl: database.url, jwtSecret: TEST_SECRET })
      try {
        const db = app.db
        // Done: the mark is gone.
        expect(
          await db
            .selectFrom('settings')
            .select('key')
            .where('key', '=', 'books_backfill_0023')
            .executeTakeFirst(),
        ).toBeUndefined()
        const check = await booksCheck(app.db)
        expect(check.first_divergence).toBeUndefined()
        expect(check.ok).toBe(true)
        const tb = await trialBalance(app.db)
        expect(tb.totals.debit).toBe(tb.totals.credit)
        const balance = (code: string) => tb.accounts.find((a) => a.code === code)?.balance ?? 0
        expect(balance('cost:sales')).toBe(25_000 + 15_500)
        expect(balance('accrued:visa_processing')).toBe(-25_000)
        expect(balance('accrued:gamca_tokens')).toBe(-15_500)
        expect(balance('cash')).toBe(50_000 + 300)
        // Profit now matches the records' stored profit, and income less cost of sales.
        const profit = (await profitLines(app.db, {})).reduce((s, l) => s + l.profit, 0)
        expect(profit).toBe(12_500_000 + 250_000)
        expect(
          -balance('income:visa_processing') - balance('income:gamca_tokens') - balance('cost:sales'),
        ).toBe(125_000 + 2_500)
        // The dashboard's cards are the cash lines: 500 credit / 200 debit counts as 300 in.
        const dash = await summary(app.db, callerOf({ role: 'admin' }), { from: DAY, to: DAY })
        expect(dash.totalPaidCash).toBe(50_000 + 300)
        expect(dash.withdraw).toBe(0)
        expect(dash.cashInOffice).toBe(balance('cash'))
      } finally {
        await app.close()
      }
      // Resumable: a backfill stopped half-way (its mark left at a later step) carries on from there
      // and posting a page again changes nothing.
      const again = connect(database.url)
      try {
        await again
          .insertInto('settings')
          .values({ key: 'books_backfill_0023', value: JSON.stringify({ step: 1, after: 0 }) })
          .execute()
      } finally {
        await again.destroy()
      }
      const resumed = await buildApp({ databaseUrl: database.url, jwtSecret: TEST_SECRET })
      try {
        expect((await booksCheck(resumed.db)).ok).toBe(true)
        const tb = await trialBalance(resumed.db)
        expect(tb.accounts.find((a) => a.code === 'cost:sales')?.balance).toBe(40_500)
        expect(
          await resumed.db
            .selectFrom('settings')
            .select('key')
            .where('key', '=', 'books_backfill_0023')
            .executeTakeFirst(),
        ).toBeUndefined()
      } finally {
        await resumed.close()
      }
    } finally {
      await database.drop()
    }
  })
})
