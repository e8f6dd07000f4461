import { DEFAULT_AGENCY } from '@booking/shared'
import type { FastifyReply } from 'fastify'
import { describe, expect, it } from 'vitest'
import { poolState, readInWorker, renderInWorker } from '../src/areas/platform/documents/render-pool.ts'
import { sendTableDoc } from '../src/areas/platform/documents/send-table-doc.ts'
import { PDF_ROW_LIMIT, type TableDoc } from '../src/areas/platform/documents/table-doc.ts'
import { pdfText } from './paperwork-helpers.ts'

// Documents off the event loop (issue 27.3, 26.4; decision 045): a large statement is drawn in a
// worker, a client that goes away stops it, one user cannot queue without bound, and a PDF past
// the row limit is refused before any work.

const statement = (rows: number): TableDoc => ({
  title: 'Statement of Account',
  refs: ['Agent: Agent A'],
  summary: [],
  columns: [
    { key: 'date', label: 'Date', kind: 'date', pdfWidth: 12 },
    { key: 'entry', label: 'Entry', kind: 'text', pdfWidth: 12 },
    { key: 'detail', label: 'Detail', kind: 'text', pdfWidth: 40 },
    { key: 'debit', label: 'Debit', kind: 'money', pdfWidth: 18 },
  ],
  rows: Array.from({ length: rows }, (_, i) => ({
    date: '2026-11-25',
    entry: `1/${i + 1}`,
    detail: `Ticket PK8HJ2 line ${i + 1}`,
    debit: 1000 + i,
  })),
  footer: [],
  file: 'statement',
})

const job = (rows: number) =>
  ({
    kind: 'table',
    settings: DEFAULT_AGENCY,
    doc: statement(rows),
    format: 'pdf',
    printed: '25/11/2026 10:00',
    lang: 'en',
  }) as const

const collect = (s: NodeJS.ReadableStream) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    s.on('data', (c: Buffer) => chunks.push(c))
    s.on('end', () => resolve(Buffer.concat(chunks)))
    s.on('error', reject)
  })

const until = async (ok: () => boolean, ms: number) => {
  const end = Date.now() + ms
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 20))
  return ok()
}

describe('render pool', () => {
  it('draws a statement in a worker: the PDF holds its last row', async () => {
    const bytes = await collect(renderInWorker(job(600), 'user-a'))
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const text = await pdfText(bytes)
    expect(text).toContain('Ticket PK8HJ2 line 600')
    expect(text).toContain('1,599')
    expect(await until(() => poolState().running === 0, 1000)).toBe(true)
  })

  it('a client that goes away stops its job within a second; a third job of one user is a 429', async () => {
    const first = renderInWorker(job(15_000), 'user-b')
    const second = renderInWorker(job(15_000), 'user-b')
    expect(() => renderInWorker(job(10), 'user-b')).toThrow(/already have 2 documents/)
    // Another user is not held by user-b's bound.
    const other = renderInWorker(job(10), 'user-c')
    await new Promise((r) => first.once('data', r))
    expect(poolState().running).toBeGreaterThanOrEqual(1)
    first.destroy()
    second.destroy()
    expect(await until(() => poolState().running <= 1 && poolState().queued === 0, 1000)).toBe(true)
    expect((await collect(other)).subarray(0, 5).toString()).toBe('%PDF-')
    expect(await until(() => poolState().running === 0, 1000)).toBe(true)
    // user-b's places are free again.
    renderInWorker(job(10), 'user-b').destroy()
  })

  it('a read job that cannot read rejects its head and frees its place, as does one cancelled first', async () => {
    // Decision 079: the worker reads the rows itself; a database it cannot open is an error, not a hang.
    const read = {
      kind: 'read',
      reader: new URL('../src/areas/readers/statements/document.ts', import.meta.url).href,
      input: { kind: 'agent', name: 'Agent A', range: {}, currency: 'Rs' },
      database: 'sqlite:/nonexistent-folder/booking.db',
      settings: DEFAULT_AGENCY,
      format: 'pdf',
      printed: '25/11/2026 10:00',
      lang: 'en',
    } as const
    const failed = readInWorker(read, 'user-d')
    await expect(failed.head).rejects.toThrow(/directory does not exist/)
    const cancelled = readInWorker(read, 'user-d')
    cancelled.stream.destroy()
    await expect(cancelled.head).rejects.toThrow(/cancelled/)
    expect(await until(() => poolState().running === 0 && poolState().queued === 0, 1000)).toBe(true)
    // user-d's places are free again.
    renderInWorker(job(10), 'user-d').destroy()
    renderInWorker(job(10), 'user-d').destroy()
  })

  it('a PDF past the row limit is a 413 that names XLSX and CSV, before any drawing', () => {
    const reply = {} as FastifyReply
    expect(() =>
      sendTableDoc(reply, DEFAULT_AGENCY, statement(PDF_ROW_LIMIT + 1), 'pdf', '25/11/2026'),
    ).toThrow(expect.objectContaining({ statusCode: 413, message: expect.stringMatching(/XLSX or CSV/) }))
  })
})
