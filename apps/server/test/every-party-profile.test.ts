import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

/**
 * Issue 37 item 1 (decision 097): the profile panel for every party. A customer of the register is
 * found by name with its key (it was left out, so the panel never loaded); a walk-in (customer
 * text no customer row stands behind) has a profile, a credit limit that holds, and share links.
 */

const enc = encodeURIComponent

/** A ticket sold to a customer on credit (no agent): the customer owes all of it. */
const sale = (customer: string, receivable: number) => ({
  ...VALID_BODIES['/api/ticket']!.body,
  agent_name: '',
  customer_add: customer,
  receivable_amount: receivable,
  paid_cash: 0,
  paid_in_bank: 0,
  payable_to_vendor: 0,
})

describe(`the profile of every party (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, COMMON_NAMES))

  it('a customer of the register: the credit call names its key, and the profile loads by it', async () => {
    const c = await t.call('employee', 'POST', '/api/customers', {
      name: 'Farah Naz',
      mobile_number: '0333-1112223',
    })
    expect(c.status).toBe(201)
    const id = c.body.customer.id as number
    expect((await t.call('employee', 'POST', '/api/ticket', sale('Farah Naz', 12_000))).status).toBe(201)
    const credit = await t.call('employee', 'GET', `/api/credit/customer/${enc('Farah Naz')}`)
    expect(credit.body).toMatchObject({ key: String(id), balance: 12_000, credit_limit: null })
    const profile = await t.call('employee', 'GET', `/api/customers/${credit.body.key}/profile`)
    expect(profile.status).toBe(200)
    expect(profile.body.profile).toMatchObject({ key: String(id), whatsapp_number: '923331112223' })
  })

  it('a walk-in: profile, WhatsApp number, reminder language, a credit limit that holds, a share link', async () => {
    const walkIn = 'Walk-in  Rana Saeed'
    expect((await t.call('employee', 'POST', '/api/ticket', sale(walkIn, 30_000))).status).toBe(201)
    const credit = await t.call('employee', 'GET', `/api/credit/customer/${enc('walk-in rana saeed')}`)
    expect(credit.body).toMatchObject({ key: 'walk-in rana saeed', balance: 30_000 })
    const path = `/api/customers/${enc(credit.body.key)}/profile`
    const before = await t.call('employee', 'GET', path)
    expect(before.status).toBe(200)
    expect(before.body.profile).toMatchObject({ balance: 30_000, phone: '', credit_left: null })

    // Contact details by anyone, the limit by an admin only.
    const contact = {
      phone: '0301 5556667',
      email: '',
      city: 'Multan',
      note: '',
      credit_limit: null,
      language: 'ur',
    }
    expect((await t.call('employee', 'PUT', path, contact)).status).toBe(200)
    expect((await t.call('employee', 'PUT', path, { ...contact, credit_limit: 40_000 })).status).toBe(403)
    const limited = await t.call('admin', 'PUT', path, { ...contact, credit_limit: 40_000 })
    expect(limited.status).toBe(200)
    expect(limited.body.profile).toMatchObject({
      whatsapp_number: '923015556667',
      language: 'ur',
      credit_left: 10_000,
    })

    // The limit holds on the walk-in's next sale, whatever the spacing or case it is typed in.
    const over = await t.call('employee', 'POST', '/api/ticket', sale('WALK-IN RANA SAEED', 10_500))
    expect(over.status).toBe(409)
    expect(over.body.message).toContain('exceeded by Rs 500')
    expect((await t.call('employee', 'POST', '/api/ticket', sale('walk-in rana saeed', 10_000))).status).toBe(
      201,
    )

    const share = await t.call('employee', 'POST', `/api/statements/customer/${enc(walkIn)}/share`, {
      expires_days: 7,
    })
    expect(share.status, JSON.stringify(share.body)).toBe(201)
    const token = String(share.body.url).split('/s/')[1]
    const shown = await t.call('none', 'GET', `/s/${token}`)
    expect(shown.status, JSON.stringify(shown.body)).toBe(200)
    expect(String(shown.body)).toContain('40,000')
  })

  it('a name no party stands behind still answers with no key', async () => {
    const credit = await t.call('employee', 'GET', `/api/credit/customer/${enc('Nobody Yet')}`)
    expect(credit.body).toMatchObject({ key: null, balance: 0 })
    expect((await t.call('employee', 'GET', `/api/customers/${enc('nobody yet')}/profile`)).status).toBe(404)
  })
})
