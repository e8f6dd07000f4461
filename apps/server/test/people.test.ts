import { addDaysIso, addMonthsIso, todayIso } from '@booking/shared'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { connect } from '../src/db/connect.ts'
import { migrateToLatest } from '../src/db/migrate.ts'
import { DB_KIND, freshDatabase, type TestApp } from './harness.ts'
import { passenger, protectorBody, rowCount, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

const body = (path: string, more: Record<string, unknown>) => ({ ...VALID_BODIES[path].body, ...more })

const addCustomer = async (t: TestApp, name: string, mobile: string) => {
  const res = await t.call('employee', 'POST', '/api/customers', { name, mobile_number: mobile })
  expect(res.status).toBe(201)
  return res.body.customer.id as number
}

const save = async (t: TestApp, path: string, more: Record<string, unknown>) => {
  const res = await t.call('employee', 'POST', path, body(path, more))
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

/** A ticket sold to a customer directly (no agent), cash only. */
const ticket = (
  customer: string,
  receivable: number,
  paid: number,
  passengers = [passenger('Ali', 'Khan')],
) =>
  ({
    customer_add: customer,
    agent_name: '',
    receivable_amount: receivable,
    paid_cash: paid,
    paid_in_bank: 0,
    bank_title: '',
    payable_to_vendor: 0,
    vendor_name: '',
    adults: passengers.length,
    return_date: '',
    passport_detail: JSON.stringify(passengers),
  }) as const

const customerPage = async (t: TestApp, id: number) => {
  const res = await t.call('employee', 'GET', `/api/customers/${id}`)
  expect(res.status).toBe(200)
  return res.body.customer
}

describe(`customer register (${DB_KIND})`, () => {
  const t = setupTestApp()

  it('lists customers with their ids, plain without paging and paged with search, sort and total', async () => {
    await addCustomer(t, 'Zara Malik', '03001110001')
    await addCustomer(t, 'Bilal Ahmed', '03001110002')
    await addCustomer(t, 'Bilal Ahmed', '03001110003')
    const plain = await t.call('employee', 'GET', '/api/customers')
    expect(Object.keys(plain.body).sort()).toEqual(['customers', 'status'])
    expect(plain.body.customers.every((c: { id: unknown }) => typeof c.id === 'number')).toBe(true)
    const page = await t.call('employee', 'GET', '/api/customers?q=bilal&sort=-mobile_number&limit=1')
    expect(page.body.total).toBe(2)
    expect(page.body.customers).toHaveLength(1)
    expect(page.body.customers[0].mobile_number).toBe('03001110003')
    const bad = await t.call('employee', 'GET', '/api/customers?sort=password')
    expect(bad.status).toBe(400)
  })

  it('searches customers through the trigram index (migration 0016), the same answers as a contains-match', async () => {
    const ids = {
      a: await addCustomer(t, 'Shahzaib Qureshi', '03451230001'),
      b: await addCustomer(t, 'Ayesha Shahzad', '03451230002'),
      c: await addCustomer(t, 'Bilal "Shah" 100%', '03451230003'),
    }
    const search = async (q: string) => {
      const res = await t.call('employee', 'GET', `/api/customers?limit=50&q=${encodeURIComponent(q)}`)
      expect(res.status).toBe(200)
      return (res.body.customers as Array<{ id: number }>).map((c) => c.id).sort((x, y) => x - y)
    }
    expect(await search('shah')).toEqual([ids.a, ids.b, ids.c])
    expect(await search('SHAHZ')).toEqual([ids.a, ids.b])
    expect(await search('"Shah"')).toEqual([ids.c])
    expect(await search('100%')).toEqual([ids.c])
    expect(await search('1230002')).toEqual([ids.b])
    expect(await search('sh')).toEqual([ids.a, ids.b, ids.c])
    // An edit and a delete keep the index in step.
    const edited = await t.call('admin', 'PUT', `/api/customers/${ids.a}`, {
      name: 'Zain Qureshi',
      mobile_number: '03451230001',
    })
    expect(edited.status).toBe(200)
    expect(await search('shahz')).toEqual([ids.b])
    expect(await search('zain q')).toEqual([ids.a])
    expect((await t.call('admin', 'DELETE', `/api/customers/${ids.b}`)).status).toBe(200)
    expect(await search('shahz')).toEqual([])
    if (DB_KIND === 'sqlite') {
      // The index answers the search: the plan reads the FTS5 table, not every customer.
      const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT id FROM customers WHERE id IN
        (SELECT rowid FROM customers_search WHERE customers_search MATCH ${'"qur" AND "ure"'})`.execute(
        t.app.db,
      )
      expect(plan.rows.map((r) => r.detail).join(' | ')).toMatch(/VIRTUAL TABLE INDEX/)
      expect(plan.rows.map((r) => r.detail).join(' | ')).not.toMatch(/SCAN customers\b/)
    } else {
      const index = await sql<{
        n: number
      }>`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'customers_search'`.execute(t.app.db)
      expect(index.rows[0]?.n).toBe(1)
    }
  })

  it('links a record to the namesake the pick-list chose, and keeps the link through an edit', async () => {
    const first = await addCustomer(t, 'Hamza Ali', '03211230001')
    const second = await addCustomer(t, 'Hamza Ali', '03211230002')
    // The pick-list's value for namesakes is "Name (mobile)".
    const saved = await save(t, '/api/ticket', ticket('Hamza Ali (03211230002)', 1000, 0))
    expect(saved.ticket.customer_id).toBe(second)
    const unclear = await save(t, '/api/ticket', ticket('Hamza Ali', 1000, 0))
    expect(unclear.ticket.customer_id).toBeNull()
    const edit = await t.call(
      'admin',
      'PUT',
      `/api/ticket/${saved.ticket.id}`,
      body('/api/ticket', { ...ticket('Hamza Ali (03211230002)', 1500, 0) }),
    )
    expect(edit.status).toBe(200)
    expect(edit.body.ticket.customer_id).toBe(second)
    expect((await customerPage(t, first)).records).toHaveLength(0)
    const page = await customerPage(t, second)
    expect(page.records.map((r: { id: number }) => r.id)).toEqual([saved.ticket.id])
    expect(page.balance).toBe(1500)
    // Namesakes keep two accounts in the books (decision 033): a customer's statement is by id or by
    // the pick-list's "Name (mobile)"; the ticket naming neither sits in the text's own account.
    const closing = async (name: string) => {
      const res = await t.call('employee', 'GET', `/api/statements/customer/${encodeURIComponent(name)}`)
      expect(res.status, name).toBe(200)
      return res.body.closing as number
    }
    expect(await closing(String(second))).toBe(1500)
    expect(await closing('Hamza Ali (03211230002)')).toBe(1500)
    expect(await closing(String(first))).toBe(0)
    expect(await closing('Hamza Ali')).toBe(1000)
    expect((await t.call('employee', 'GET', '/api/statements/customer/999999')).status).toBe(404)
  })

  it('merge moves every record to the other customer and keeps the balance; the merged one is gone', async () => {
    const from = await addCustomer(t, 'Usman Tariq', '03331112221')
    const into = await addCustomer(t, 'Usman Tariq Sb', '03331112222')
    const owed = (await save(t, '/api/ticket', ticket('Usman Tariq', 10000, 2500))).ticket.id as number
    await t.call('admin', 'POST', '/api/agent-names', { name: 'Agent A' })
    await save(t, '/api/ticket', { ...ticket('Usman Tariq', 5000, 0), agent_name: 'Agent A' }) // the agent owes this one
    await save(t, '/api/gamca-token', {
      customer_add: 'Usman Tariq',
      receivable_amount: 18000,
      paid_cash: 8000,
    })
    await save(t, '/api/services', {
      customer_add: 'Usman Tariq Sb',
      receivable_amount: 7000,
      paid_cash: 1000,
      paid_in_bank: 0,
    })
    await save(t, '/api/refund-customer', {
      name: 'Usman Tariq',
      paid_cash: 30000,
    })
    const unpaid = await customerPage(t, from)
    // A later payment (the payments table) lowers the customer's balance in the books by its amount.
    const paid = await t.call('employee', 'POST', '/api/payments', {
      source_type: 'ticket',
      source_id: owed,
      amount: 1250.5,
      method: 'cash',
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    const a = await customerPage(t, from)
    expect(a.balance).toBe(unpaid.balance - 1250.5)
    const b = await customerPage(t, into)
    expect(a.records).toHaveLength(4)
    // Ticket 7,500 − 1,250.50 and GAMCA 6,999.50 owed (the agent's ticket is not theirs), less the
    // refund's 34,999.50 the office still owes them.
    expect(a.balance).toBe(7500 - 1250.5 + 6999.5 - 34999.5)
    expect(b.balance).toBe(6000)
    expect(a.payments.map((p: { amount: number }) => p.amount).sort((x: number, y: number) => x - y)).toEqual(
      [-40000, 1250.5, 2500, 11000.5],
    )
    const later = a.payments.find((p: { payment_id: number | null }) => p.payment_id !== null)
    expect(later).toMatchObject({
      payment_id: paid.body.payment.id,
      receipt_no: paid.body.payment.receipt_no,
      table: 'tickets',
      id: owed,
    })
    // The customer's account in the trial balance is keyed by id; its balance is what they owe on
    // their bookings (the refund is the office's expense, not their account).
    const accountOf = async (id: number) =>
      (
        (await t.call('admin', 'GET', '/api/reports/trial-balance')).body.accounts as Array<{
          code: string
          name: string
          balance: number
        }>
      ).find((x) => x.code === `customer:#${id}`)
    expect(await accountOf(from)).toMatchObject({
      name: 'Usman Tariq · 03331112221',
      balance: 7500 - 1250.5 + 6999.5,
    })
    const counts = async () =>
      Promise.all(['tickets', 'gamca_tokens', 'services', 'refund_customers'].map((x) => rowCount(t, x)))
    const before = await counts()

    expect((await t.call('employee', 'POST', `/api/customers/${from}/merge`, { into_id: into })).status).toBe(
      403,
    )
    expect((await t.call('admin', 'POST', `/api/customers/${from}/merge`, { into_id: from })).status).toBe(
      400,
    )
    expect((await t.call('admin', 'POST', `/api/customers/${from}/merge`, { into_id: 999999 })).status).toBe(
      404,
    )
    const merged = await t.call('admin', 'POST', `/api/customers/${from}/merge`, { into_id: into })
    expect(merged.status).toBe(200)
    expect(merged.body.customer.balance).toBe(a.balance + b.balance)

    expect(await counts()).toEqual(before)
    const after = await customerPage(t, into)
    expect(after.records).toHaveLength(5)
    expect(new Set(after.records.map((r: { table: string; id: number }) => `${r.table}:${r.id}`))).toEqual(
      new Set([...a.records, ...b.records].map((r: { table: string; id: number }) => `${r.table}:${r.id}`)),
    )
    expect(after.balance).toBe(a.balance + b.balance)
    expect(after.payments).toHaveLength(a.payments.length + b.payments.length)
    expect(await accountOf(from)).toBeUndefined()
    expect((await accountOf(into))?.balance).toBe(7500 - 1250.5 + 6999.5 + 6000)
    // The books still agree with every ledger and record after the move.
    expect((await t.call('admin', 'GET', '/api/reports/books-check')).body.ok).toBe(true)
    expect((await t.call('employee', 'GET', `/api/customers/${from}`)).status).toBe(404)
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'record_id'])
      .where('table_name', '=', 'customers')
      .where('record_id', 'in', [from, into])
      .where('action', '<>', 'create')
      .execute()
    expect(audit.map((r) => `${r.action}:${r.record_id}`).sort()).toEqual([
      `delete:${from}`,
      `update:${into}`,
    ])
  })

  it('edits as admin only, refuses a duplicate, deletes only an unused customer', async () => {
    const used = await addCustomer(t, 'Nadia Shah', '03451234567')
    const unused = await addCustomer(t, 'Nadia Shah', '03451234568')
    await save(t, '/api/ticket', ticket('Nadia Shah (03451234567)', 100, 0))
    const edit = { name: 'Nadia Shah', mobile_number: '03451234569', address: 'Lahore', passport_number: '' }
    expect((await t.call('employee', 'PUT', `/api/customers/${unused}`, edit)).status).toBe(403)
    const dup = await t.call('admin', 'PUT', `/api/customers/${unused}`, {
      ...edit,
      mobile_number: '03451234567',
    })
    expect(dup.status).toBe(409)
    const ok = await t.call('admin', 'PUT', `/api/customers/${unused}`, edit)
    expect(ok.status).toBe(200)
    expect(ok.body.customer).toMatchObject({ id: unused, address: 'Lahore', mobile_number: '03451234569' })
    expect((await t.call('employee', 'DELETE', `/api/customers/${unused}`)).status).toBe(403)
    const refused = await t.call('admin', 'DELETE', `/api/customers/${used}`)
    expect(refused.status).toBe(409)
    expect(refused.body.status).toBe('error')
    expect((await t.call('admin', 'DELETE', `/api/customers/${unused}`)).status).toBe(200)
    expect((await t.call('admin', 'DELETE', `/api/customers/${unused}`)).status).toBe(404)
    expect((await t.call('employee', 'GET', `/api/customers/${used}`)).status).toBe(200)
  })
})

describe(`passenger file (${DB_KIND})`, () => {
  const t = setupTestApp()

  it('finds the records of one passport across types, ignores other passports, follows edits and deletes', async () => {
    const p = (first: string, no: string, more: Record<string, string> = {}) =>
      passenger(first, 'Raza', { documentNo: no, documentExpiry: '2031-01-31', ...more })
    const trip = await save(t, '/api/ticket', {
      ...ticket('Walk-in', 1000, 0, [p('Imran', 'AB1234567'), p('Kamran', 'CD7654321')]),
      depart_date: '2026-01-15',
    })
    const medical = await save(t, '/api/gamca-token', {
      passport_detail: JSON.stringify(p('Imran', 'AB1234567')),
    })
    const protector = await save(
      t,
      '/api/protector',
      protectorBody({ name: 'Imran Raza', passport: ' ab1234567 ', protector_date: '2025-12-20' }),
    )
    await save(t, '/api/visa-processing', {
      passport_detail: JSON.stringify(p('Kamran', 'CD7654321')),
      paid_in_bank: 0,
    })
    await save(t, '/api/refunded', { passport: 'XY0000001' })

    const file = await t.call('employee', 'GET', '/api/passengers/ab1234567')
    expect(file.status).toBe(200)
    expect(file.body.passport).toBe('AB1234567')
    expect(file.body.records.map((r: { table: string; id: number }) => `${r.table}:${r.id}`).sort()).toEqual(
      [
        `gamca_tokens:${medical.gamcaToken.id}`,
        `protectors:${protector.protector.id}`,
        `tickets:${trip.ticket.id}`,
      ].sort(),
    )
    expect(file.body.names).toContain('Mr Imran Raza')
    expect(file.body.stage).toBe('travelled')
    expect(file.body.stages.medical).not.toBeNull()
    expect(file.body.expiries).toEqual([
      expect.objectContaining({ document: 'Passport', expiry: '2031-01-31' }),
    ])
    expect(file.body.records.find((r: { table: string }) => r.table === 'tickets')).toMatchObject({
      type: 'Ticket',
      date: '2026-01-15',
      entry: trip.ticket.entry,
    })

    // The ticket no longer carries the passport after an edit; the deleted protector leaves the file.
    const edited = await t.call('admin', 'PUT', `/api/ticket/${trip.ticket.id}`, {
      ...body('/api/ticket', ticket('Walk-in', 1000, 0, [p('Kamran', 'CD7654321')])),
      depart_date: '2026-01-15',
    })
    expect(edited.status).toBe(200)
    expect((await t.call('admin', 'DELETE', `/api/protector/${protector.protector.id}`)).status).toBe(200)
    const later = await t.call('employee', 'GET', '/api/passengers/AB1234567')
    expect(later.body.records.map((r: { table: string }) => r.table)).toEqual(['gamca_tokens'])
    const other = await t.call('employee', 'GET', '/api/passengers/CD7654321')
    expect(other.body.records.map((r: { table: string }) => r.table).sort()).toEqual([
      'tickets',
      'visa_processing',
    ])

    expect((await t.call('employee', 'GET', '/api/passengers/ZZ9999999')).status).toBe(404)
    expect(
      (await t.call('employee', 'GET', `/api/passengers/${encodeURIComponent("a'; drop")}`)).status,
    ).toBe(400)
  })
})

describe(`expiry alerts (${DB_KIND})`, () => {
  const t = setupTestApp()
  const today = todayIso()

  it('include exactly the documents inside the window', async () => {
    const traveller = (no: string, expiry: string, type = 'Passport') =>
      passenger('Alert', no, { documentNo: no, documentExpiry: expiry, documentType: type })
    const inDays = (n: number) => addDaysIso(today, n)
    // Passports: within six months of today (in), seven months (out), expired with no travel (out).
    await save(t, '/api/ticket', {
      ...ticket('Walk-in', 1, 0, [traveller('PIN5M', addMonthsIso(today, 5))]),
      depart_date: '2026-01-01',
    })
    await save(t, '/api/ticket', {
      ...ticket('Walk-in', 1, 0, [traveller('POUT7M', addMonthsIso(today, 7))]),
      depart_date: '2026-01-01',
    })
    await save(t, '/api/ticket', {
      ...ticket('Walk-in', 1, 0, [traveller('POLD', inDays(-1))]),
      depart_date: '2026-01-01',
      confirm_expired: true,
    })
    // Seven months from today but travelling in two months: within six months of travel (in).
    await save(t, '/api/ticket', {
      ...ticket('Walk-in', 1, 0, [traveller('PTRAVEL', addMonthsIso(today, 7))]),
      depart_date: addMonthsIso(today, 2),
    })
    // Valid nine months after a trip in two months (out).
    await save(t, '/api/ticket', {
      ...ticket('Walk-in', 1, 0, [traveller('PFINE', addMonthsIso(today, 11))]),
      depart_date: addMonthsIso(today, 2),
    })
    // National IDs: by the window (20 days in, 40 days out of 30).
    await save(t, '/api/ticket', {
      ...ticket('Walk-in', 1, 0, [traveller('NID20', inDays(20), 'National ID')]),
      depart_date: '2026-01-01',
    })
    await save(t, '/api/ticket', {
      ...ticket('Walk-in', 1, 0, [traveller('NID40', inDays(40), 'National ID')]),
      depart_date: '2026-01-01',
    })
    // Medicals on visa files: 10 days (in), 45 days (out of 30, in of 60), yesterday (out).
    const visa = (no: string, medical: string | null, visaExpiry: string | null = null) =>
      save(t, '/api/visa-processing', {
        passport_detail: JSON.stringify(traveller(no, '2035-01-01')),
        expiry_medical_date: medical,
        visa_expiry_date: visaExpiry,
        paid_in_bank: 0,
      })
    const med10 = await visa('MED10', inDays(10))
    await visa('MED45', inDays(45))
    await visa('MEDOLD', inDays(-1))
    // Visas by their own expiry: 20 days (in), 50 days (out of 30, in of 60), yesterday (out).
    const visa20 = await visa('VISA20', null, inDays(20))
    await visa('VISA50', null, inDays(50))
    await visa('VISAOLD', null, inDays(-1))

    const keys = (alerts: Array<{ kind: string; passport: string }>) =>
      alerts.map((a) => `${a.kind}:${a.passport}`).sort()
    const res = await t.call('employee', 'GET', '/api/alerts?within_days=30')
    expect(res.status).toBe(200)
    expect(keys(res.body.alerts)).toEqual([
      'document:NID20',
      'medical:MED10',
      'passport:PIN5M',
      'passport:PTRAVEL',
      'visa:VISA20',
    ])
    const medical = res.body.alerts.find((a: { kind: string }) => a.kind === 'medical')
    expect(medical).toMatchObject({
      table: 'visa_processing',
      id: med10.visa_processing.id,
      expiry: inDays(10),
    })
    const visaAlert = res.body.alerts.find((a: { kind: string }) => a.kind === 'visa')
    expect(visaAlert).toMatchObject({
      document: 'Visa',
      passport: 'VISA20',
      table: 'visa_processing',
      id: visa20.visa_processing.id,
      entry: visa20.visa_processing.entry,
      expiry: inDays(20),
    })
    expect(visaAlert.name).not.toBe('')
    expect(res.body.alerts.find((a: { passport: string }) => a.passport === 'PTRAVEL').travel_date).toBe(
      addMonthsIso(today, 2),
    )

    const wider = await t.call('employee', 'GET', '/api/alerts?within_days=60')
    expect(keys(wider.body.alerts)).toEqual([
      'document:NID20',
      'document:NID40',
      'medical:MED10',
      'medical:MED45',
      'passport:PIN5M',
      'passport:PTRAVEL',
      'visa:VISA20',
      'visa:VISA50',
    ])

    // An edit that moves the visa's expiry out of the window removes its alert.
    const moved = await t.call('admin', 'PUT', `/api/visa-processing/${visa20.visa_processing.id}`, {
      ...body('/api/visa-processing', {
        passport_detail: JSON.stringify(traveller('VISA20', '2035-01-01')),
        visa_expiry_date: inDays(90),
        paid_in_bank: 0,
      }),
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    const after = await t.call('employee', 'GET', '/api/alerts?within_days=30')
    expect(keys(after.body.alerts)).not.toContain('visa:VISA20')
    expect(keys(after.body.alerts)).toContain('medical:MED10')
    expect((await t.call('employee', 'GET', '/api/alerts?within_days=-1')).status).toBe(400)
    expect((await t.call('employee', 'GET', '/api/alerts?within_days=abc')).status).toBe(400)
  })
})

describe(`migration 0015 backfill (${DB_KIND})`, () => {
  it('links records whose customer text names exactly one customer, and indexes stored passports', async () => {
    const database = await freshDatabase()
    const db = connect(database.url)
    try {
      await migrateToLatest(db, { until: '0012_name_keys' })
      const now = new Date().toISOString()
      const customer = (name: string, mobile: string) =>
        db
          .insertInto('customers')
          .values({
            name,
            mobile_number: mobile,
            address: '',
            passport_number: '',
            created_by: 'x',
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      const one = await customer('Only One', '1')
      await customer('Twin', '2')
      await customer('Twin', '3')
      const base = VALID_BODIES['/api/gamca-token'].body
      const gamca = (customer_add: string, passport_detail: string) =>
        db
          .insertInto('gamca_tokens')
          .values({
            employee_name: 'emp',
            customer_add,
            entry: '1/1',
            reference: 'r',
            country: String(base.country),
            passport_detail,
            receivable_amount: 0,
            paid_cash: 0,
            paid_from_bank: '',
            paid_in_bank: 0,
            profit: 0,
            remaining_amount: 0,
            created_at: now,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      const linked = await gamca('Only One', JSON.stringify(passenger('A', 'B', { documentNo: 'mig 001' })))
      const twin = await gamca('Twin', 'not json')
      await migrateToLatest(db)
      const rows = await db.selectFrom('gamca_tokens').select(['id', 'customer_id']).orderBy('id').execute()
      expect(rows).toEqual([
        { id: linked.id, customer_id: one.id },
        { id: twin.id, customer_id: null },
      ])
      const index = await db
        .selectFrom('record_passports')
        .select(['record_type', 'record_id', 'passport'])
        .execute()
      expect(index).toEqual([{ record_type: 'gamca_tokens', record_id: linked.id, passport: 'MIG001' }])
    } finally {
      await db.destroy()
      await database.drop()
    }
  })
})
