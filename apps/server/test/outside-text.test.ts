import { PASTE_TEXT_MAX } from '@booking/shared'
import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { setupTestApp } from './helpers.ts'

/**
 * Issue 33 item 4: the ticket reader is linear. The paste that ran 83 s (a name of "(" with no
 * closing bracket), its "(a" variant and other shapes that made a regular expression backtrack
 * (runs of newlines under a GDS heading, long whitespace after a label, thousands of flights on a
 * line, such a line above a long one) each answer within 1 s at 400,000 characters. The time is
 * the server's (inject: no network); the best of three tries, so a neighbour's burst of CPU on a
 * shared machine is not read as the reader's cost; a quadratic reader takes seconds here (a 413
 * at the worker's 5 s limit), far past the bound.
 */
const t = setupTestApp()

const SIZE = PASTE_TEXT_MAX
const fill = (head: string, unit: string, tail = ' 1761234567890\n') =>
  head + unit.repeat(Math.floor((SIZE - head.length - tail.length) / unit.length)) + tail

const PASTES: [string, string][] = [
  ['the issue\'s paste: "(" x 398,960', fill('TICKET\nAB', '(')],
  ['"(a" pairs', fill('TICKET\nAB', '(a')],
  ['newlines under a Sabre heading', fill('ELECTRONIC TICKET RECORD\n', '\n')],
  ['carriage returns under a Sabre heading', fill('ELECTRONIC TICKET RECORD\n', '\r')],
  ['blank lines under an Amadeus TWD opening', fill('TKT-1761234567890\n', ' \n')],
  ['blank lines under an Amadeus AIR heading', fill('AIR-BLK207\n', '\n')],
  ['blank lines under a Travelport opening', fill('TKT: 157 7830 831534     NAME: A/B\n', '\n')],
  ['"Status" then whitespace', fill('TICKET\nStatus', ' ')],
  ['a route heading then whitespace', fill('TICKET\n12:00 PK1\nJeddah', ' ')],
  ['a passenger label then spaces', fill('TICKET\nPassenger: A', ' ')],
  ['flights on one line', fill('TICKET\n', '12:00 PK1234 ')],
  ['dated flights on one line', fill('TICKET\n', '1 JAN 2026 PK1 ')],
  // Each flight without a date before it looked for one on the next lines (a fuzzed paste: 7 s).
  [
    'flights on one line above a long line',
    fill(`TICKET\n${'12:00 PK1 '.repeat(20_000)}\n`, '1761234567890'),
  ],
  ['short lines', fill('TICKET\n', '1\n')],
  [
    'a Sabre coupon line with trailing spaces',
    fill('ELECTRONIC TICKET RECORD\nTKT: 1761234567890\n 1 PK 303 Y 12JAN LHEJED OK', ' '),
  ],
]

const timed = async (text: string) => {
  let best = Number.POSITIVE_INFINITY
  let status = 0
  for (let i = 0; i < 3 && best >= 1000; i++) {
    const started = performance.now()
    const res = await t.call('employee', 'POST', '/api/tickets/parse', { text })
    best = Math.min(best, performance.now() - started)
    status = res.status
  }
  return { status, ms: best }
}

describe(`ticket reader on hostile pastes (${DB_KIND})`, () => {
  for (const [name, text] of PASTES)
    it(`${name}: 400,000 characters answered (200 or 400) within 1 s`, async () => {
      expect(text.length).toBeLessThanOrEqual(SIZE)
      expect(text.length).toBeGreaterThan(SIZE - 100)
      const { status, ms } = await timed(text)
      expect([200, 400]).toContain(status)
      expect(ms).toBeLessThan(1000)
      const health = await t.app.inject({ method: 'GET', url: '/api/health' })
      expect(health.statusCode).toBe(200)
    })

  it('health is answered while a 400,000-character paste is read (the reader runs in a worker)', async () => {
    const text = PASTES.find(([n]) => n === 'short lines')?.[1] ?? ''
    let pasted = false
    const started = performance.now()
    const paste = t.call('employee', 'POST', '/api/tickets/parse', { text }).then((res) => {
      pasted = true
      return { res, ms: performance.now() - started }
    })
    const during: number[] = []
    while (!pasted) {
      const t0 = performance.now()
      const health = await t.app.inject({ method: 'GET', url: '/api/health' })
      expect(health.statusCode).toBe(200)
      if (!pasted) during.push(performance.now() - t0)
      await new Promise((r) => setTimeout(r, 2))
    }
    const { res, ms } = await paste
    expect(res.status).toBe(400)
    // Several answers while the paste was read, none waiting for most of it.
    expect(during.length).toBeGreaterThan(3)
    expect(Math.max(...during)).toBeLessThan(ms / 2)
  })

  it('a paste past the cap is a 400 naming the cap, read no further', async () => {
    const res = await t.call('employee', 'POST', '/api/tickets/parse', { text: 'x'.repeat(SIZE + 1) })
    expect(res.status).toBe(400)
    expect(res.body.errors.text).toBe('Text is too long: paste at most 400,000 characters')
  })
})
