import { booksClosedMessage } from '@booking/shared'
import { recordInput } from '@booking/shared/test-data'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'

/**
 * Issue 32 item 4 (decision 128): the record write checks the closed period before it stores the
 * row. A trigger that refuses any UPDATE or DELETE of the table stands for "the store ran": with
 * the check before the store, an edit or delete of a closed day's record answers the books' 409
 * and the trigger never fires; an open day's record reaches the store (and the trigger).
 */
const CLOSED = '2026-11-10'
const THROUGH = '2026-11-11'
const OPEN = '2026-11-20'

describe('closed period before store', () => {
  const t = setupTestApp((t) => addNames(t, COMMON_NAMES))
  const body = (date: string) => ({ ...recordInput('expenses'), date, total_amount: 500, withdraw: 0 })

  it('refuses an edit and a delete of a closed day before the row is stored', async () => {
    const closed = await t.call('employee', 'POST', '/api/expenses', body(CLOSED))
    const open = await t.call('employee', 'POST', '/api/expenses', body(OPEN))
    expect([closed.status, open.status]).toEqual([201, 201])
    const lock = await t.call('admin', 'PUT', '/api/admin/books/lock', { through: THROUGH, confirm: true })
    expect(lock.status, JSON.stringify(lock.body)).toBe(200)

    const db = t.app.db
    if (DB_KIND === 'postgres') {
      await sql`CREATE FUNCTION stored_guard() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the store ran'; END $$`.execute(db)
      await sql`CREATE TRIGGER expenses_stored_guard BEFORE UPDATE OR DELETE ON expenses
        FOR EACH ROW EXECUTE FUNCTION stored_guard()`.execute(db)
    } else {
      await sql`CREATE TRIGGER expenses_stored_update BEFORE UPDATE ON expenses
        BEGIN SELECT RAISE(ABORT, 'the store ran'); END`.execute(db)
      await sql`CREATE TRIGGER expenses_stored_delete BEFORE DELETE ON expenses
        BEGIN SELECT RAISE(ABORT, 'the store ran'); END`.execute(db)
    }
    const id = closed.body.expense.id
    const edit = await t.call('admin', 'PUT', `/api/expenses/${id}`, {
      ...body(CLOSED),
      detail: 'Only words',
    })
    const remove = await t.call('admin', 'DELETE', `/api/expenses/${id}`)
    for (const res of [edit, remove]) {
      expect([res.status, res.body.message]).toEqual([409, booksClosedMessage(THROUGH)])
    }
    // The control: an open day's record passes the check and reaches the store, which the trigger refuses.
    const reached = await t.call('admin', 'PUT', `/api/expenses/${open.body.expense.id}`, {
      ...body(OPEN),
      detail: 'Only words',
    })
    expect(reached.status).toBe(500)
  })
})
