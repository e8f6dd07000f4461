import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { addNames, passenger, setupTestApp } from './helpers.ts'

/**
 * Issue 21 item 4 (decision 050): entries are never rewritten. An edit appends a reversal of the
 * record's current entry and a new one, a delete a reversal, a restore a new entry; each is linked
 * to the record and its audit row, and GET /api/books/entries lists the whole history.
 */
const ticket = (cash: number, bank: number) => ({
  employee_name: 'emp',
  agent_name: '',
  customer_add: 'Ali Traders',
  reference: 'R',
  depart_date: '2026-12-10',
  return_date: '2026-12-20',
  sector: 'LHE-DXB',
  airline: 'Emirates',
  adults: 1,
  children: 0,
  infants: 0,
  passport_detail: JSON.stringify([passenger('Ali', 'Khan')]),
  receivable_amount: 100_000,
  paid_cash: cash,
  bank_title: bank > 0 ? 'UBL Account 1' : '',
  paid_in_bank: bank,
  payable_to_vendor: 60_000,
  vendor_name: 'Vendor V',
})

interface Line {
  id: number
  account: string
  date: string
  debit: number
  credit: number
  reverses: number | null
}
interface Entry {
  id: number
  day: string
  reverses: number | null
  current: boolean
  user_id: number | null
  audit_id: number | null
  lines: Line[]
}

/** Net rupees per account over the given entries (accounts that net to nothing left out). */
const net = (entries: Entry[]) => {
  const out: Record<string, number> = {}
  for (const e of entries)
    for (const l of e.lines) out[l.account] = (out[l.account] ?? 0) + l.debit - l.credit
  return Object.fromEntries(Object.entries(out).filter(([, v]) => Math.round(v * 100) !== 0))
}

