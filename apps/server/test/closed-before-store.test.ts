import { booksClosedMessage, businessToday } from '@booking/shared'
import { recordInput } from '@booking/shared/test-data'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { registeredPosters } from '../src/books/registry.ts'
import { DB_KIND, type TestApp } from './harness.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

/**
 * Issue 32 item 4 (decision 128): the record write checks the closed period before it stores the
 * row. A trigger that refuses any UPDATE or DELETE of the table stands for "the store ran": with
 * the check before the store, an edit or delete of a closed day's record answers the books' 409
 * and the trigger never fires; an open day's record reaches the store (and the trigger).
 */
const CLOSED = '2026-11-10'
const THROUGH = '2026-11-11'
const OPEN = '2026-11-20'

/** A trigger on `table` that fails the write when `event` (INSERT, UPDATE) reaches the store. */
const guard = async (t: TestApp, table: string, event: 'INSERT' | 'UPDATE') => {
  const name = `${table}_stored_${event.toLowerCase()}`
  if (DB_KIND === 'postgres') {
    await sql`CREATE OR REPLACE FUNCTION stored_guard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the store ran'; END $$`.execute(t.app.db)
    await sql`CREATE TRIGGER ${sql.id(name)} BEFORE ${sql.raw(event)} ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION stored_guard()`.execute(t.app.db)
  } else {
    await sql`CREATE TRIGGER ${sql.id(name)} BEFORE ${sql.raw(event)} ON ${sql.table(table)}
      BEGIN SELECT RAISE(ABORT, 'the store ran'); END`.execute(t.app.db)
  }
}

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

describe('closed period before store: the new day', () => {
  const t = setupTestApp((t) => addNames(t, COMMON_NAMES))
  const body = (date: string) => ({ ...recordInput('expenses'), date, total_amount: 500, withdraw: 0 })

  it('refuses a create, and an edit that moves a record, into a closed day before the row is stored', async () => {
    const open = await t.call('employee', 'POST', '/api/expenses', body(OPEN))
    expect(open.status).toBe(201)
    const lock = await t.call('admin', 'PUT', '/api/admin/books/lock', { through: THROUGH, confirm: true })
    expect(lock.status, JSON.stringify(lock.body)).toBe(200)
    await guard(t, 'expenses', 'UPDATE')
    const moved = await t.call('admin', 'PUT', `/api/expenses/${open.body.expense.id}`, body(CLOSED))
    expect([moved.status, moved.body.message]).toEqual([409, booksClosedMessage(THROUGH)])

    // Every type that posts, each create's day closed (today's too: the types dated by the day
    // they were recorded), each table refusing any insert.
    const today = businessToday()
    const closed = await t.call('admin', 'PUT', '/api/admin/books/lock', { through: today, confirm: true })
    expect(closed.status, JSON.stringify(closed.body)).toBe(200)
    const posting = new Set<string>(registeredPosters().map(([table]) => table))
    const creates = Object.entries(VALID_BODIES).filter(([, b]) => posting.has(b.table))
    expect(creates.length).toBe(posting.size)
    for (const { table } of new Set(creates.map(([, b]) => b))) await guard(t, table, 'INSERT')
    for (const [path, { body: sent }] of creates) {
      const res = await t.call('admin', 'POST', path, sent)
      expect([path, res.status, res.body.message]).toEqual([path, 409, booksClosedMessage(today)])
    }
  })
})
