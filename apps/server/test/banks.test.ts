import { recordInput } from '@booking/shared/test-data'
import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, passenger, setupTestApp } from './helpers.ts'

const ticket = (bank: string) => ({
  employee_name: 'emp',
  agent_name: 'Agent B',
  customer_add: 'Bank Traders',
  reference: 'REF-B',
  depart_date: '2026-05-10',
  return_date: '2026-05-20',
  sector: 'LHE-DXB',
  airline: 'Emirates',
  adults: 1,
  children: 0,
  infants: 0,
  passport_detail: JSON.stringify([passenger('Bilal', 'Khan')]),
  receivable_amount: 1000,
  paid_cash: 0,
  bank_title: bank,
  paid_in_bank: 400,
  payable_to_vendor: 800,
  vendor_name: 'Vendor B',
})

const entry = (bank: string) => ({
  bank_name: bank,
  employee_name: 'admin',
  vendor_name: '',
  date: '2026-04-01',
  detail: 'deposit',
  credit: 250,
  debit: 0,
})

describe(`bank accounts admin API (${DB_KIND})`, () => {
  const t = setupTestApp((t) =>
    addNames(t, { agents: ['Agent B'], vendors: ['Vendor B', ...COMMON_NAMES.vendors] }),
  )
  const adminList = async () => (await t.call('admin', 'GET', '/api/admin/banks')).body.banks as any[]

  it('adds a bank, refuses a blank or duplicate name, and is admin-only', async () => {
    const added = await t.call('admin', 'POST', '/api/admin/banks', { name: '  Askari Main ' })
    expect(added.status).toBe(201)
    expect(added.body.bank).toMatchObject({ name: 'Askari Main', active: true })

    const dup = await t.call('admin', 'POST', '/api/admin/banks', { name: 'Askari Main' })
    expect(dup.status).toBe(409)
    expect(dup.body.message).toBe('Bank "Askari Main" already exists')
    const blank = await t.call('admin', 'POST', '/api/admin/banks', { name: '' })
    expect(blank.status).toBe(400)
    expect(blank.body.errors.name).toBe('Bank name is required')

    const id = added.body.bank.id
    expect((await t.call('employee', 'POST', '/api/admin/banks', { name: 'Nope' })).status).toBe(403)
    expect((await t.call('employee', 'PUT', `/api/admin/banks/${id}`, { active: false })).status).toBe(403)
    expect((await t.call('employee', 'DELETE', `/api/admin/banks/${id}`)).status).toBe(403)
    expect((await t.call('employee', 'GET', '/api/admin/banks')).status).toBe(403)
    // Everyone reads the list the selects use.
    const banks = (await t.call('employee', 'GET', '/api/banks')).body.banks
    expect(banks.filter((b: any) => b.name === 'Askari Main')).toHaveLength(1)
  })

  it('renames a bank and carries its account rows and bookings along', async () => {
    const id = (await t.call('admin', 'POST', '/api/admin/banks', { name: 'Faysal Old' })).body.bank.id
    expect((await t.call('admin', 'POST', '/api/accounts', entry('Faysal Old'))).status).toBe(201)
    const sold = await t.call('employee', 'POST', '/api/ticket', ticket('Faysal Old'))
    expect(sold.status).toBe(201)
    expect((await t.call('admin', 'GET', '/api/accounts/Faysal%20Old')).body).toHaveLength(2)
    expect((await adminList()).find((b) => b.id === id)).toMatchObject({ entries: 2 })

    const taken = await t.call('admin', 'PUT', `/api/admin/banks/${id}`, { name: 'Askari Main' })
    expect(taken.status).toBe(409)
    const renamed = await t.call('admin', 'PUT', `/api/admin/banks/${id}`, { name: 'Faysal New' })
    expect(renamed.status).toBe(200)
    expect(renamed.body.bank).toMatchObject({ id, name: 'Faysal New', active: true })
    expect((await t.call('admin', 'GET', '/api/accounts/Faysal%20Old')).body).toHaveLength(0)
    expect((await t.call('admin', 'GET', '/api/accounts/Faysal%20New')).body).toHaveLength(2)

    // The ticket now names the renamed account, so editing it keeps its posting there.
    const stored = (await t.call('admin', 'GET', `/api/ticket/${sold.body.ticket.id}`)).body
    const record = stored.ticket ?? stored
    expect(record.bank_title).toBe('Faysal New')
    const edited = await t.call('admin', 'PUT', `/api/ticket/${record.id}`, {
      ...ticket('Faysal New'),
      paid_in_bank: 500,
    })
    expect(edited.status).toBe(200)
    const rows = (await t.call('admin', 'GET', '/api/accounts/Faysal%20New')).body
    expect(rows.map((r: any) => r.credit).sort()).toEqual([250, 500])
  })

  it('a rename carries every column the specs name, in the form each record wrote it (decision 110)', async () => {
    const id = (await t.call('admin', 'POST', '/api/admin/banks', { name: 'UBL Ring' })).body.bank.id
    const visa = await t.call(
      'employee',
      'POST',
      '/api/visa-processing',
      recordInput('visa_processing', { bank_title: 'UBL Ring' }),
    )
    expect(visa.status).toBe(201)
    const token = await t.call(
      'employee',
      'POST',
      '/api/gamca-token',
      recordInput('gamca_tokens', { paid_from_bank: 'United Bank (holder Ring)' }),
    )
    expect(token.status).toBe(201)
    expect((await t.call('admin', 'PUT', `/api/admin/banks/${id}`, { name: 'UBL Bell' })).status).toBe(200)

    const visaNow = (await t.call('admin', 'GET', `/api/visa-processing/${visa.body.visa_processing.id}`))
      .body.visa_processing
    expect(visaNow.bank_title).toBe('UBL Bell')
    const tokenNow = (await t.call('admin', 'GET', `/api/gamca-token/${token.body.gamcaToken.id}`)).body
      .gamcaToken
    expect(tokenNow.paid_from_bank).toBe('United Bank (holder Bell)')
    // An edit keeping the bank it names still finds it (before, the old name was an unknown bank).
    const edited = await t.call('admin', 'PUT', `/api/visa-processing/${visaNow.id}`, {
      ...recordInput('visa_processing', { bank_title: visaNow.bank_title }),
      paid_in_bank: 100,
    })
    expect(edited.status).toBe(200)
  })

  it('deactivates and reactivates; a used bank is never deleted, an unused one is', async () => {
    const banks = await adminList()
    const used = banks.find((b) => b.name === 'Faysal New')
    const unused = banks.find((b) => b.name === 'Askari Main')
    expect(unused.entries).toBe(0)

    const refused = await t.call('admin', 'DELETE', `/api/admin/banks/${used.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('This bank has ledger entries; deactivate it instead')

    const off = await t.call('admin', 'PUT', `/api/admin/banks/${used.id}`, { active: false })
    expect(off.body.bank).toMatchObject({ name: 'Faysal New', active: false })
    const listed = (await t.call('employee', 'GET', '/api/banks')).body.banks
    expect(listed.find((b: any) => b.id === used.id).active).toBe(false)
    // Its history stays readable; new entries are refused.
    expect((await t.call('admin', 'GET', '/api/accounts/Faysal%20New')).body).toHaveLength(2)
    expect((await t.call('admin', 'POST', '/api/accounts', entry('Faysal New'))).status).toBe(400)
    const on = await t.call('admin', 'PUT', `/api/admin/banks/${used.id}`, { active: true })
    expect(on.body.bank.active).toBe(true)

    expect((await t.call('admin', 'DELETE', `/api/admin/banks/${unused.id}`)).status).toBe(200)
    expect((await adminList()).some((b) => b.id === unused.id)).toBe(false)
    expect((await t.call('admin', 'DELETE', `/api/admin/banks/${unused.id}`)).status).toBe(404)
  })
})
