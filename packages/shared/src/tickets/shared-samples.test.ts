import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readTickets } from './read.ts'
import type { ReadTicket } from './types.ts'

/**
 * The public samples beside the repository (../shared/fixtures/tickets, present in CI), read by
 * hand into expected.json. They are never copied into the project; without them this says so.
 */
const REPO = resolve(import.meta.dirname, '../../../..')
const DIR = process.env.TICKET_FIXTURES ?? join(REPO, '../shared/fixtures/tickets')
const present = existsSync(join(DIR, 'expected.json'))

interface Expected {
  name: string
  file: string
  format: string
  allow_extra_ticket_numbers?: string[]
  tickets: Array<{
    ticket_number: string
    pnr?: string | string[]
    passenger: { last_name?: string; first_name?: string; name_words?: string[] }
    issue_date?: string
    segments?: Array<{ carrier: string; flight: string; from?: string; to?: string; date: string }>
    total?: { currency: string; amount: number }
    status?: string
  }>
}

/** A sample's text: the lines starting with # are notes about it, not part of the paste. */
export const sampleText = (file: string) =>
  readFileSync(join(DIR, file), 'utf8')
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .join('\n')

const compare = (want: Expected['tickets'][number], got: ReadTicket) => {
  if (want.pnr !== undefined) expect([want.pnr].flat()).toContain(got.pnr)
  const p = want.passenger
  if (p.last_name !== undefined) expect(got.passenger.last_name).toBe(p.last_name)
  if (p.first_name !== undefined) expect(got.passenger.first_name).toBe(p.first_name)
  if (p.name_words)
    expect(`${got.passenger.first_name} ${got.passenger.last_name}`.split(' ').sort()).toEqual(
      [...p.name_words].sort(),
    )
  if (want.issue_date !== undefined) expect(got.issue_date).toBe(want.issue_date)
  if (want.segments) {
    expect(got.segments).toHaveLength(want.segments.length)
    want.segments.forEach((s, k) => {
      const g = got.segments[k]
      expect(g.carrier).toBe(s.carrier)
      expect(g.flight).toBe(s.flight)
      if (s.from !== undefined) expect(g.from).toBe(s.from)
      if (s.to !== undefined) expect(g.to).toBe(s.to)
      // "MM-DD" where the text holds no issue date: month and day only.
      expect(s.date.length === 5 ? g.date?.slice(5) : g.date).toBe(s.date)
    })
  }
  if (want.total) expect(got.total).toEqual(want.total)
  if (want.status) expect(got.status).toBe(want.status)
}

const describeSamples = () => {
  const data = present
    ? (JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as {
        samples: Expected[]
        negatives: Array<{ name: string; file?: string; text?: string }>
      })
    : { samples: [], negatives: [] }
  for (const sample of data.samples) {
    it(sample.name, () => {
      const result = readTickets(sampleText(sample.file))
      if (!result.ok) throw new Error(result.message)
      // The layout family: "Sabre WETR (indented paste)" is read as Sabre WETR.
      expect(result.format.split(' ')[0].toLowerCase()).toBe(sample.format.split(' ')[0].toLowerCase())
      const allowed = new Set([
        ...sample.tickets.map((t) => t.ticket_number),
        ...(sample.allow_extra_ticket_numbers ?? []),
      ])
      expect(result.tickets.filter((t) => !allowed.has(t.ticket_number)).map((t) => t.ticket_number)).toEqual(
        [],
      )
      expect(
        result.tickets
          .map((t) => t.ticket_number)
          .filter((n) => sample.tickets.some((t) => t.ticket_number === n)),
      ).toEqual(sample.tickets.map((t) => t.ticket_number))
      const read = result.tickets.filter((t) => allowed.has(t.ticket_number))
      for (const [k, want] of sample.tickets.entries()) compare(want, read[k])
    })
  }
  for (const neg of data.negatives) {
    it(`no ticket: ${neg.name}`, () => {
      const result = readTickets(neg.file ? sampleText(neg.file) : (neg.text ?? ''))
      expect(result.ok).toBe(false)
    })
  }
}

if (present) describe('readTickets: the shared public samples, every field of expected.json', describeSamples)
else
  describe('readTickets: the shared public samples', () => {
    it('did not run: ../shared/fixtures/tickets is not beside the repository', () => {
      console.log(`Shared ticket samples did not run: ${DIR} not found`)
      expect(existsSync(DIR)).toBe(false)
    })
  })
