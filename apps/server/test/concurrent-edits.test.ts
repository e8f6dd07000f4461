import { type Kysely, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { PG_ATTEMPTS, pgRetries, writeTransaction } from '../src/lib/write-batch.ts'
import { DB_KIND } from './harness.ts'
import { setupTestApp } from './helpers.ts'
import { NAMES, umrahBody } from './load.ts'

const PAIRS = 20

const umrah = (depart_date: string) => umrahBody('X', depart_date)

const agentEntry = (date: string) => ({
  agent_name: 'Crossing Agent',
  date,
  employee: 'admin',
  detail: 'crossing',
  credit: 500,
  debit: 0,
  paid_cash: 0,
  paid_bank: 0,
})

describe(`concurrent edits and deletes (${DB_KIND})`, () => {
  const t = setupTestApp(async (t) => {
    expect((await t.call('admin', 'POST', '/api/vender-names', { name: NAMES.vendor })).status).toBe(201)
    expect((await t.call('admin', 'POST', '/api/agent-names', { name: 'Crossing Agent' })).status).toBe(201)
  })
  const db = () => t.app.db as unknown as Kysely<any>

  const createAll = async (path: string, bodies: unknown[], key: string) =>
    Promise.all(
      bodies.map(async (b) => {
        const res = await t.call('employee', 'POST', path, b)
        expect(res.status, JSON.stringify(res.body)).toBe(201)
        return res.body[key].id as number
      }),
    )

  /** Every trigger-kept checkpoint equals a recomputation from the rows. */
  const checkpointsExact = async () => {
    // Rows per month and type, and what the sales leave owed per month (source_days against the lines).
    const kept = await sql<{ k: string; n: number; s: number }>`
      SELECT m.month || '|' || m.source_type AS k, m.n,
        coalesce((SELECT sum(d.owed) FROM source_days d WHERE substr(d.date, 1, 7) = m.month AND d.source_type = m.source_type), 0) AS s
      FROM journal_months m WHERE m.n <> 0`.execute(db())
    const real = await sql<{ k: string; n: number; s: number }>`
      SELECT substr(date, 1, 7) || '|' || source_type AS k, count(*) AS n, sum(remaining) AS s
      FROM journal GROUP BY substr(date, 1, 7), source_type`.execute(db())
    const byKey = (rows: { k: string; n: number; s: number }[]) =>
      Object.fromEntries(rows.map((r) => [r.k, [Number(r.n), Number(r.s)]]))
    expect(byKey(kept.rows)).toEqual(byKey(real.rows))
    const ledgerKept = await sql<{ k: string; n: number; s: number }>`
      SELECT ledger || '|' || name || '|' || month AS k, n, net AS s FROM ledger_months WHERE n <> 0`.execute(
      db(),
    )
    const ledgerReal = await sql<{ k: string; n: number; s: number }>`
      SELECT 'agent_entries|' || agent_name || '|' || substr(date, 1, 7) AS k, count(*) AS n, sum(credit - debit) AS s
      FROM agent_entries GROUP BY agent_name, substr(date, 1, 7)
      UNION ALL
      SELECT 'vender_entries|' || vender_name || '|' || substr(date, 1, 7), count(*), sum(credit - debit)
      FROM vender_entries GROUP BY vender_name, substr(date, 1, 7)
      UNION ALL
      SELECT 'account_entries|' || bank_name || '|' || substr(date, 1, 7), count(*), sum(credit - debit)
      FROM account_entries GROUP BY bank_name, substr(date, 1, 7)`.execute(db())
    expect(byKey(ledgerKept.rows)).toEqual(byKey(ledgerReal.rows))
  }

  it('edits that move records across months in opposite directions all succeed, without a deadlock', async () => {
    const retriesBefore = pgRetries()
    const janUmrah = await createAll('/api/umrah', Array(PAIRS).fill(umrah('2026-01-10')), 'umrahBooking')
    const febUmrah = await createAll('/api/umrah', Array(PAIRS).fill(umrah('2026-02-10')), 'umrahBooking')
    const janAgent = await createAll('/api/agent', Array(PAIRS).fill(agentEntry('2026-01-10')), 'agent')
    const febAgent = await createAll('/api/agent', Array(PAIRS).fill(agentEntry('2026-02-10')), 'agent')
    const edits = [
      ...janUmrah.map((id) => t.call('admin', 'PUT', `/api/umrah/${id}`, umrah('2026-02-11'))),
      ...febUmrah.map((id) => t.call('admin', 'PUT', `/api/umrah/${id}`, umrah('2026-01-11'))),
      ...janAgent.map((id) => t.call('admin', 'PUT', `/api/agent/${id}`, agentEntry('2026-02-11'))),
      ...febAgent.map((id) => t.call('admin', 'PUT', `/api/agent/${id}`, agentEntry('2026-01-11'))),
    ]
    const statuses = (await Promise.all(edits)).map((r) => r.status)
    expect(statuses.filter((s) => s !== 200)).toEqual([])
    // The lock order (migration 0007), not the retry, is what keeps these apart.
    expect(pgRetries() - retriesBefore).toBe(0)
    await checkpointsExact()
  })

  it('an edit and a delete of one record at once answer 200 or 404, never 500, and leave nothing behind', async () => {
    const ids = await createAll('/api/umrah', Array(PAIRS).fill(umrah('2026-03-10')), 'umrahBooking')
    const results = await Promise.all(
      ids.flatMap((id) => [
        t.call('admin', 'PUT', `/api/umrah/${id}`, umrah('2026-04-10')),
        t.call('admin', 'DELETE', `/api/umrah/${id}`),
      ]),
    )
    for (const r of results) expect([200, 404]).toContain(r.status)
    const deleted = results.filter((_, i) => i % 2 === 1).every((r) => r.status === 200)
    expect(deleted).toBe(true)
    for (const table of ['umrah', 'journal', 'vender_entries']) {
      const column = table === 'umrah' ? 'id' : 'source_id'
      const left = await db()
        .selectFrom(table)
        .select('id')
        .where(column, 'in', ids)
        .$if(table !== 'umrah', (q) => q.where('source_type', '=', 'umrah'))
        .execute()
      expect(left).toEqual([])
    }
    await checkpointsExact()
  })

  // PostgreSQL only: SQLite has one writer, so it never reports these.
  if (DB_KIND === 'postgres')
    it('runs a write again when PostgreSQL reports a deadlock or serialization failure, a bounded number of times', async () => {
      const raise = (code: string) =>
        sql.raw(`DO $$ BEGIN RAISE EXCEPTION 'test' USING ERRCODE = '${code}'; END $$`).execute(db())
      let attempts = 0
      const saved = await writeTransaction(t.app.db, async (trx) => {
        attempts++
        await trx
          .insertInto('agent_names')
          .values({ name: `Retry ${attempts}`, created_at: new Date().toISOString() })
          .execute()
        if (attempts === 1) await raise('40P01')
        if (attempts === 2) await raise('40001')
        return attempts
      })
      expect(saved).toBe(3)
      const names = await db()
        .selectFrom('agent_names')
        .select('name')
        .where('name', 'like', 'Retry %')
        .execute()
      expect(names.map((r) => r.name)).toEqual(['Retry 3'])
      let forever = 0
      const failed = writeTransaction(t.app.db, async () => {
        forever++
        await raise('40P01')
      })
      await expect(failed).rejects.toMatchObject({ code: '40P01' })
      expect(forever).toBe(PG_ATTEMPTS)
    })
})
