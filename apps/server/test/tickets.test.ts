import { businessDayOf } from '@booking/shared'
import { recordInput } from '@booking/shared/test-data'
import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import {
  addNames,
  journalRow,
  ledgerBalance,
  recordApi,
  rowCount,
  setupTestApp,
  passenger as traveller,
} from './helpers.ts'

const passenger = (firstName: string) => traveller(firstName, 'Khan')

const valid = {
  ...recordInput('tickets', {
    adults: 2,
    infants: 1,
    passport_detail: JSON.stringify([passenger('Ali'), passenger('Omar'), passenger('Baby')]),
  }),
  // Ignored: the server computes these.
  profit: 1,
  remaining_amount: 2,
}

describe(`ticket API (${DB_KIND})`, () => {
  const t = setupTestApp((t) =>
    addNames(t, { agents: ['Agent A', 'Agent Ledger'], vendors: ['Vendor V', 'Vendor Ledger'] }),
  )
  const api = recordApi(t, '/api/ticket', 'ticket')

  it('creates a ticket with a server entry and figures, listed under {ticket}', async () => {
    const created = await t.call('employee', 'POST', '/api/ticket', valid)
    expect(created.status).toBe(201)
    const ticket = created.body.ticket
    expect(ticket.entry).toBe('Ticket 1/1')
    expect(ticket.employee_name).toBe('emp')
    expect(ticket.remaining_amount).toBe(49999.5)
    expect(ticket.profit).toBe(20000)
    expect(JSON.parse(ticket.passport_detail)).toHaveLength(3)
    const list = await t.call('employee', 'GET', '/api/ticket')
    expect(list.status).toBe(200)
    expect(list.body.ticket).toHaveLength(1)
    expect(list.body.ticket[0]).toMatchObject({ customer_add: 'Ali Traders', paid_in_bank: 20000.5 })
  })

  it('accepts passport_detail as an array or one object, and nulls empty reference and return date', async () => {
    const asArray = await t.call('employee', 'POST', '/api/ticket', {
      ...valid,
      adults: 1,
      infants: 0,
      passport_detail: [passenger('Zaid')],
      reference: '',
      return_date: '',
    })
    expect(asArray.status).toBe(201)
    expect(asArray.body.ticket.reference).toBeNull()
    expect(asArray.body.ticket.return_date).toBeNull()
    const asObject = await t.call('employee', 'POST', '/api/ticket', {
      ...valid,
      adults: 1,
      infants: 0,
      passport_detail: passenger('Solo'),
      reference: null,
    })
    expect(asObject.status).toBe(201)
    expect(JSON.parse(asObject.body.ticket.passport_detail)).toEqual([
      expect.objectContaining({ firstName: 'Solo', documentType: 'Passport' }),
    ])
  })

  it('answers every required message and stores nothing', async () => {
    const before = await api.count()
    await api.refuses(
      {},
      {
        employee_name: 'Employee Name is required',
        customer_add: 'Customer Address is required',
        depart_date: 'Travel Date is required',
        sector: 'Sector is required',
        airline: 'Airline is required',
        receivable_amount: 'Receivable Amount is required',
        payable_to_vendor: 'Payable To Vendor is required',
      },
    )
    // A cash-only sale names no bank; money paid in bank needs its bank.
    await api.refuses(
      { ...valid, paid_in_bank: 100, bank_title: '' },
      { bank_title: 'Bank Title is required' },
    )
    const wrong = await t.call('employee', 'POST', '/api/ticket', {
      ...valid,
      adults: -1,
      children: -2,
      infants: -3,
      receivable_amount: 'abc',
      payable_to_vendor: 'x',
      paid_in_bank: -5,
      depart_date: 'soon',
      return_date: '2026-13-45',
    })
    expect(wrong.body.errors).toMatchObject({
      adults: 'Adults cannot be negative',
      children: 'Children cannot be negative',
      infants: 'Infants cannot be negative',
      receivable_amount: 'Receivable Amount must be a number',
      payable_to_vendor: 'Payable To Vendor must be a number',
      paid_in_bank: 'Paid In Bank cannot be negative',
      depart_date: 'Invalid date',
      return_date: 'Invalid date',
    })
    const noPassenger = await t.call('employee', 'POST', '/api/ticket', { ...valid, passport_detail: '[]' })
    expect(noPassenger.body.errors.passport_detail).toBe(
      'At least one passenger detail is required if passenger count is greater than 0',
    )
    const blank = await t.call('employee', 'POST', '/api/ticket', { ...valid, passport_detail: [{}] })
    // Three counted, one sent (spec §5: the list length always equals the counts).
    expect(blank.body.errors.passport_detail).toBe(
      'The number of passengers must equal Adults + Children + Infants',
    )
    expect(blank.body.errors).toMatchObject({
      'passport_detail.0.title': 'Title is required',
      'passport_detail.0.firstName': 'First Name is required',
      'passport_detail.0.lastName': 'Last Name is required',
      'passport_detail.0.documentType': 'Document Type is required',
      'passport_detail.0.documentNo': 'Document Number is required',
    })
    const badDoc = await t.call('employee', 'POST', '/api/ticket', {
      ...valid,
      adults: 1,
      infants: 0,
      passport_detail: [{ ...passenger('A'), documentType: 'National ID', title: 'Sir' }],
    })
    expect(badDoc.body.errors).toEqual({ 'passport_detail.0.title': 'Title is required' })
    expect(await api.count()).toBe(before)
  })

  it('checks dates: return after departure, optional return, bad days refused', async () => {
    const back = await t.call('employee', 'POST', '/api/ticket', { ...valid, return_date: '2026-05-01' })
    expect(back.status).toBe(400)
    expect(back.body.errors.return_date).toBe('Return Date cannot be before Depart Date')
    const feb = await t.call('employee', 'POST', '/api/ticket', { ...valid, depart_date: '2026-02-30' })
    expect(feb.body.errors.depart_date).toBe('Invalid date')
    const none = await t.call('employee', 'POST', '/api/ticket', { ...valid, return_date: null })
    expect(none.status).toBe(201)
  })

  it('allows no profit when nothing is payable, and refuses an unknown bank', async () => {
    const res = await t.call('employee', 'POST', '/api/ticket', {
      ...valid,
      payable_to_vendor: 0,
      vendor_name: '',
    })
    expect(res.status).toBe(201)
    expect(res.body.ticket.profit).toBeNull()
    const bank = await t.call('employee', 'POST', '/api/ticket', { ...valid, bank_title: 'Nowhere Bank' })
    expect(bank.status).toBe(400)
    expect(bank.body.errors.bank_title).toBe('Select a bank from the list')
  })

  it('lets only admins edit and delete', async () => {
    const id = (await t.call('employee', 'POST', '/api/ticket', valid)).body.ticket.id
    await api.adminOnly(id, valid)
    expect((await t.call('none', 'GET', '/api/ticket')).status).toBe(401)
  })

  it('posts agent, bank and vendor rows with the ticket and keeps them in step', async () => {
    const agent = 'Agent Ledger'
    const vendor = 'Vendor Ledger'
    const bank = 'HBL Account 2'
    const body = { ...valid, agent_name: agent, vendor_name: vendor, bank_title: bank }
    const created = await t.call('employee', 'POST', '/api/ticket', body)
    const ticket = created.body.ticket
    // Agent: owes the receivable, has paid cash + bank.
    expect(await ledgerBalance(t, 'agent_entries', 'agent_name', agent)).toBe(-49999.5)
    expect(await ledgerBalance(t, 'account_entries', 'bank_name', bank)).toBe(20000.5)
    expect(await ledgerBalance(t, 'vender_entries', 'vender_name', vendor)).toBe(80000)
    const db = t.app.db
    const vendorRow = await db
      .selectFrom('vender_entries')
      .selectAll()
      .where('vender_name', '=', vendor)
      .executeTakeFirstOrThrow()
    expect(vendorRow.entry).toBe(ticket.entry)
    expect(vendorRow.detail).toBe('LHE-DXB, 10/05/2026, 20/05/2026, Emirates, Mr Ali Khan')
    expect(vendorRow.date).toBe(businessDayOf(ticket.created_at))
    const accountRow = await db
      .selectFrom('account_entries')
      .selectAll()
      .where('bank_name', '=', bank)
      .executeTakeFirstOrThrow()
    expect(accountRow.detail).toBe(`Ali Traders, REF-1, ${agent}`)
    expect(accountRow.entry).toBe(ticket.entry)

    // Edit the amounts: every ledger follows.
    const edited = await t.call('admin', 'PUT', `/api/ticket/${ticket.id}`, {
      ...body,
      receivable_amount: 120000,
      paid_in_bank: 50000,
      payable_to_vendor: 90000,
    })
    expect(edited.status).toBe(200)
    expect(edited.body.ticket.entry).toBe(ticket.entry)
    expect(edited.body.ticket.remaining_amount).toBe(40000)
    expect(await ledgerBalance(t, 'agent_entries', 'agent_name', agent)).toBe(-40000)
    expect(await ledgerBalance(t, 'account_entries', 'bank_name', bank)).toBe(50000)
    expect(await ledgerBalance(t, 'vender_entries', 'vender_name', vendor)).toBe(90000)

    // Bank payment dropped, vendor removed: those postings go away.
    await t.call('admin', 'PUT', `/api/ticket/${ticket.id}`, {
      ...body,
      paid_in_bank: 0,
      vendor_name: '',
    })
    expect(await ledgerBalance(t, 'account_entries', 'bank_name', bank)).toBe(0)
    expect(await ledgerBalance(t, 'vender_entries', 'vender_name', vendor)).toBe(0)
    expect(await ledgerBalance(t, 'agent_entries', 'agent_name', agent)).toBe(-70000)

    // Delete: nothing of the ticket is left in any ledger or the journal.
    expect((await t.call('admin', 'DELETE', `/api/ticket/${ticket.id}`)).status).toBe(200)
    for (const table of ['agent_entries', 'account_entries', 'vender_entries', 'journal'] as const) {
      const left = await db
        .selectFrom(table)
        .select('id')
        .where('source_type', '=', 'tickets')
        .where('source_id', '=', ticket.id)
        .execute()
      expect(left).toHaveLength(0)
    }
    expect((await t.call('admin', 'DELETE', `/api/ticket/${ticket.id}`)).status).toBe(404)
  })

  it('stores nothing when the save fails after the insert', async () => {
    const count = () => rowCount(t, 'tickets')
    const ledger = () => rowCount(t, 'vender_entries')
    const [tickets, vendorRows] = [await count(), await ledger()]
    // The bank check fails after the ticket row is inserted, inside the same transaction.
    const res = await t.call('employee', 'POST', '/api/ticket', { ...valid, bank_title: 'Closed Bank' })
    expect(res.status).toBe(400)
    expect(await count()).toBe(tickets)
    expect(await ledger()).toBe(vendorRows)
  })

  it('writes the dashboard journal line', async () => {
    const created = (await t.call('employee', 'POST', '/api/ticket', valid)).body.ticket
    const line = await journalRow(t, 'tickets', created.id)
    // Issue 13: dated the business day the money moved (Pakistan), not the travel date.
    expect(line).toMatchObject({
      date: businessDayOf(created.created_at, 'Asia/Karachi'),
      name: 'Ali Traders',
      entry: created.entry,
      employee: 'emp',
    })
    expect(Number(line?.remaining)).toBe(4999950)
  })

  it('gives 20 concurrent creates 20 distinct entry numbers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.call('employee', 'POST', '/api/ticket', valid)),
    )
    expect(answers.every((a) => a.status === 201)).toBe(true)
    const entries = new Set(answers.map((a) => a.body.ticket.entry))
    expect(entries.size).toBe(20)
    for (const e of entries) expect(e).toMatch(/^Ticket \d+\/\d+$/)
  })
})
