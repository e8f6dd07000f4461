import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { setImportChunkHook } from '../src/areas/readers/banks/pending-import.ts'
import { connectReader } from '../src/db/connect.ts'
import { DB_KIND, freshDatabase } from './harness.ts'
import { rowCount, setupTestApp } from './helpers.ts'
import { call, freePort, login, ready, startServer, stopServer } from './server-process.ts'
import { NO_BALANCE_MAPPING } from './statement-mapping.ts'

/**
 * Issue 33 item 2, decision 112: an import is stored as pending in chunks of 250 lines and made
 * current in one final transaction. A failure part-way stores nothing; a server stopped part-way
 * leaves nothing any reader sees, and its pending lines are gone at the next start, so importing
 * the same file again adds every line.
 */

const LINES = 600 // three pending chunks: 250, 250, 100

const statement = (tag: string) => {
  const rows = ['Txn Date,Description,Cheque No,Debit,Credit']
  for (let i = 0; i < LINES; i++)
    rows.push(`${String(1 + (i % 28)).padStart(2, '0')}/10/2026,${tag} transfer ${i},,${100 + i}.00,`)
  return `${rows.join('\n')}\n`
}

describe(`an import part-way (${DB_KIND})`, () => {
  const t = setupTestApp()
  afterEach(() => setImportChunkHook(null))

  const newBank = async (name: string) =>
    (await t.call('admin', 'POST', '/api/admin/banks', { name })).body.bank.id as number
  /** Rows in the table, pending or not, through a connection of its own (committed rows only). */
  const stored = async (bankId: number) => {
    const reader = connectReader(t.databaseUrl)
    try {
      const row = await reader
        .selectFrom('bank_statement_lines')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('bank_id', '=', bankId)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    } finally {
      await reader.destroy()
    }
  }
  const visible = async (bankId: number) => ({
    lines: (await t.call('admin', 'GET', `/api/banks/${bankId}/statement-lines`)).body.lines,
    imports: (await t.call('admin', 'GET', `/api/banks/${bankId}/statement-imports`)).body.imports,
  })

  it('a failure after the second chunk stores nothing, and the same file then imports whole', async () => {
    const bankId = await newBank('Failing Bank')
    const csv = statement('Fail')
    const seen: number[] = []
    setImportChunkHook((chunk) => {
      seen.push(chunk)
      if (chunk === 2) throw new Error('forced failure after the second chunk')
    })
    const failed = await t.call('admin', 'POST', `/api/banks/${bankId}/statement-imports`, {
      csv,
      mapping: NO_BALANCE_MAPPING,
    })
    expect(failed.status).toBe(500)
    expect(seen).toEqual([1, 2])
    expect(await visible(bankId)).toEqual({ lines: [], imports: [] })
    expect(await stored(bankId)).toBe(0)
    expect(await rowCount(t, 'bank_statement_imports')).toBe(0)

    setImportChunkHook(null)
    const again = await t.call('admin', 'POST', `/api/banks/${bankId}/statement-imports`, {
      csv,
      mapping: NO_BALANCE_MAPPING,
    })
    expect(again.status).toBe(201)
    expect(again.body).toMatchObject({
      lines: LINES,
      duplicates: 0,
      message: `${LINES} statement lines imported`,
    })
    expect((await visible(bankId)).lines).toHaveLength(LINES)
  })

  it('while an import is held part-way, no reader sees its lines though they are stored', async () => {
    const bankId = await newBank('Held Bank')
    let reached: () => void = () => undefined
    const atSecond = new Promise<void>((r) => {
      reached = r
    })
    let release: (err: Error) => void = () => undefined
    setImportChunkHook((chunk) => {
      if (chunk !== 2) return
      reached()
      return new Promise<void>((_, reject) => {
        release = reject
      })
    })
    const running = t.call('admin', 'POST', `/api/banks/${bankId}/statement-imports`, {
      csv: statement('Held'),
      mapping: NO_BALANCE_MAPPING,
    })
    await atSecond
    // 500 lines of two committed chunks are in the table, under a pending import.
    expect(await stored(bankId)).toBe(500)
    expect(await visible(bankId)).toEqual({ lines: [], imports: [] })
    const recon = await t.call('admin', 'GET', `/api/banks/${bankId}/reconciliation?as_of=2026-10-31`)
    expect(recon.status).toBe(200)
    expect(recon.body.start).toBeNull()
    expect(recon.body.unmatched_statement).toEqual([])
    const overview = await t.call('admin', 'GET', '/api/bank-reconciliations?as_of=2026-10-31')
    expect(overview.body.banks.find((b: { id: number }) => b.id === bankId)).toMatchObject({
      statement_to: null,
      unmatched_statement: 0,
    })
    const pdf = await t.call('admin', 'GET', `/api/banks/${bankId}/reconciliation.pdf?month=2026-10`)
    expect(pdf.status).toBe(200)

    release(new Error('the server stopped here'))
    expect((await running).status).toBe(500)
    expect(await visible(bankId)).toEqual({ lines: [], imports: [] })
    expect(await stored(bankId)).toBe(0)
  })
})

describe(`a server killed part-way through an import (${DB_KIND})`, () => {
  let drop: () => Promise<void> = async () => undefined
  afterAll(() => drop())

  it('leaves no visible line; the next start removes the pending ones; the file then imports whole', async () => {
    const db = await freshDatabase()
    drop = db.drop
    const port = await freePort()
    // Killed (SIGKILL) by itself right after committing the import's second pending chunk.
    const first = await ready(startServer(db.url, port, { IMPORT_TEST_CRASH_AFTER: '2' }))
    let token = await login(first.url)
    const bank = await call(first.url, token, 'POST', '/api/admin/banks', { name: 'Crash Bank' })
    const bankId = bank.body.bank.id as number
    const csv = statement('Crash')
    const cut = await call(first.url, token, 'POST', `/api/banks/${bankId}/statement-imports`, {
      csv,
      mapping: NO_BALANCE_MAPPING,
    })
    expect(cut.status).toBe(0)
    expect(await first.exited).toBe('SIGKILL')

    const reader = connectReader(db.url)
    const stored = async () =>
      Number(
        (
          await reader
            .selectFrom('bank_statement_lines')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    try {
      // What the killed server committed: two chunks of pending lines, nothing current.
      expect(await stored()).toBe(500)
      const second = await ready(startServer(db.url, port))
      try {
        expect(await stored()).toBe(0)
        token = await login(second.url)
        const lines = await call(second.url, token, 'GET', `/api/banks/${bankId}/statement-lines`)
        expect(lines.body.lines).toEqual([])
        const imports = await call(second.url, token, 'GET', `/api/banks/${bankId}/statement-imports`)
        expect(imports.body.imports).toEqual([])
        const again = await call(second.url, token, 'POST', `/api/banks/${bankId}/statement-imports`, {
          csv,
          mapping: NO_BALANCE_MAPPING,
        })
        expect(again.status).toBe(201)
        expect(again.body).toMatchObject({ lines: LINES, duplicates: 0 })
        expect(await stored()).toBe(LINES)
      } finally {
        await stopServer(second)
      }
    } finally {
      await reader.destroy()
    }
  }, 120_000)
})
