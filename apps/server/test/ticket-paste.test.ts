import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { passenger } from '@booking/shared/test-data'
import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { rowCount, setupTestApp } from './helpers.ts'
import { TICKET_SAMPLE, ticketSample } from './ticket-sample.ts'

/** A ticket record as the wizard saves it from the pasted 3-passenger PIA ticket. */
const fromPaste = (numbers: string, more: Record<string, unknown> = {}) => ({
  employee_name: 'emp',
  agent_name: '',
  customer_add: 'Bhatti Family',
  reference: 'QZ7K4M',
  depart_date: '2027-01-14',
  return_date: '2027-02-02',
  sector: 'LHE-JED',
  airline: 'PK',
  adults: 2,
  children: 1,
  infants: 0,
  passport_detail: JSON.stringify([
    passenger('ZAHID IQBAL', 'BHATTI'),
    passenger('SAIMA', 'ZAHID', { title: 'Mrs' }),
    passenger('HAMZA', 'ZAHID'),
  ]),
  receivable_amount: 280000,
  paid_cash: 0,
  bank_title: '',
  paid_in_bank: 0,
  payable_to_vendor: 271350,
  vendor_name: '',
  ticket_numbers: numbers,
  ticket_text: TICKET_SAMPLE,
  ...more,
})
const NUMBERS = '2142409917301 2142409917302 2142409917303'

describe(`POST /api/tickets/parse (${DB_KIND})`, () => {
  const t = setupTestApp()

  it('reads the 3-passenger PIA ticket for an employee, in exactly the issue’s names', async () => {
    const res = await t.call('employee', 'POST', '/api/tickets/parse', { text: TICKET_SAMPLE })
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual(['format', 'tickets', 'warnings'])
    expect(res.body.format).toBe('Airline e-ticket receipt')
    expect(res.body.tickets.map((x: { ticket_number: string }) => x.ticket_number)).toEqual(
      NUMBERS.split(' '),
    )
    expect(res.body.tickets[2]).toEqual({
      ticket_number: '2142409917303',
      pnr: 'QZ7K4M',
      passenger: { title: 'MSTR', first_name: 'HAMZA', last_name: 'ZAHID', type: 'CHD' },
      segments: [
        { carrier: 'PK', flight: '759', from: 'LHE', to: 'JED', date: '2027-01-14' },
        { carrier: 'PK', flight: '760', from: 'JED', to: 'LHE', date: '2027-02-02' },
      ],
      issue_date: '2026-11-20',
      fare: { currency: 'PKR', amount: 246000 },
      total: { currency: 'PKR', amount: 271350 },
      taxes: [
        { code: 'YQ', amount: 18600 },
        { code: 'PK', amount: 4500 },
        { code: 'SP', amount: 2250 },
      ],
      validating_carrier: 'PK',
      status: 'ISSUED',
    })
  })

  it('a text with no ticket is a 400 naming what was and was not recognized', async () => {
    const res = await t.call('employee', 'POST', '/api/tickets/parse', {
      text: 'E-Ticket\nPNR: QW3ER7\nPK 303 05 Dec 2026 07:00 09:00\nMR ALI RAZA Confirm',
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(
      'No ticket found in the text. Recognized: booking reference QW3ER7; flight PK303. Not found: a 13-digit ticket number; a ticket display (Sabre WETR, Amadeus TWD or AIR, Travelport *TE) or an airline e-ticket receipt.',
    )
    expect(res.body.recognized).toEqual(['booking reference QW3ER7', 'flight PK303'])
    for (const text of ['', 'Hello', 'x'.repeat(1000)])
      expect((await t.call('employee', 'POST', '/api/tickets/parse', { text })).status).toBe(400)
  })

  it('refuses a missing, non-text or too long text with 400, and an anonymous caller with 401', async () => {
    const missing = await t.call('employee', 'POST', '/api/tickets/parse', {})
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual({ text: 'Text is required' })
    expect((await t.call('employee', 'POST', '/api/tickets/parse', { text: 42 })).status).toBe(400)
    const long = await t.call('employee', 'POST', '/api/tickets/parse', { text: 'A'.repeat(400_001) })
    expect(long.status).toBe(400)
    expect(long.body.message).toBe('Text is too long: paste at most 400,000 characters')
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/tickets/parse',
      payload: { text: TICKET_SAMPLE },
    })
    expect(anon.statusCode).toBe(401)
  })

  // The public samples beside the repository (CI has them): each text without a ticket is a 400.
  const shared = resolve(import.meta.dirname, '../../../../shared/fixtures/tickets')
  const dir = process.env.TICKET_FIXTURES ?? shared
  it(`each shared no-ticket sample is a 400 (${existsSync(dir) ? 'run' : 'did not run: no ../shared'})`, async () => {
    if (!existsSync(join(dir, 'expected.json'))) {
      console.log(`Shared no-ticket samples did not run: ${dir} not found`)
      expect(existsSync(dir)).toBe(false)
      return
    }
    const { negatives } = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as {
      negatives: Array<{ file?: string; text?: string }>
    }
    expect(negatives.length).toBeGreaterThanOrEqual(4)
    for (const n of negatives) {
      const text = n.file
        ? readFileSync(join(dir, n.file), 'utf8')
            .split('\n')
            .filter((l) => !l.startsWith('#'))
            .join('\n')
        : (n.text ?? '')
      const res = await t.call('employee', 'POST', '/api/tickets/parse', { text })
      expect(res.status, n.file ?? 'empty').toBe(400)
      expect(res.body.message).toMatch(/^No ticket found/)
    }
  })
})