describe(`book entries (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, { vendors: ['Vendor V'] }))
  const db = () => t.app.db
  const allLines = async () =>
    JSON.stringify(await db().selectFrom('posting_lines').selectAll().orderBy('id').execute())

  it('an edit, a delete and a restore append entries, each linked to its audit row; no line changes', async () => {
    const made = await t.call('employee', 'POST', '/api/ticket', ticket(10_000, 20_000))
    expect(made.status).toBe(201)
    const id = made.body.ticket.id as number
    const history = async (role: 'admin' | 'employee' = 'employee') =>
      (await t.call(role, 'GET', `/api/books/entries?source_type=tickets&source_id=${id}`)).body
        .entries as Entry[]

    const first = await history()
    expect(first).toHaveLength(1)
    expect(first[0]!.current).toBe(true)
    expect(net(first)).toMatchObject({
      'income:tickets': -100_000,
      cash: 10_000,
      'bank:UBL Account 1': 20_000,
      'vendor:Vendor V': -60_000,
    })
    const before = await allLines()
    const cashRows = async () =>
      (
        (await t.call('admin', 'GET', '/api/accounts/Cash%20in%20Office')).body as {
          id: number
          credit: number
        }[]
      ).map((r) => [r.id, r.credit])
    const cashBefore = await cashRows()

    const edited = await t.call('admin', 'PUT', `/api/ticket/${id}`, ticket(15_000, 0))
    expect(edited.status).toBe(200)
    // Every line written before the edit is still there, unchanged.
    expect((await allLines()).startsWith(before.slice(0, -1))).toBe(true)
    const second = await history()
    expect(second).toHaveLength(3)
    const [original, reversal, replacement] = second as [Entry, Entry, Entry]
    expect(reversal.reverses).toBe(original.id)
    expect([original.current, reversal.current, replacement.current]).toEqual([false, false, true])
    // The reversal repeats the original's lines on the same sides, negated, on its day.
    expect(reversal.day).toBe(original.day)
    expect(reversal.lines.map((l) => [l.account, l.debit, l.credit, l.reverses])).toEqual(
      original.lines.map((l) => [l.account, 0 - l.debit, 0 - l.credit, l.id]),
    )
    expect(net(second)).toEqual(net([replacement]))
    expect(net(second)).toMatchObject({ cash: 15_000 })
    expect(net(second)['bank:UBL Account 1']).toBeUndefined()
    // The Cash in Office row keeps its id and place; only its figure changes.
    expect(await cashRows()).toEqual(cashBefore.map(([rowId]) => [rowId, 15_000]))
    // A page counts and shows the lines in force only (the reversed pair is not a row).
    const page = await t.call('admin', 'GET', '/api/accounts?name=Cash%20in%20Office&limit=10&sort=-date')
    expect(page.body.total).toBe(cashBefore.length)
    expect(page.body.accounts.map((r: { id: number; credit: number }) => [r.id, r.credit])).toEqual(
      cashBefore.map(([rowId]) => [rowId, 15_000]),
    )

    const deleted = await t.call('admin', 'DELETE', `/api/ticket/${id}`)
    expect(deleted.status).toBe(200)
    const third = await history()
    expect(third).toHaveLength(4)
    expect(third[3]!.reverses).toBe(replacement.id)
    expect(net(third)).toEqual({})
    expect(third.every((e) => !e.current)).toBe(true)

    const audit = (await t.call('admin', 'GET', `/api/admin/audit?table=tickets&record_id=${id}`)).body
      .audit as {
      id: number
      action: string
      user_id: number
    }[]
    const auditOf = (action: string) => audit.find((a) => a.action === action)!
    expect(original.audit_id).toBe(auditOf('create').id)
    expect([reversal.audit_id, replacement.audit_id]).toEqual([auditOf('update').id, auditOf('update').id])
    expect(third[3]!.audit_id).toBe(auditOf('delete').id)
    expect(original.user_id).toBe(auditOf('create').user_id)
    expect(reversal.user_id).toBe(auditOf('update').user_id)

    const restored = await t.call('admin', 'POST', `/api/admin/audit/${auditOf('delete').id}/restore`)
    expect(restored.status).toBe(200)
    const fourth = await history()
    expect(fourth).toHaveLength(5)
    expect(fourth[4]!.current).toBe(true)
    expect(net(fourth)).toEqual(net([replacement]))
    const restoreAudit = (await t.call('admin', 'GET', `/api/admin/audit?table=tickets&record_id=${id}`)).body
      .audit[0]
    expect(restoreAudit.action).toBe('restore')
    expect(fourth[4]!.audit_id).toBe(restoreAudit.id)

    // An edit that changes no money appends nothing.
    const again = await t.call('admin', 'PUT', `/api/ticket/${id}`, ticket(15_000, 0))
    expect(again.status).toBe(200)
    expect(await history('admin')).toHaveLength(5)
    const check = await t.call('admin', 'GET', '/api/reports/books-check')
    expect(check.body).toMatchObject({ ok: true })
  })

  it("reading a record's history needs that record's view access; bad queries are 400", async () => {
    const made = await t.call('admin', 'POST', '/api/accounts', {
      bank_name: 'UBL Account 1',
      employee_name: 'admin',
      vendor_name: '',
      date: '2026-11-20',
      detail: 'Opening',
      credit: 500,
      debit: 0,
    })
    expect(made.status).toBe(201)
    const url = `/api/books/entries?source_type=account_entries&source_id=${made.body.account.id}`
    expect((await t.call('employee', 'GET', url)).status).toBe(403)
    const admin = await t.call('admin', 'GET', url)
    expect(admin.status).toBe(200)
    expect(admin.body.entries).toHaveLength(1)
    // Without a record: the newest entries the caller may see (an employee never sees Office Accounts).
    const latest = await t.call('employee', 'GET', '/api/books/entries')
    expect(latest.status).toBe(200)
    expect(
      latest.body.entries.some((e: { source_type: string }) => e.source_type === 'account_entries'),
    ).toBe(false)
    const adminLatest = await t.call('admin', 'GET', '/api/books/entries')
    expect(adminLatest.body.entries[0].source_type).toBe('account_entries')
    for (const bad of [
      'source_type=nope&source_id=1',
      'source_type=tickets',
      'source_type=tickets&source_id=0',
    ]) {
      const res = await t.call('admin', 'GET', `/api/books/entries?${bad}`)
      expect(res.status, bad).toBe(400)
      expect(res.body.status).toBe('error')
    }
  })
})
