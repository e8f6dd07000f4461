import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { setupTestApp } from './helpers.ts'
import { NO_BALANCE_MAPPING } from './statement-mapping.ts'

/**
 * Decision 131: the bank routes' JSON bodies past 64 kB (a statement's CSV in JSON) are parsed in
 * an outside worker. Such a body imports as a small one does, and a malformed or poisoned one gets
 * the very answer the server's own parser gives.
 */

describe(`large JSON bodies of the bank routes (${DB_KIND})`, () => {
  const t = setupTestApp()
  const post = (url: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { authorization: `Bearer ${t.tokens.admin}`, 'content-type': 'application/json' },
    })

  it('a 2,000-line statement in JSON imports whole; malformed and poisoned large bodies answer as small ones', async () => {
    const bankId = (await t.call('admin', 'POST', '/api/admin/banks', { name: 'Json Bank' })).body.bank.id
    const rows = ['Txn Date,Description,Cheque No,Debit,Credit']
    for (let i = 0; i < 2000; i++)
      rows.push(
        `${String(1 + (i % 28)).padStart(2, '0')}/10/2026,Large body transfer number ${i},,${100 + i}.00,`,
      )
    const body = JSON.stringify({ csv: `${rows.join('\n')}\n`, mapping: NO_BALANCE_MAPPING })
    expect(body.length).toBeGreaterThan(64 * 1024)
    const imported = await post(`/api/banks/${bankId}/statement-imports`, body)
    expect(imported.statusCode).toBe(201)
    expect(imported.json()).toMatchObject({ lines: 2000, duplicates: 0 })

    const pad = 'x'.repeat(70 * 1024)
    const cases = [
      // cut short, and a key the server's parser refuses
      [`{"csv": "${pad}", "mapping": {`, '{"csv": "a", "mapping": {'],
      [`{"csv": "${pad}", "__proto__": {"admin": true}}`, '{"csv": "a", "__proto__": {"admin": true}}'],
      [
        `{"csv": "${pad}", "constructor": {"prototype": {"admin": true}}}`,
        '{"csv": "a", "constructor": {"prototype": {"admin": true}}}',
      ],
    ]
    for (const [large, small] of cases) {
      const a = await post(`/api/banks/${bankId}/statement-preview`, large as string)
      const b = await post(`/api/banks/${bankId}/statement-preview`, small as string)
      expect(a.statusCode).toBe(400)
      expect(a.statusCode).toBe(b.statusCode)
      expect(a.json().message).toBe(b.json().message)
    }
    const lines = await t.call('admin', 'GET', `/api/banks/${bankId}/statement-lines`)
    expect(lines.body.lines).toHaveLength(2000)
  })
})
