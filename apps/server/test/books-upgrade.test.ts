import { businessDayOf } from '@booking/shared'
import type { Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { booksCheck, trialBalance } from '../src/areas/readers/reports/trial-balance.ts'
import { connect } from '../src/db/connect.ts'
import { migrateToLatest } from '../src/db/migrate.ts'
import { DB_KIND, freshDatabase, TEST_SECRET } from './harness.ts'

/** The release before the books: its schema and rows, as an agency's database holds them. */
const PREVIOUS_RELEASE = '0012_name_keys'

describe(`books upgrade (${DB_KIND})`, () => {
  it('a database of the previous release gains balanced postings for every record when the server starts', {
    timeout: 60_000,
  }, async () => {
    const database = await freshDatabase()
    try {
      const old = connect(database.url) as unknown as Kysely<any>
      const created = '2026-11-20T20:30:00.000Z' // 01:30 on 21 November in Karachi
      try {
        await migrateToLatest(old, { until: PREVIOUS_RELEASE })
        await old.insertInto('agent_names').values({ name: 'Agent A', created_at: created }).execute()
        await old.insertInto('vender_names').values({ name: 'Vendor V', created_at: created }).execute()
        // A ticket with its three ledger rows and its dashboard line dated by the travel date.
        await old
          .insertInto('tickets')
          .values({
            employee_name: 'emp',
            agent_name: 'Agent A',
            customer_add: 'Ali Traders',
            reference: 'R1',
            entry: 'Ticket 1/1',
            depart_date: '2026-12-10',
            return_date: '2026-12-20',
            sector: 'LHE-DXB',
            airline: 'Emirates',
            adults: 1,
            children: 0,
            infants: 0,
            passport_detail: '[]',
            receivable_amount: 10_000_000,
            paid_cash: 3_000_000,
            bank_title: 'UBL Account 1',
            paid_in_bank: 2_000_000,
            payable_to_vendor: 8_000_000,
            vendor_name: 'Vendor V',
            profit: 2_000_000,
            remaining_amount: 5_000_000,
            created_at: created,
          })
          .execute()
        const linked = { source_type: 'tickets', source_id: 1, created_at: created }
        await old
          .insertInto('agent_entries')
          .values({
            ...linked,
            agent_name: 'Agent A',
            date: '2026-11-20',
            employee: 'emp',
            entry: 'Ticket 1/1',
            detail: 'Ali Traders',
            credit: 5_000_000,
            debit: 10_000_000,
            paid_cash: 3_000_000,
            paid_bank: 2_000_000,
            receivable_amount: 10_000_000,
            bank_title: 'UBL Account 1',
          })
          .execute()
        await old
          .insertInto('account_entries')
          .values({
            ...linked,
            bank_name: 'UBL Account 1',
            employee_name: 'emp',
            vendor_name: '',
            entry: 'Ticket 1/1',
            date: '2026-11-20',
            detail: 'Ali Traders',
            credit: 2_000_000,
            debit: 0,
          })
          .execute()
        await old
          .insertInto('vender_entries')
          .values({
            ...linked,
            vender_name: 'Vendor V',
            date: '2026-11-20',
            entry: 'Ticket 1/1',
            detail: 'LHE-DXB',
            bank_title: 'UBL Account 1',
            credit: 8_000_000,
            debit: 0,
            withdraw: 0,
          })
          .execute()
        await old
          .insertInto('journal')
          .values({
            source_type: 'tickets',
            source_id: 1,
            date: '2026-12-10',
            entry: 'Ticket 1/1',
            name: 'Ali Traders',
            employee: 'emp',
            receivable: 10_000_000,
            paid_cash: 3_000_000,
            paid_in_bank: 2_000_000,
            remaining: 5_000_000,
            withdraw: 0,
          })
          .execute()
        // Money the previous release did not book: an expense with only its total, an agent's cash,
        // a vendor paid from a bank typed as free text, a visa paid into an unnamed bank.
        await old
          .insertInto('expenses')
          .values({
            entry: '1/2',
            user_name: 'emp',
            date: '2026-11-21',
            detail: 'Rent',
            total_amount: 500_000,
            selection: 'OFFICE EXPENSE',
            withdraw: 0,
            created_at: created,
          })
          .execute()
        await old
          .insertInto('agent_entries')
          .values({
            agent_name: 'Agent A',
            date: '2026-11-21',
            employee: 'emp',
            entry: '1/3',
            detail: 'Cash received',
            credit: 4_000_000,
            debit: 0,
            paid_cash: 4_000_000,
            paid_bank: 0,
            receivable_amount: 0,
            bank_title: '',
            created_at: created,
          })
          .execute()
        await old
          .insertInto('vender_entries')
          .values({
            vender_name: 'Vendor V',
            date: '2026-11-22',
            entry: '1/4',
            detail: 'Paid',
            bank_title: 'Meezan old text',
            credit: 0,
            debit: 1_000_000,
            withdraw: 0,
            created_at: created,
          })
          .execute()
        await old
          .insertInto('visa_processing')
          .values({
            employee_name: 'emp',
            entry: '1/5',
            customer_add: 'Lahore',
            passport_detail: '{}',
            receivable_amount: 900_000,
            additional_charges: 0,
            pay_for_protector: 0,
            paid_cash: 100_000,
            paid_in_bank: 200_000,
            profit: 900_000,
            remaining_amount: 600_000,
            created_at: created,
          })
          .execute()
      } finally {
        await old.destroy()
      }

      const app = await buildApp({ databaseUrl: database.url, jwtSecret: TEST_SECRET })
      try {
        const db = app.db
        expect(
          (await db.selectFrom('books_totals').select('backfill').executeTakeFirstOrThrow()).backfill,
        ).toBe(0)
        const check = await booksCheck(app.db)
        expect(check.first_divergence).toBeUndefined()
        expect(check.ok).toBe(true)
        const tb = await trialBalance(app.db)
        expect(tb.totals.debit).toBe(tb.totals.credit)
        const account = (code: string) => tb.accounts.find((a) => a.code === code)
        // 30,000 ticket cash + 1,000 visa cash + 40,000 from the agent − 5,000 rent.
        expect(account('cash')?.balance).toBe(66_000)
        expect(account('bank:UBL Account 1')?.balance).toBe(20_000)
        expect(account('bank:Meezan old text')?.balance).toBe(-10_000)
        expect(account('bank:(bank not named)')?.balance).toBe(2_000)
        expect(account('agent:Agent A')?.balance).toBe(10_000)
        expect(account('vendor:Vendor V')?.balance).toBe(-70_000)
        // The ticket's money date is now the Pakistan day it was saved, not its travel date.
        const line = await db
          .selectFrom('journal')
          .select('date')
          .where('source_type', '=', 'tickets')
          .executeTakeFirstOrThrow()
        expect(line.date).toBe(businessDayOf(created, 'Asia/Karachi'))
        expect(line.date).toBe('2026-11-21')
        // Its ledger rows were updated in place, not doubled.
        expect(
          await db.selectFrom('account_entries').select('id').where('source_type', '=', 'tickets').execute(),
        ).toHaveLength(1)
      } finally {
        await app.close()
      }
      // A second start finds nothing left to do and changes nothing.
      const again = await buildApp({ databaseUrl: database.url, jwtSecret: TEST_SECRET })
      try {
        expect((await booksCheck(again.db)).ok).toBe(true)
      } finally {
        await again.close()
      }
    } finally {
      await database.drop()
    }
  })
})
