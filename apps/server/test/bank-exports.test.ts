import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { StatementLine } from '@booking/shared'
import { describe, expect, it } from 'vitest'
import { DB_KIND, type TestApp } from './harness.ts'
import { addNames, rowCount, setupTestApp } from './helpers.ts'

/**
 * Issue 37 item 3 (decision 096): statement files as banks export them (title rows, an opening
 * balance row, totals and a closing balance row) import without editing; the statement's opening
 * is offered and posted as the bank's opening entry; an import is undone with its matches.
 */

const REPO = resolve(import.meta.dirname, '../../..')
const SHARED = process.env.BANK_FIXTURES ?? join(REPO, '../shared/fixtures/bank-statements')
const HBL = readFileSync(join(SHARED, 'hbl-style.csv'), 'utf8')
const MEEZAN = readFileSync(join(REPO, 'e2e/fixtures/bank-statements/meezan-style.csv'), 'utf8')
const AGENT = 'Al Noor Travels'

const bankId = async (t: TestApp, name: string) => {
  const res = await t.call('admin', 'POST', '/api/admin/banks', { name })
  expect(res.status).toBe(201)
  return res.body.bank.id as number
}

/** The mapping the server guesses from the file itself, as the screen's first import sends it. */
const guessed = async (t: TestApp, id: number, csv: string) => {
  const res = await t.call('admin', 'POST', `/api/banks/${id}/statement-preview`, { csv })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.mapping
}

