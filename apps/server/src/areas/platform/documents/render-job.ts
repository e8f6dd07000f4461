import type { Readable } from 'node:stream'
import type { AgencySettings } from '@booking/shared'
import { connectReader, type Db } from '../../../db/connect.ts'
import { dbKind } from '../../../db/dialect.ts'
import type { PaperLang } from './paper-words.ts'
import { type ReceiptDoc, renderReceipt } from './receipt.ts'
import type { SheetFormat } from './sheets.ts'
import { type TableDoc, tableDocStream } from './table-doc.ts'

// A document to draw, as plain data: the same job runs on the main thread or in a render worker.

export type RenderJob =
  | { kind: 'receipt'; settings: AgencySettings; receipt: ReceiptDoc; printed: string; lang: PaperLang }
  | {
      kind: 'table'
      settings: AgencySettings
      doc: TableDoc
      format: 'pdf' | SheetFormat
      printed: string
      lang: PaperLang
    }
  | ReadJob
  | AnswerJob

/**
 * A table document whose rows the worker reads itself (decision 079), so the main thread neither
 * reads nor copies them: `reader` is the URL of a module exporting `readTableDoc` (a TableDocReader),
 * `input` what it needs, `database` where to read (connectionUrl).
 */
export interface ReadJob {
  kind: 'read'
  reader: string
  input: unknown
  database: string
  settings: AgencySettings
  format: 'pdf' | SheetFormat
  printed: string
  lang: PaperLang
}

/** What a reader module exports as `readTableDoc`: the document, read through `db`. */
export type TableDocReader<I> = (db: Db, input: I) => Promise<TableDoc>

/**
 * A read job's document, from its own read-only connection, closed before drawing starts. One
 * transaction, so every figure of the document comes from one snapshot of the books.
 */
export const readJobDoc = async (job: ReadJob): Promise<TableDoc> => {
  const { readTableDoc } = (await import(job.reader)) as { readTableDoc: TableDocReader<unknown> }
  return inSnapshot(job.database, (t) => readTableDoc(t, job.input))
}

/**
 * A JSON answer the worker reads and serializes itself (decision 131): a screen whose answer is
 * built from a whole bank's statement held the main thread (its reads, its objects' garbage
 * collection, the serializing) for 100-300 ms. `reader` is the URL of a module exporting
 * `readAnswer` (an AnswerReader); the bytes are those the route's own serializer would send.
 */
export interface AnswerJob {
  kind: 'answer'
  reader: string
  input: unknown
  database: string
}

/** What a reader module exports as `readAnswer`: the answer's body, read through `db`. */
export type AnswerReader<I> = (db: Db, input: I) => Promise<unknown>

/** One snapshot of the books (one transaction) on a read-only connection of its own, closed after. */
const inSnapshot = async <T>(database: string, read: (db: Db) => Promise<T>): Promise<T> => {
  const db = connectReader(database)
  try {
    const trx = db.transaction()
    return await (dbKind(db) === 'postgres' ? trx.setIsolationLevel('repeatable read') : trx).execute(read)
  } finally {
    await db.destroy()
  }
}

/** An answer job's JSON text (the server's serializer is JSON.stringify: lib/route-schemas.ts). */
export const readJobAnswer = async (job: AnswerJob): Promise<string> => {
  const { readAnswer } = (await import(job.reader)) as { readAnswer: AnswerReader<unknown> }
  return JSON.stringify(await inSnapshot(job.database, (t) => readAnswer(t, job.input)))
}

/** The job's bytes as a stream (a read job's document is read first: readJobDoc). */
export const renderJob = (job: Exclude<RenderJob, ReadJob | AnswerJob>): Readable => {
  if (job.kind === 'receipt') {
    const doc = renderReceipt(job.settings, job.receipt, job.printed, job.lang)
    doc.end()
    return doc as unknown as Readable
  }
  return tableDocStream(job.settings, job.doc, job.format, job.printed, job.lang)
}

/** Rows in a job: what decides whether it is worth a worker. */
export const jobRows = (job: RenderJob) => (job.kind === 'table' ? job.doc.rows.length : 1)