describe(`ticket numbers and the pasted text on Ticket records (${DB_KIND})`, () => {
  const t = setupTestApp()

  it('keeps them, and the list search finds the record by a ticket number or by the PNR', async () => {
    const saved = await t.call('employee', 'POST', '/api/ticket', fromPaste(`${NUMBERS.replace(/ /g, ', ')}`))
    expect(saved.status).toBe(201)
    expect(saved.body.ticket.ticket_numbers).toBe(NUMBERS)
    expect(saved.body.ticket.ticket_text).toBe(TICKET_SAMPLE.trim())
    expect(saved.body.ticket).not.toHaveProperty('allow_duplicate_ticket')
    for (const q of ['2142409917302', 'QZ7K4M', '409917303']) {
      const found = await t.call('employee', 'GET', `/api/ticket?q=${q}`)
      expect(found.status).toBe(200)
      expect(
        found.body.ticket.map((r: { id: number }) => r.id),
        q,
      ).toEqual([saved.body.ticket.id])
    }
    expect((await t.call('employee', 'GET', '/api/ticket?q=2142409917399')).body.ticket).toEqual([])
  })

  it('a ticket number that is not 13 digits is a 400 with the field named', async () => {
    const res = await t.call('employee', 'POST', '/api/ticket', fromPaste('21424099173'))
    expect(res.status).toBe(400)
    expect(res.body.errors).toMatchObject({ ticket_numbers: 'Ticket Number must be 13 digits' })
  })

  it('a ticket number already on a record: 409 naming it for everyone, saved only by an admin who says so', async () => {
    const first = await t.call('employee', 'POST', '/api/ticket', fromPaste('2142409955120'))
    expect(first.status).toBe(201)
    // Editing a record keeps its own numbers without a warning.
    const edit = await t.call(
      'admin',
      'PUT',
      `/api/ticket/${first.body.ticket.id}`,
      fromPaste('2142409955120'),
    )
    expect(edit.status).toBe(200)
    const before = await rowCount(t, 'tickets')
    const again = fromPaste('2142409955121 2142409955120')
    for (const role of ['employee', 'admin'] as const) {
      const res = await t.call(role, 'POST', '/api/ticket', again)
      expect(res.status, role).toBe(409)
      expect(res.body.message).toBe(`Ticket number 2142409955120 is already on ${first.body.ticket.entry}`)
      expect(res.body.duplicate).toEqual({
        id: first.body.ticket.id,
        entry: first.body.ticket.entry,
        ticket_number: '2142409955120',
      })
    }
    // The flag is an admin's: an employee sending it is still refused.
    const employee = await t.call('employee', 'POST', '/api/ticket', {
      ...again,
      allow_duplicate_ticket: true,
    })
    expect(employee.status).toBe(409)
    expect(await rowCount(t, 'tickets')).toBe(before)
    const admin = await t.call('admin', 'POST', '/api/ticket', { ...again, allow_duplicate_ticket: true })
    expect(admin.status).toBe(201)
    expect(await rowCount(t, 'tickets')).toBe(before + 1)
  })

  it('reads a VOID Galileo ticket whose number is on a record, which the search then finds', async () => {
    const saved = await t.call('employee', 'POST', '/api/ticket', fromPaste('1572409960034'))
    expect(saved.status).toBe(201)
    const read = await t.call('employee', 'POST', '/api/tickets/parse', {
      text: ticketSample('galileo-te-void.txt'),
    })
    expect(read.body.tickets[0]).toMatchObject({ ticket_number: '1572409960034', status: 'VOID' })
    const found = await t.call('employee', 'GET', '/api/ticket?q=1572409960034')
    expect(found.body.ticket.map((r: { id: number }) => r.id)).toEqual([saved.body.ticket.id])
  })
})