describe(`bank files as banks export them (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, { agents: [AGENT] }))

  it('an HBL-style file imports as exported, offers its opening, and reconciles to 0 once it is posted', async () => {
    const bank = 'HBL Export'
    const id = await bankId(t, bank)
    // The books already have two of the deposits (matched on import); the rest is posted below.
    for (const amount of [200_000, 40_000])
      expect(
        (
          await t.call('admin', 'POST', '/api/agent', {
            agent_name: AGENT,
            date: '2026-11-28',
            employee: 'admin',
            detail: `Deposit ${amount}`,
            credit: amount,
            debit: 0,
            paid_cash: 0,
            paid_bank: amount,
            bank_title: bank,
          })
        ).status,
      ).toBe(201)
    const mapping = await guessed(t, id, HBL)
    expect(mapping).toMatchObject({ header_row: 7, date_format: 'dd-MMM-yy' })
    const imported = await t.call('admin', 'POST', `/api/banks/${id}/statement-imports`, {
      csv: HBL,
      file_name: 'hbl-style.csv',
      mapping,
    })
    expect(imported.status, JSON.stringify(imported.body)).toBe(201)
    expect(imported.body).toMatchObject({
      lines: 5,
      matched: 2,
      unmatched: 3,
      opening_balance: 1_245_300,
      closing_balance: 1_722_725,
    })
    const before = await t.call('admin', 'GET', `/api/banks/${id}/reconciliation?as_of=2026-11-28`)
    expect(before.body.opening).toEqual({
      day: '2026-11-28',
      entry_date: '2026-11-27',
      statement: 1_245_300,
      books: 0,
      difference: 1_245_300,
    })
    expect(before.body.statement_balance).toBe(1_722_725)

    // The unexplained lines posted from the statement, then the opening: difference 0.
    const st: StatementLine[] = (
      await t.call('admin', 'GET', `/api/banks/${id}/statement-lines?status=unmatched`)
    ).body.lines
    expect(st).toHaveLength(3)
    for (const l of st) {
      const body = l.direction === 'out' ? { kind: 'charge' } : { kind: 'agent', name: AGENT }
      const res = await t.call('admin', 'POST', `/api/banks/${id}/statement-lines/${l.id}/post`, body)
      expect(res.status, JSON.stringify(res.body)).toBe(201)
    }
    const opening = await t.call('admin', 'POST', `/api/banks/${id}/opening-entry`, {})
    expect(opening.status, JSON.stringify(opening.body)).toBe(201)
    expect(opening.body.record.table).toBe('account_entries')
    const entry = await t.app.db
      .selectFrom('account_entries')
      .select(['bank_name', 'date', 'credit', 'debit', 'vendor_name'])
      .where('id', '=', opening.body.record.id)
      .executeTakeFirstOrThrow()
    // Paisa as stored: the Office Accounts opening balance (credit, no vendor: equity).
    expect({ ...entry, credit: Number(entry.credit), debit: Number(entry.debit) }).toEqual({
      bank_name: bank,
      date: '2026-11-27',
      credit: 124_530_000,
      debit: 0,
      vendor_name: '',
    })
    const after = await t.call('admin', 'GET', `/api/banks/${id}/reconciliation?as_of=2026-11-28`)
    expect(after.body).toMatchObject({ difference: 0, book_balance: 1_722_725, statement_balance: 1_722_725 })
    expect(after.body.opening.difference).toBe(0)
    // Posted once: a second call has nothing to post and changes nothing.
    const twice = await t.call('admin', 'POST', `/api/banks/${id}/opening-entry`, {})
    expect(twice.status).toBe(409)
    expect(
      (await t.call('admin', 'GET', `/api/banks/${id}/reconciliation?as_of=2026-11-28`)).body.difference,
    ).toBe(0)
    // Employees may not.
    expect((await t.call('employee', 'POST', `/api/banks/${id}/opening-entry`, {})).status).toBe(403)
  })

  it('a Meezan-style file (undated opening, footer note) imports as exported; undo removes its lines and matches', async () => {
    const bank = 'Meezan Export'
    const id = await bankId(t, bank)
    const deposit = await t.call('admin', 'POST', '/api/agent', {
      agent_name: AGENT,
      date: '2026-11-26',
      employee: 'admin',
      detail: 'Umrah December deposit',
      credit: 165_000,
      debit: 0,
      paid_cash: 0,
      paid_bank: 165_000,
      bank_title: bank,
    })
    expect(deposit.status).toBe(201)
    const linesBefore = await rowCount(t, 'bank_statement_lines')
    const mapping = await guessed(t, id, MEEZAN)
    const imported = await t.call('admin', 'POST', `/api/banks/${id}/statement-imports`, {
      csv: MEEZAN,
      file_name: 'meezan-style.csv',
      mapping,
    })
    expect(imported.status, JSON.stringify(imported.body)).toBe(201)
    expect(imported.body).toMatchObject({
      lines: 4,
      matched: 1,
      opening_balance: 612_450,
      closing_balance: 740_800,
    })
    const recon = await t.call('admin', 'GET', `/api/banks/${id}/reconciliation?as_of=2026-11-28`)
    // No dated opening row: the opening is the first line's day; the entry the day before.
    expect(recon.body.opening).toMatchObject({
      day: '2026-11-26',
      entry_date: '2026-11-25',
      statement: 612_450,
    })
    expect((await t.call('admin', 'GET', `/api/banks/${id}/matches`)).body.matches).toHaveLength(1)

    const undone = await t.call(
      'admin',
      'DELETE',
      `/api/banks/${id}/statement-imports/${imported.body.import_id}`,
    )
    expect(undone.status, JSON.stringify(undone.body)).toBe(200)
    expect(undone.body).toMatchObject({ lines: 4, matches: 1 })
    expect(await rowCount(t, 'bank_statement_lines')).toBe(linesBefore)
    expect((await t.call('admin', 'GET', `/api/banks/${id}/matches`)).body.matches).toEqual([])
    expect((await t.call('admin', 'GET', `/api/banks/${id}/statement-imports`)).body.imports).toEqual([])
    const empty = await t.call('admin', 'GET', `/api/banks/${id}/reconciliation?as_of=2026-11-28`)
    expect(empty.body).toMatchObject({ start: null, opening: null })
    // Undone once; again is a 404, and a file may be imported again after it.
    expect(
      (await t.call('admin', 'DELETE', `/api/banks/${id}/statement-imports/${imported.body.import_id}`))
        .status,
    ).toBe(404)
    const again = await t.call('admin', 'POST', `/api/banks/${id}/statement-imports`, {
      csv: MEEZAN,
      mapping,
    })
    expect(again.body).toMatchObject({ lines: 4, duplicates: 0, matched: 1 })
  })

  it("the owner's bank-titles step: unchecked until an admin keeps the banks, then who and when", async () => {
    expect((await t.call('admin', 'GET', '/api/admin/bank-titles')).body.checked).toBeNull()
    expect((await t.call('employee', 'POST', '/api/admin/bank-titles/checked', {})).status).toBe(403)
    const banks = await rowCount(t, 'banks')
    const kept = await t.call('admin', 'POST', '/api/admin/bank-titles/checked', {})
    expect(kept.status).toBe(200)
    expect(kept.body.checked).toMatchObject({ by: 'admin' })
    expect((await t.call('admin', 'GET', '/api/admin/bank-titles')).body.checked).toEqual(kept.body.checked)
    // Nothing removed by the step.
    expect(await rowCount(t, 'banks')).toBe(banks)
  })
})
