import { addDaysIso, addMonthsIso, formatDate, todayIso } from '@booking/shared'
import { TEST_NAMES } from '@booking/shared/test-data'
import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { addNames, passenger, rowCount, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

/** Issue 23 item 6: an expired passport is refused unless confirmed, and alerts say "expired" (decision 049). */
describe(`expired passports (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, TEST_NAMES))
  const expired = '2012-05-01'
  const ticketBody = (p: Record<string, string>, more: Record<string, unknown> = {}) => ({
    ...VALID_BODIES['/api/ticket']!.body,
    adults: 1,
    children: 0,
    infants: 0,
    passport_detail: JSON.stringify([p]),
    depart_date: addMonthsIso(todayIso(), 1),
    return_date: null,
    ...more,
  })

  it('refuses a booking with an expired passport until confirmed, then alerts it as expired', async () => {
    const old = passenger('Expired', 'Khan', { documentNo: 'EX2012', documentExpiry: expired })
    const before = await rowCount(t, 'tickets')
    const refused = await t.call('employee', 'POST', '/api/ticket', ticketBody(old))
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toMatchObject({
      'passport_detail.0.documentExpiry': `Passport expired on ${formatDate(expired)}`,
      confirm_expired: 'The passport has expired. Confirm to save it anyway.',
    })
    expect(await rowCount(t, 'tickets')).toBe(before)

    const saved = await t.call('employee', 'POST', '/api/ticket', ticketBody(old, { confirm_expired: true }))
    expect(saved.status, JSON.stringify(saved.body)).toBe(201)
    // An edit that keeps the stored passport is not asked again; a newly expired one is.
    const id = saved.body.ticket.id
    expect((await t.call('admin', 'PUT', `/api/ticket/${id}`, ticketBody(old))).status).toBe(200)
    const other = { ...old, documentNo: 'EX2013', documentExpiry: addDaysIso(todayIso(), -1) }
    expect((await t.call('admin', 'PUT', `/api/ticket/${id}`, ticketBody(other))).status).toBe(400)

    const alerts = await t.call('employee', 'GET', '/api/alerts')
    const alert = alerts.body.alerts.find((a: { passport: string }) => a.passport === 'EX2012')
    expect(alert.reason).toMatch(/^Passport expired on 01\/05\/2012/)
    expect(alert.reason).not.toContain('expires within')
  })

  it("names the expired pilgrim's block on Umrah", async () => {
    const umrah = VALID_BODIES['/api/umrah']!.body as Record<string, unknown>
    const lead = passenger('Lead', 'Pilgrim', { documentNo: 'LP1' })
    const second = passenger('Second', 'Pilgrim', { documentNo: 'SP1', documentExpiry: expired })
    const res = await t.call('employee', 'POST', '/api/umrah', {
      ...umrah,
      adults: 2,
      children: 0,
      infants: 0,
      passportDetail: JSON.stringify([lead, second]),
    })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.errors)).toEqual(['passportDetail.1.documentExpiry', 'confirm_expired'])
  })
})
