import { passenger, recordInput, TEST_NAMES } from '@booking/shared/test-data'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, expect } from 'vitest'
import type { AppOptions } from '../src/app.ts'
import * as ledger from '../src/books/ledger.ts'
import { LEDGER_VIEW } from '../src/lib/postings.ts'
import { startTestApp, type TestApp } from './harness.ts'

/**
 * One app for the calling test file: started before its tests (then `setup` runs), closed after
 * them. The returned object is filled in by then, so tests use it directly.
 */
export const setupTestApp = (setup?: (t: TestApp) => Promise<unknown>, options: AppOptions = {}): TestApp => {
  const t = {} as TestApp
  beforeAll(async () => {
    Object.assign(t, await startTestApp(options))
    await setup?.(t)
  })
  afterAll(() => t.close())
  return t
}

export { passenger } from '@booking/shared/test-data'

/** The dashboard journal line a record wrote (source_type is its table), or undefined. */
export const journalRow = (t: TestApp, sourceType: string, id: number) =>
  t.app.db
    .selectFrom('journal')
    .selectAll()
    .where('source_type', '=', sourceType)
    .where('source_id', '=', id)
    .executeTakeFirst()

/** The calls every record area's API test makes, for one area: its path and the spec's list key. */
export const recordApi = (t: TestApp, path: string, listKey: string) => {
  const count = async (): Promise<number> => (await t.call('admin', 'GET', path)).body[listKey].length
  return {
    count,
    /**
     * An employee's POST of `body` is refused: 400, the error body with these field messages
     * (exactly these with `exact`), and nothing stored.
     */
    refuses: async (body: unknown, errors: Record<string, string>, { exact = false } = {}) => {
      const before = await count()
      const res = await t.call('employee', 'POST', path, body)
      expect(res.status).toBe(400)
      expect(res.body.status).toBe('error')
      if (exact) expect(res.body.errors).toEqual(errors)
      else expect(res.body.errors).toMatchObject(errors)
      expect(await count()).toBe(before)
      return res
    },
    /** Employees may create but not edit or delete (PUT/DELETE are admin-only). */
    adminOnly: async (id: number, body: unknown) => {
      expect((await t.call('employee', 'PUT', `${path}/${id}`, body)).status).toBe(403)
      expect((await t.call('employee', 'DELETE', `${path}/${id}`)).status).toBe(403)
    },
  }
}

/** A valid Protector body (the simplest record) for tests that need some records to exist. */
export const protectorBody = (more: Record<string, unknown> = {}) => ({
  ...recordInput('protectors'),
  ...more,
})

/** The spec's messages for an empty one-passenger block under `prefix` (GAMCA, NAVTCC, Umrah). */
export const passengerRequired = (prefix: string) => ({
  [`${prefix}.title`]: 'Title is required',
  [`${prefix}.firstName`]: 'First Name is required',
  [`${prefix}.lastName`]: 'Last Name is required',
  [`${prefix}.dob`]: 'Date of Birth is required',
  [`${prefix}.nationality`]: 'Nationality is required',
  [`${prefix}.documentNo`]: 'Document Number is required',
  [`${prefix}.documentExpiry`]: 'Expiry Date is required',
  [`${prefix}.issueCountry`]: 'Issue Country is required',
})

/** credit − debit of one ledger's rows for a name, in rupees (the ledger endpoints may not exist yet). */
export const ledgerBalance = async (
  t: TestApp,
  table: 'agent_entries' | 'vender_entries' | 'account_entries',
  column: string,
  name: string,
) => {
  const db = t.app.db as unknown as Kysely<any>
  // The ledger's view: a row another record posted stores no money (decision 072).
  const rows = await db
    .selectFrom(LEDGER_VIEW[table])
    .select(['credit', 'debit'])
    .where(column, '=', name)
    .execute()
  return rows.reduce((s, r) => s + Number(r.credit) - Number(r.debit), 0) / 100
}

