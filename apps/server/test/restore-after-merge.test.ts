import { describe, expect, it } from 'vitest'
import { DB_KIND, type TestApp } from './harness.ts'
import { setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

const addCustomer = async (t: TestApp, name: string, mobile: string) => {
  const res = await t.call('admin', 'POST', '/api/customers', { name, mobile_number: mobile })
  expect(res.status).toBe(201)
  return res.body.customer.id as number
}

const merge = async (t: TestApp, from: number, into: number) =>
  expect((await t.call('admin', 'POST', `/api/customers/${from}/merge`, { into_id: into })).status).toBe(200)

/** The trial balance's customer accounts with a balance, by code. */
const customerAccounts = async (t: TestApp) =>
  Object.fromEntries(
    (
      (await t.call('admin', 'GET', '/api/reports/trial-balance')).body.accounts as Array<{
        code: string
        balance: number
      }>
    )
      .filter((a) => a.code.startsWith('customer:') && a.balance !== 0)
      .map((a) => [a.code, a.balance]),
  )

/** Saves a visa of `customer` owing 8,000, deletes it, and returns the history entry of the delete. */
const deletedVisa = async (t: TestApp, customer: string) => {
  const saved = await t.call('employee', 'POST', '/api/visa-processing', {
    ...VALID_BODIES['/api/visa-processing'].body,
    customer_add: customer,
    receivable_amount: 9000,
    paid_cash: 1000,
    paid_in_bank: 0,
    bank_title: '',
  })
  expect(saved.status, JSON.stringify(saved.body)).toBe(201)
  const visaId = saved.body.visa_processing.id as number
  expect((await t.call('admin', 'DELETE', `/api/visa-processing/${visaId}`)).status).toBe(200)
  const history = await t.call('admin', 'GET', '/api/admin/audit?table=visa_processing')
  const entry = history.body.audit.find(
    (e: { action: string; record_id: number }) => e.action === 'delete' && e.record_id === visaId,
  )
  expect(entry).toBeDefined()
  return { visaId, auditId: entry.id as number }
}

describe(`restore after a merge (${DB_KIND})`, () => {
  const t = setupTestApp()

  it('a deleted record of a merged customer comes back to the customer it was merged into, money too', async () => {
    const a = await addCustomer(t, 'Rafia Aslam', '03005550001')
    const b = await addCustomer(t, 'Rafia Aslam Sb', '03005550002')
    const { visaId, auditId } = await deletedVisa(t, 'Rafia Aslam')
    await merge(t, a, b)
    const restored = await t.call('admin', 'POST', `/api/admin/audit/${auditId}/restore`)
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    expect(restored.body.record.customer_id).toBe(b)
    expect((await t.call('admin', 'GET', `/api/customers/${b}`)).body.customer.balance).toBe(8000)
    // The receivable is on B's account, none on A's or on a text account.
    expect(await customerAccounts(t)).toEqual({ [`customer:#${b}`]: 8000 })
    expect(restored.body.record.id).toBe(visaId)
  })

  it('follows a chain of merges (A into B, B into C)', async () => {
    const a = await addCustomer(t, 'Nadia Farooq', '03005550011')
    const b = await addCustomer(t, 'Nadia F', '03005550012')
    const c = await addCustomer(t, 'Nadia Farooq Khan', '03005550013')
    const before = await customerAccounts(t)
    const { auditId } = await deletedVisa(t, 'Nadia Farooq')
    await merge(t, a, b)
    await merge(t, b, c)
    const restored = await t.call('admin', 'POST', `/api/admin/audit/${auditId}/restore`)
    expect(restored.status).toBe(200)
    expect(restored.body.record.customer_id).toBe(c)
    expect(await customerAccounts(t)).toEqual({ ...before, [`customer:#${c}`]: 8000 })
  })
})
