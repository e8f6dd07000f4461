import { describe, expect, it } from 'vitest'
import { poolState } from '../src/areas/platform/documents/render-pool.ts'
import { readAnswer, type ScreenRead } from '../src/areas/readers/banks/screen-read.ts'
import { DB_KIND } from './harness.ts'
import { setupTestApp } from './helpers.ts'
import { NO_BALANCE_MAPPING } from './statement-mapping.ts'

/**
 * Issue 33 item 2, decision 131: the reconciliation screen's reconciliation and the overview are
 * read and serialized in a document worker. Their bytes (and the line lists', read on the main
 * thread by the same module) are the ones the main thread built before, and a screen's reads are
 * not refused beside a user's two documents.
 */

describe(`the reconciliation screen's reads in a worker (${DB_KIND})`, () => {
  const t = setupTestApp()

  it('answer byte for byte what the main thread builds, the reconciliations from a worker, beside two documents', async () => {
    const bank = await t.call('admin', 'POST', '/api/admin/banks', { name: 'Screen Bank' })
    const bankId = bank.body.bank.id as number
    for (const [date, credit] of [
      ['2026-10-05', 1000],
      ['2026-10-20', 2500],
    ] as const) {
      const made = await t.call('admin', 'POST', '/api/accounts', {
        bank_name: 'Screen Bank',
        employee_name: 'admin',
        date,
        detail: `Deposit ${credit}`,
        credit,
        debit: 0,
      })
      expect(made.status).toBe(201)
    }
    const rows = ['Txn Date,Description,Cheque No,Debit,Credit', '05/10/2026,Deposit,,,1000.00']
    for (let i = 0; i < 300; i++)
      rows.push(`${String(1 + (i % 28)).padStart(2, '0')}/10/2026,Transfer ${i},,${100 + i}.00,`)
    const imported = await t.call('admin', 'POST', `/api/banks/${bankId}/statement-imports`, {
      csv: `${rows.join('\n')}\n`,
      mapping: NO_BALANCE_MAPPING,
    })
    expect(imported.status).toBe(201)
    expect(imported.body.matched).toBe(1)

    const reads: Array<[string, ScreenRead]> = [
      [
        `/api/banks/${bankId}/reconciliation?as_of=2026-10-31`,
        { kind: 'reconciliation', bankId, asOf: '2026-10-31' },
      ],
      ['/api/bank-reconciliations?as_of=2026-10-31', { kind: 'reconciliations', asOf: '2026-10-31' }],
      [
        `/api/banks/${bankId}/statement-lines?status=unmatched&from=2026-10-02&to=2026-10-20`,
        {
          kind: 'statement-lines',
          bankId,
          query: { status: 'unmatched', from: '2026-10-02', to: '2026-10-20' },
        },
      ],
      [`/api/banks/${bankId}/book-lines`, { kind: 'book-lines', bankId, query: {} }],
    ]
    const before = poolState().answers
    for (const [url, read] of reads) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${t.tokens.admin}` },
      })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(res.payload, url).toBe(JSON.stringify(await readAnswer(t.app.db, read)))
    }
    // The reconciliation and the overview come from a worker; the line lists are read here.
    expect(poolState().answers - before).toBe(2)
    const recon = await t.call('admin', 'GET', `/api/banks/${bankId}/reconciliation?as_of=2026-10-31`)
    expect(recon.body.unmatched_statement).toHaveLength(300)
    expect(recon.body.outstanding_deposits.map((l: { amount: number }) => l.amount)).toEqual([2500])
    expect(
      (
        await t.call(
          'admin',
          'GET',
          `/api/banks/${bankId}/statement-lines?status=unmatched&from=2026-10-02&to=2026-10-20`,
        )
      ).body.lines.length,
    ).toBeGreaterThan(0)

    // Two documents of one user at once, and the screen's three reads beside them: none refused.
    const answers = await Promise.all([
      t.call('admin', 'GET', `/api/banks/${bankId}/reconciliation.pdf?month=2026-10`),
      t.call('admin', 'GET', `/api/banks/${bankId}/reconciliation.pdf?month=2026-10`),
      t.call('admin', 'GET', `/api/banks/${bankId}/reconciliation?as_of=2026-10-31`),
      t.call('admin', 'GET', `/api/banks/${bankId}/statement-lines?status=matched`),
      t.call('admin', 'GET', `/api/banks/${bankId}/statement-lines?status=all`),
    ])
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    expect(answers[3]?.body.lines).toHaveLength(1)
    expect(answers[4]?.body.lines).toHaveLength(301)

    // An unknown bank is still a 404 from the main thread, and a bad query a 400.
    expect((await t.call('admin', 'GET', '/api/banks/999999/reconciliation')).status).toBe(404)
    expect((await t.call('admin', 'GET', `/api/banks/${bankId}/statement-lines?status=some`)).status).toBe(
      400,
    )
  })
})
