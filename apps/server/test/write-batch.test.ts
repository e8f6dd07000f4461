import SQLite from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { writeTransaction, writeTurn } from '../src/lib/write-batch.ts'
import { DB_KIND } from './harness.ts'
import { addNames, passenger, setupTestApp } from './helpers.ts'

const ticket = (reference: string, bank_title = 'UBL Account 1') => ({
  employee_name: 'emp',
  agent_name: 'Agent Batch',
  customer_add: 'Batch Traders',
  reference,
  depart_date: '2026-06-01',
  return_date: '',
  sector: 'LHE-JED',
  airline: 'PIA',
  adults: 1,
  children: 0,
  infants: 0,
  passport_detail: JSON.stringify([passenger('Zain', 'Batch')]),
  receivable_amount: 1000,
  paid_cash: 100,
  bank_title,
  paid_in_bank: 200,
  payable_to_vendor: 700,
  vendor_name: 'Vendor Batch',
})

describe(`writes that arrive together (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, { agents: ['Agent Batch'], vendors: ['Vendor Batch'] }))
  const marks = async (prefix: string) =>
    (
      await t.app.db
        .selectFrom('audit_log')
        .select('table_name')
        .where('table_name', 'like', `${prefix}%`)
        .orderBy('table_name')
        .execute()
    ).map((r) => r.table_name)

  const mark = (name: string) => ({
    at: new Date().toISOString(),
    user_id: null,
    username: 'test',
    action: 'create' as const,
    table_name: name,
    record_id: 0,
    before_json: null,
    after_json: null,
  })

  it('share one SQLite transaction, each answered with its own result after the commit', async () => {
    const transactions = new Set<unknown>()
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        writeTransaction(t.app.db, async (trx) => {
          transactions.add(trx)
          await trx
            .insertInto('audit_log')
            .values(mark(`together-${i}`))
            .execute()
          return i * 10
        }),
      ),
    )
    expect(results).toEqual([10, 20, 30, 40, 50])
    // PostgreSQL has many writers and row locks: every write keeps its own transaction there.
    expect(transactions.size).toBe(DB_KIND === 'sqlite' ? 1 : 5)
    expect(await marks('together-')).toEqual([1, 2, 3, 4, 5].map((i) => `together-${i}`))
  })

  it('a write that fails fails alone: it stores nothing, the others are stored', async () => {
    const outcomes = await Promise.allSettled(
      [1, 2, 3, 4].map((i) =>
        writeTransaction(t.app.db, async (trx) => {
          await trx
            .insertInto('audit_log')
            .values(mark(`alone-${i}`))
            .execute()
          if (i === 3) throw new Error('refused on purpose')
          return i
        }),
      ),
    )
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled'])
    expect((outcomes[2] as PromiseRejectedResult).reason.message).toBe('refused on purpose')
    expect(await marks('alone-')).toEqual(['alone-1', 'alone-2', 'alone-4'])
  })

  it('a turn (writeTurn) runs with no transaction open on this connection; writes queued after it wait for it', async () => {
    const order: string[] = []
    let release: () => void = () => undefined
    const held = new Promise<void>((r) => {
      release = r
    })
    const before = writeTransaction(t.app.db, async (trx) => {
      await trx.insertInto('audit_log').values(mark('turn-1')).execute()
      order.push('write before')
    })
    const turn = writeTurn(t.app.db, async () => {
      // SQLite: the server's connection holds no write lock while a turn runs: another
      // connection (a worker's, decision 112) takes it at once, without waiting.
      if (DB_KIND === 'sqlite') {
        const other = new SQLite(t.databaseUrl.replace(/^sqlite:/, ''), { timeout: 0 })
        other.exec('BEGIN IMMEDIATE')
        other.exec('ROLLBACK')
        other.close()
      }
      order.push('turn starts')
      await held
      order.push('turn ends')
      return 'turned'
    })
    const after = writeTransaction(t.app.db, async (trx) => {
      await trx.insertInto('audit_log').values(mark('turn-2')).execute()
      order.push('write after')
    })
    await new Promise((r) => setTimeout(r, 50))
    if (DB_KIND === 'sqlite') expect(order).toEqual(['write before', 'turn starts'])
    release()
    expect(await turn).toBe('turned')
    await Promise.all([before, after])
    if (DB_KIND === 'sqlite')
      expect(order).toEqual(['write before', 'turn starts', 'turn ends', 'write after'])
    else expect(order).toContain('turn ends')
    expect(await marks('turn-')).toEqual(['turn-1', 'turn-2'])
  })

  it('over the API: one bad ticket among concurrent creates is refused, the rest are saved with postings', async () => {
    const refs = ['B-1', 'B-2', 'B-3', 'B-4', 'B-5', 'B-6']
    const answers = await Promise.all(
      refs.map((ref) =>
        t.call('employee', 'POST', '/api/ticket', ticket(ref, ref === 'B-4' ? 'No Such Bank' : undefined)),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 400, 201, 201])
    const saved = await t.app.db.selectFrom('tickets').select(['id', 'reference', 'entry']).execute()
    expect(saved.map((r) => r.reference).sort()).toEqual(['B-1', 'B-2', 'B-3', 'B-5', 'B-6'])
    // Entry numbers are handed out once each, also after the batch was rolled back and retried.
    expect(new Set(saved.map((r) => r.entry)).size).toBe(5)
    const postings = await t.app.db.selectFrom('agent_entries').select('source_id').execute()
    expect(postings.map((p) => Number(p.source_id)).sort()).toEqual(saved.map((r) => Number(r.id)).sort())
  })
})
