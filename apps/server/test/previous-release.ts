import type { Kysely } from 'kysely'
import { connect } from '../src/db/connect.ts'
import { migrateToLatest } from '../src/db/migrate.ts'

/** The release before the books: its schema and rows, as an agency's database holds them. */
export const PREVIOUS_RELEASE = '0012_name_keys'

/** What the seeded records must add up to in the books, in rupees. */
export interface Expected {
  records: number
  /** Rows the upgrade reads: the records and the tickets' ledger rows (posted with their ticket). */
  rows: number
  cash: number
  bankUbl: number
  bankMeezan: number
  bankUnnamed: number
  agent: number
  vendor: number
}

const CREATED = '2026-11-20T20:30:00.000Z'
const CHUNK = 200

const inChunks = async (db: Kysely<any>, table: string, rows: Record<string, unknown>[]) => {
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK))
      .execute()
}

/**
 * Writes `perKind` records of each of four kinds (tickets with their three ledger rows and dashboard
 * line, agent cash, vendor payments from a free-text bank, visas into an unnamed bank) straight into
 * a database of the previous release, in bulk, as that release stored them (paisa), and returns the
 * balances the books must show after the upgrade.
 */
export const seedPreviousRelease = async (url: string, perKind: number): Promise<Expected> => {
  const old = connect(url) as unknown as Kysely<any>
  const e: Expected = {
    records: 0,
    rows: 0,
    cash: 0,
    bankUbl: 0,
    bankMeezan: 0,
    bankUnnamed: 0,
    agent: 0,
    vendor: 0,
  }
  try {
    await migrateToLatest(old, { until: PREVIOUS_RELEASE })
    await old.insertInto('agent_names').values({ name: 'Agent A', created_at: CREATED }).execute()
    await old.insertInto('vender_names').values({ name: 'Vendor V', created_at: CREATED }).execute()
    const tickets: Record<string, unknown>[] = []
    const agentRows: Record<string, unknown>[] = []
    const accountRows: Record<string, unknown>[] = []
    const vendorRows: Record<string, unknown>[] = []
    const journal: Record<string, unknown>[] = []
    for (let i = 1; i <= perKind; i++) {
      // Rupees, varied per record so a record posted twice or skipped changes every total.
      const receivable = 100_000 + (i % 97) * 10
      const cash = 30_000 + (i % 13)
      const bank = 20_000 + (i % 7)
      const payable = 80_000 + (i % 11)
      const entry = `Ticket ${i}/1`
      tickets.push({
        employee_name: 'emp',
        agent_name: 'Agent A',
        customer_add: `Customer ${i}`,
        reference: `R${i}`,
        entry,
        depart_date: '2026-12-10',
        return_date: '2026-12-20',
        sector: 'LHE-DXB',
        airline: 'Emirates',
        adults: 1,
        children: 0,
        infants: 0,
        passport_detail: '[]',
        receivable_amount: receivable * 100,
        paid_cash: cash * 100,
        bank_title: 'UBL Account 1',
        paid_in_bank: bank * 100,
        payable_to_vendor: payable * 100,
        vendor_name: 'Vendor V',
        profit: (receivable - payable) * 100,
        remaining_amount: (receivable - cash - bank) * 100,
        created_at: CREATED,
      })
      const linked = { source_type: 'tickets', source_id: i, created_at: CREATED }
      agentRows.push({
        ...linked,
        agent_name: 'Agent A',
        date: '2026-11-20',
        employee: 'emp',
        entry,
        detail: `Customer ${i}`,
        credit: (cash + bank) * 100,
        debit: receivable * 100,
        paid_cash: cash * 100,
        paid_bank: bank * 100,
        receivable_amount: receivable * 100,
        bank_title: 'UBL Account 1',
      })
      accountRows.push({
        ...linked,
        bank_name: 'UBL Account 1',
        employee_name: 'emp',
        vendor_name: '',
        entry,
        date: '2026-11-20',
        detail: `Customer ${i}`,
        credit: bank * 100,
        debit: 0,
      })
      vendorRows.push({
        ...linked,
        vender_name: 'Vendor V',
        date: '2026-11-20',
        entry,
        detail: 'LHE-DXB',
        bank_title: 'UBL Account 1',
        credit: payable * 100,
        debit: 0,
        withdraw: 0,
      })
      journal.push({
        source_type: 'tickets',
        source_id: i,
        date: '2026-12-10',
        entry,
        name: `Customer ${i}`,
        employee: 'emp',
        receivable: receivable * 100,
        paid_cash: cash * 100,
        paid_in_bank: bank * 100,
        remaining: (receivable - cash - bank) * 100,
        withdraw: 0,
      })
      e.cash += cash
      e.bankUbl += bank
      e.agent += receivable - cash - bank
      e.vendor -= payable
    }
    await inChunks(old, 'tickets', tickets)
    await inChunks(old, 'agent_entries', agentRows)
    await inChunks(old, 'account_entries', accountRows)
    await inChunks(old, 'vender_entries', vendorRows)
    await inChunks(old, 'journal', journal)

    const agentCash: Record<string, unknown>[] = []
    const vendorPaid: Record<string, unknown>[] = []
    const visas: Record<string, unknown>[] = []
    for (let i = 1; i <= perKind; i++) {
      const received = 1_000 + (i % 17)
      agentCash.push({
        agent_name: 'Agent A',
        date: '2026-11-21',
        employee: 'emp',
        entry: `A${i}`,
        detail: 'Cash received',
        credit: received * 100,
        debit: 0,
        paid_cash: received * 100,
        paid_bank: 0,
        receivable_amount: 0,
        bank_title: '',
        created_at: CREATED,
      })
      e.cash += received
      e.agent -= received
      const paid = 500 + (i % 19)
      vendorPaid.push({
        vender_name: 'Vendor V',
        date: '2026-11-22',
        entry: `V${i}`,
        detail: 'Paid',
        bank_title: 'Meezan old text',
        credit: 0,
        debit: paid * 100,
        withdraw: 0,
        created_at: CREATED,
      })
      e.bankMeezan -= paid
      e.vendor += paid
      const visaCash = 1_000 + (i % 5)
      const visaBank = 2_000 + (i % 3)
      visas.push({
        employee_name: 'emp',
        entry: `VISA${i}`,
        customer_add: 'Lahore',
        passport_detail: '{}',
        receivable_amount: 900_000,
        additional_charges: 0,
        pay_for_protector: 0,
        paid_cash: visaCash * 100,
        paid_in_bank: visaBank * 100,
        profit: 900_000,
        remaining_amount: 900_000 - (visaCash + visaBank) * 100,
        created_at: CREATED,
      })
      e.cash += visaCash
      e.bankUnnamed += visaBank
    }
    await inChunks(old, 'agent_entries', agentCash)
    await inChunks(old, 'vender_entries', vendorPaid)
    await inChunks(old, 'visa_processing', visas)
    e.records = perKind * 4
    e.rows = perKind * 7
    return e
  } finally {
    await old.destroy()
  }
}
