import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readTickets } from './read.ts'
import { gdsShortDate, splitName } from './text.ts'
import { pastedForeign, ticketFromPaste } from './to-ticket.ts'
import { type ReadTicket, TicketParseAnswer } from './types.ts'

/** The project's own samples: invented passengers and numbers, in the layouts agencies see most. */
const SAMPLES = join(import.meta.dirname, 'samples')
const expected = JSON.parse(readFileSync(join(SAMPLES, 'expected.json'), 'utf8')) as Record<
  string,
  { format: string; tickets: ReadTicket[] }
>

describe('readTickets: the project samples, every field', () => {
  const files = readdirSync(SAMPLES).filter((f) => f.endsWith('.txt'))
  it('has at least 8 samples, each with its expected tickets', () => {
    expect(files.length).toBeGreaterThanOrEqual(8)
    expect(Object.keys(expected).sort()).toEqual([...files].sort())
  })
  for (const file of files) {
    it(file, () => {
      const result = readTickets(readFileSync(join(SAMPLES, file), 'utf8'))
      if (!result.ok) throw new Error(result.message)
      expect(result.format).toBe(expected[file].format)
      expect(result.tickets).toEqual(expected[file].tickets)
      expect(TicketParseAnswer.parse(result)).toBeTruthy()
    })
  }
})

describe('readTickets: rules', () => {
  it('a date without a year is the first such day on or after the issue date', () => {
    expect(gdsShortDate('24JAN', '2018-09-14')).toBe('2019-01-24')
    expect(gdsShortDate('14SEP', '2018-09-14')).toBe('2018-09-14')
    expect(gdsShortDate('29FEB', '2025-03-01')).toBe('2028-02-29')
    expect(gdsShortDate('24JAN', null)).toBeNull()
  })

  it('splits names with their titles and passenger types', () => {
    expect(splitName('MIAH/NABIL MSTR(CHD)(ID05MAR03)')).toEqual({
      title: 'MSTR',
      first_name: 'NABIL',
      last_name: 'MIAH',
      type: 'CHD',
    })
    expect(splitName('Mr. HAMMAD UL MEHMOOD ABBASI')).toEqual({
      title: 'MR',
      first_name: 'HAMMAD UL MEHMOOD',
      last_name: 'ABBASI',
      type: 'ADT',
    })
    expect(splitName('BEGUM CHOWDHURY/RAHENA MRS').last_name).toBe('BEGUM CHOWDHURY')
    expect(splitName('KHAN/BABY INF').type).toBe('INF')
  })

  it('a text without a ticket says what it recognized and what it did not', () => {
    const booking = readTickets('E-Ticket\nPNR: QW3ER7\nPK 303 05 Dec 2026 07:00 09:00\nMR ALI RAZA Confirm')
    expect(booking.ok).toBe(false)
    if (booking.ok) return
    expect(booking.recognized).toEqual(['booking reference QW3ER7', 'flight PK303'])
    expect(booking.message).toContain('Not found: a 13-digit ticket number')
    const empty = readTickets('   ')
    expect(empty.ok ? '' : empty.message).toBe('No ticket found: the text is empty')
  })

  it('a VOID Galileo display reads VOID and an all-EXCH Sabre record reads EXCHANGED', () => {
    const voided = readTickets(readFileSync(join(SAMPLES, 'galileo-te-void.txt'), 'utf8'))
    expect(voided.ok && voided.tickets.map((t) => t.status)).toEqual(['VOID'])
  })
})

describe('ticketFromPaste: one Ticket record from a paste', () => {
  const read = (file: string) => {
    const r = readTickets(readFileSync(join(SAMPLES, file), 'utf8'))
    if (!r.ok) throw new Error(r.message)
    return r
  }
  it('fills the 3-passenger PIA return ticket: sector, dates, PNR, counts and names', () => {
    const filled = ticketFromPaste(read('pia-eticket-3pax-return.txt'))
    expect(filled.values).toEqual({
      reference: 'QZ7K4M',
      sector: 'LHE-JED',
      airline: 'PIA',
      depart_date: '2027-01-14',
      return_date: '2027-02-02',
      adults: 2,
      children: 1,
      infants: 0,
      ticket_numbers: '2142409917301 2142409917302 2142409917303',
    })
    expect(filled.passengers).toEqual([
      { title: 'Mr', firstName: 'ZAHID IQBAL', lastName: 'BHATTI' },
      { title: 'Mrs', firstName: 'SAIMA', lastName: 'ZAHID' },
      { title: 'Mr', firstName: 'HAMZA', lastName: 'ZAHID' },
    ])
    expect(filled.money).toEqual({
      fare: { currency: 'PKR', amount: 246000 },
      taxes: [
        { code: 'YQ', amount: 18600 },
        { code: 'PK', amount: 4500 },
        { code: 'SP', amount: 2250 },
      ],
      total: { currency: 'PKR', amount: 271350 },
      each: false,
    })
  })
  it('turns a connecting return trip at its longest stay, and a one-way trip has no return date', () => {
    const galileo = ticketFromPaste(read('galileo-te-2pax-return.txt'))
    expect(galileo.values).toMatchObject({ sector: 'ISB-MAN', return_date: '2027-02-06', adults: 2 })
    expect(galileo.money.each).toBe(true)
    const emirates = ticketFromPaste(read('emirates-eticket.txt'))
    expect(emirates.values).toMatchObject({ sector: 'LHE-LHR', depart_date: '2026-12-12', return_date: '' })
  })
})

// Issue 34 item 7 (decision 125): the shared fixtures priced in dollars propose USD; rupee,
// unpriced and unkept currencies propose nothing.
describe('pastedForeign: the currency a paste proposes', () => {
  // The shared fixtures beside the repository (../shared), or where the coordinator keeps them.
  const FIXTURES = [
    process.env.TICKET_FIXTURES,
    join(import.meta.dirname, '../../../../../shared/fixtures/tickets'),
    '/work/shared/fixtures/tickets',
  ].find((d): d is string => d !== undefined && existsSync(d))
  const fixture = (file: string) => {
    if (!FIXTURES) throw new Error('No shared ticket fixtures: set TICKET_FIXTURES')
    const r = readTickets(readFileSync(join(FIXTURES, file), 'utf8'))
    if (!r.ok) throw new Error(r.message)
    return ticketFromPaste(r)
  }
  it('a USD fare proposes USD with the amount as printed; PKR, IRR and no price propose nothing', () => {
    expect(pastedForeign(fixture('amadeus-twd-lahore.txt'))).toEqual({ currency: 'USD', amount: 771.15 })
    expect(pastedForeign(fixture('travelport-te-qatar-doha.txt'))).toEqual({
      currency: 'USD',
      amount: 919.86,
    })
    expect(pastedForeign(fixture('amadeus-air-etihad-auh-3pax.txt'))?.currency).toBe('GBP')
    expect(pastedForeign(fixture('airsial-eticket-jed-isb-return.txt'))).toBeNull()
    expect(pastedForeign(fixture('amadeus-twd-usd-irr-arnk.txt'))).toBeNull()
    expect(pastedForeign(fixture('amadeus-air-void.txt'))).toBeNull()
  })
})
