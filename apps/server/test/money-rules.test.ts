import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, rowCount, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

const OVERPAID = 'Paid Cash and Paid In Bank together cannot exceed the Receivable Amount'

/** Each record type with a receivable: its path, the keys of receivable, cash and bank, and the answer key. */
const RECEIVABLES = [
  ['/api/ticket', 'receivable_amount', 'paid_cash', 'paid_in_bank'],
  ['/api/umrah', 'receivableAmount', 'paidCash', 'paidInBank'],
  ['/api/visa-processing', 'receivable_amount', 'paid_cash', 'paid_in_bank'],
  ['/api/gamca-token', 'receivable_amount', 'paid_cash', 'paid_in_bank'],
  ['/api/navtcc', 'receivable_amount', 'paid_cash', 'paid_in_bank'],
] as const

describe(`money rules (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, COMMON_NAMES))

  it('refuses paid cash + paid in bank above the receivable on every record with one (docs/decisions/059-overpayment.md)', async () => {
    for (const [path, receivable, cash, bank] of RECEIVABLES) {
      const { table, body } = VALID_BODIES[path]
      const before = await rowCount(t, table)
      const over = { ...body, [receivable]: 1000, [cash]: 600, [bank]: 400.01 }
      const res = await t.call('employee', 'POST', path, over)
      expect(res.status, path).toBe(400)
      expect(res.body.errors, path).toMatchObject({ [cash]: OVERPAID })
      expect(await rowCount(t, table), path).toBe(before)
      // Paid in full, to the paisa, is fine.
      const exact = await t.call('employee', 'POST', path, {
        ...body,
        [receivable]: 1000,
        [cash]: 600,
        [bank]: 400,
      })
      expect(exact.status, `${path} ${JSON.stringify(exact.body.errors)}`).toBe(201)
    }
    const { body } = VALID_BODIES['/api/refund-customer']
    // total 100000 − return 20000.5 − charges 5000 leaves 74999.5 to pay back.
    const refund = await t.call('employee', 'POST', '/api/refund-customer', {
      ...body,
      paid_cash: 74999.5,
      paid_in_bank: 0.01,
    })
    expect(refund.status).toBe(400)
    expect(refund.body.errors.paid_cash).toBe(
      'Paid Cash and Paid In Bank together cannot exceed the Remaining Amount',
    )
    const full = await t.call('employee', 'POST', '/api/refund-customer', {
      ...body,
      paid_cash: 74999.5,
      paid_in_bank: 0,
    })
    expect(full.status).toBe(201)
    expect(full.body.refundCustomer.balance).toBe(0)
  })

  it('an admin edit cannot overpay either', async () => {
    const { body } = VALID_BODIES['/api/ticket']
    const created = await t.call('employee', 'POST', '/api/ticket', body)
    const res = await t.call('admin', 'PUT', `/api/ticket/${created.body.ticket.id}`, {
      ...body,
      paid_cash: 1e9,
    })
    expect(res.status).toBe(400)
    const after = await t.call('admin', 'GET', `/api/ticket/${created.body.ticket.id}`)
    expect(after.body.ticket.paid_cash).toBe(body.paid_cash)
  })

  it('stores 134217728.02 and 999999999.99 exactly, from numbers and decimal strings (docs/decisions/007-amount-text.md)', async () => {
    const { body } = VALID_BODIES['/api/ticket']
    for (const amount of [134217728.02, 999999999.99, '999999999.99', ' 134217728.02 ']) {
      const res = await t.call('employee', 'POST', '/api/ticket', {
        ...body,
        receivable_amount: amount,
        paid_cash: 0,
        paid_in_bank: amount,
        payable_to_vendor: 0,
      })
      expect(res.status, String(amount)).toBe(201)
      const stored = await t.app.db
        .selectFrom('tickets')
        .select(['receivable_amount', 'paid_in_bank'])
        .where('id', '=', res.body.ticket.id)
        .executeTakeFirstOrThrow()
      const paisa = Math.round(Number(String(amount).trim()) * 100)
      expect([Number(stored.receivable_amount), Number(stored.paid_in_bank)]).toEqual([paisa, paisa])
      expect(res.body.ticket.receivable_amount).toBe(Number(String(amount).trim()))
      expect(res.body.ticket.remaining_amount).toBe(0)
    }
  })

  it('refuses hex, binary, octal and exponent strings as amounts, storing nothing', async () => {
    const { body } = VALID_BODIES['/api/expenses']
    const before = await rowCount(t, 'expenses')
    for (const text of ['0x10', '0b1', '0o17', '1e3', 'Infinity']) {
      const res = await t.call('employee', 'POST', '/api/expenses', { ...body, total_amount: text })
      expect(res.status, text).toBe(400)
      expect(Object.keys(res.body.errors), text).toEqual(['total_amount'])
    }
    expect(await rowCount(t, 'expenses')).toBe(before)
  })

  it('passenger counts must match the passengers sent (ticket) and count the one sent (Umrah)', async () => {
    const ticket = VALID_BODIES['/api/ticket']
    const before = await rowCount(t, 'tickets')
    for (const counts of [{ adults: 2 }, { adults: 0, children: 0, infants: 0 }, { adults: 1, infants: 1 }]) {
      const res = await t.call('employee', 'POST', '/api/ticket', { ...ticket.body, ...counts })
      expect(res.status, JSON.stringify(counts)).toBe(400)
      expect(res.body.errors.passport_detail).toBe(
        'The number of passengers must equal Adults + Children + Infants',
      )
    }
    expect(await rowCount(t, 'tickets')).toBe(before)
    const umrah = VALID_BODIES['/api/umrah']
    const nobody = await t.call('employee', 'POST', '/api/umrah', {
      ...umrah.body,
      adults: 0,
      children: 0,
      infants: 0,
    })
    expect(nobody.status).toBe(400)
    expect(nobody.body.errors.adults).toBe('Adults + Children + Infants must count the passenger entered')
    const family = await t.call('employee', 'POST', '/api/umrah', { ...umrah.body, adults: 2, children: 1 })
    expect(family.status).toBe(201)
  })

  it('postings go only to agent and vendor names on the lists; unknown ones are 400 and store nothing', async () => {
    const ticket = VALID_BODIES['/api/ticket']
    const before = await rowCount(t, 'tickets')
    const agent = await t.call('employee', 'POST', '/api/ticket', {
      ...ticket.body,
      agent_name: 'Invented Agent',
    })
    expect(agent.status).toBe(400)
    expect(agent.body.errors).toEqual({ agent_name: 'Unknown agent name' })
    const vendor = await t.call('employee', 'POST', '/api/ticket', {
      ...ticket.body,
      vendor_name: 'Invented Vendor',
    })
    expect(vendor.body.errors).toEqual({ vendor_name: 'Unknown vendor name' })
    expect(await rowCount(t, 'tickets')).toBe(before)
    const umrah = VALID_BODIES['/api/umrah']
    const u = await t.call('employee', 'POST', '/api/umrah', { ...umrah.body, vendorName: 'Invented Vendor' })
    expect(u.status).toBe(400)
    expect(u.body.errors).toEqual({ vendorName: 'Unknown vendor name' })
    await t.call('employee', 'POST', '/api/vender-names', { name: 'Invented Vendor' })
    const added = await t.call('employee', 'POST', '/api/umrah', {
      ...umrah.body,
      vendorName: 'Invented Vendor',
    })
    expect(added.status).toBe(201)
  })
})