/** COUNT(*) of a table read straight from the database, past any API cache or kept count. */
export const rowCount = async (t: TestApp, table: string): Promise<number> => {
  const db = t.app.db as unknown as Kysely<any>
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A small deterministic generator (an LCG), so a failing run of random data can be replayed. */
export const seededRandom = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31
  return seed / 2 ** 31
}

/** The order ledger and dashboard running balances accumulate in: by date, ties by id. */
export const byDateThenId = <T extends { date: string; id: number }>(a: T, b: T) =>
  a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1

/** Puts names on the agent and vendor lists (as the add-name dialogs do), so records may post to them. */
export const addNames = async (t: TestApp, names: { agents?: string[]; vendors?: string[] }) => {
  const now = new Date().toISOString()
  const add = async (table: 'agent_names' | 'vender_names', list: string[] = []) => {
    if (list.length === 0) return
    await t.app.db
      .insertInto(table)
      .values(list.map((name) => ({ name, created_at: now })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
  }
  await add('agent_names', names.agents)
  await add('vender_names', names.vendors)
}

/**
 * The books still balance: the trial balance's two totals agree and every posted entry checks out
 * against its lines (the ledger's full check).
 */
export const booksBalance = async (t: TestApp) => {
  const tb = await t.call('admin', 'GET', '/api/reports/trial-balance')
  expect(tb.status).toBe(200)
  expect(tb.body.totals.debit).toBe(tb.body.totals.credit)
  const check = await ledger.check(t.app.db, { full: true })
  expect(check.first_divergence, JSON.stringify(check.first_divergence)).toBeUndefined()
  expect(check.ok).toBe(true)
}

/** A day's rate typed on the Rates screen (rupees per unit, from the open market). */
export const typeRate = async (t: TestApp, currency: string, date: string, rate = '74.85') => {
  const res = await t.call('employee', 'POST', '/api/rates', { date, currency, rate, source: 'open market' })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
}

/** Banks kept in rupees (no currency) or in a currency; made once per file's database. */
export const addBanks = async (t: TestApp, banks: readonly (readonly [string, string | undefined])[]) => {
  for (const [name, currency] of banks) {
    const res = await t.call('admin', 'POST', '/api/admin/banks', currency ? { name, currency } : { name })
    // 409: made by an earlier test of the file (one database per file).
    expect([201, 409], JSON.stringify(res.body)).toContain(res.status)
  }
}

/** A vendor kept in riyals (decision 136), SAR enabled and its rate 74.85 typed from `date`. */
export const riyalVendor = async (t: TestApp, vendor: string, date: string) => {
  expect((await t.call('admin', 'PUT', '/api/admin/currencies/SAR', { enabled: true })).status).toBe(200)
  expect((await t.call('admin', 'PUT', `/api/vendors/${vendor}`, { currency: 'SAR' })).status).toBe(200)
  await typeRate(t, 'SAR', date)
}

/** A Vendor ledger row's body (nothing paid through a bank): `more` names the amounts. */
export const vendorRow = (vendor: string, more: Record<string, unknown>) => ({
  vender_name: vendor,
  date: '2027-01-05',
  detail: 'Rooms',
  bank_title: 'Cash',
  credit: 0,
  debit: 0,
  withdraw: 0,
  ...more,
})

/** An Office Accounts row by the admin (no vendor, nothing paid): `more` names the bank and amounts. */
export const officeEntry = (t: TestApp, more: Record<string, unknown>) =>
  t.call('admin', 'POST', '/api/accounts', {
    employee_name: 'admin',
    vendor_name: '',
    detail: 'Opening balance',
    credit: 0,
    debit: 0,
    ...more,
  })

/**
 * An Umrah owing the riyal vendor SAR 3,333.33 at a typed 74.851234 (a rate whose six places
 * count), nothing paid: the foreign papers' and checkpoints' first line.
 */
export const riyalPayableUmrah = async (t: TestApp, reference: string, vendor: string) => {
  const umrah = await t.call('admin', 'POST', '/api/umrah', {
    ...riyalUmrah(reference, vendor),
    paidCash: 0,
    payableToVendor: 3333.33,
    rates: { SAR: 74.851234 },
  })
  expect(umrah.status, JSON.stringify(umrah.body)).toBe(201)
  return umrah
}

/**
 * The riyal vendor's three Vendor ledger rows after its Umrah: SAR 1,000 owed at the day's rate,
 * SAR 2,000 paid at a typed 76.1, a SAR 0.07 charge at a six-place rate. Returns their ids.
 */
export const riyalVendorRows = async (t: TestApp, vendor: string) => {
  const ids: number[] = []
  for (const body of [
    vendorRow(vendor, { credit: 1000 }),
    vendorRow(vendor, { debit: 2000, rate: '76.1', date: '2027-02-05', detail: 'Part payment' }),
    vendorRow(vendor, { credit: 0.07, rate: '75.333333', date: '2027-02-06', detail: 'Bank charge' }),
  ]) {
    const res = await t.call('admin', 'POST', '/api/vender', body)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    ids.push(res.body.vendor.id)
  }
  return ids
}

/** Rs 1,234.50 paid to a rupee vendor from a bank on the Vendor ledger (a bank's linked row). */
export const paidFromBank = async (t: TestApp, vendor: string, bank: string, date: string) => {
  const paid = await t.call('admin', 'POST', '/api/vender', {
    vender_name: vendor,
    date,
    detail: 'Printing',
    bank_title: bank,
    credit: 0,
    debit: 1234.5,
    withdraw: 0,
  })
  expect(paid.status, JSON.stringify(paid.body)).toBe(201)
}

/**
 * The riyal sale tests' set-up (decisions 137, 151): SAR enabled, the vendor (and any agents) kept
 * in riyals, the customer Rana Family kept in riyals, the day's rate 74.85 on 01/11/2026. Returns
 * the customer's ledger address.
 */
export const sarCustomer = async (t: TestApp, parties: { vendor: string; agents?: string[] }) => {
  expect((await t.call('admin', 'PUT', '/api/admin/currencies/SAR', { enabled: true })).status).toBe(200)
  expect((await t.call('admin', 'PUT', `/api/vendors/${parties.vendor}`, { currency: 'SAR' })).status).toBe(
    200,
  )
  for (const agent of parties.agents ?? [])
    expect((await t.call('employee', 'PUT', `/api/agents/${agent}`, { currency: 'SAR' })).status).toBe(200)
  const made = await t.call('employee', 'POST', '/api/customers', {
    name: 'Rana Family',
    mobile_number: '0300-1234567',
  })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  const id = made.body.customer.id as number
  const profile = await t.call('admin', 'PUT', `/api/customers/${id}/profile`, { currency: 'SAR' })
  expect(profile.status, JSON.stringify(profile.body)).toBe(200)
  const rate = await t.call('employee', 'POST', '/api/rates', {
    date: '2026-11-01',
    currency: 'SAR',
    rate: '74.85',
    source: 'open market',
  })
  expect(rate.status).toBe(201)
  return `customer:#${id}`
}

/** The names the shared record bodies (record-bodies.ts) and most ticket tests post to. */
export const COMMON_NAMES = TEST_NAMES

/**
 * An Umrah package sold in rupees to the Rana family and bought for SAR 4,000 from `vendorName`
 * (issue 34's tests keep that vendor in riyals); lay `vendor_currency`, `rates` and others over it.
 */
export const riyalUmrah = (reference: string, vendorName: string) => ({
  userName: 'emp',
  customerAdd: 'Rana Family',
  reference,
  packageDetail: '15 days',
  depart_date: '2027-02-10',
  return_date: '2027-02-25',
  sector: 'LHE-JED',
  airline: 'Saudia',
  adults: 1,
  children: 0,
  infants: 0,
  passportDetail: JSON.stringify(passenger('Omar', 'Khan')),
  receivableAmount: 350000,
  paidCash: 50000,
  bank_title: '',
  paidInBank: 0,
  payableToVendor: 4000,
  vendorName,
})
