import type { Readable } from 'node:stream'
import type { AgencySettings } from '@booking/shared'
import type { FastifyReply } from 'fastify'
import type { PaperLang } from './paper-words.ts'
import type { ReadJob } from './render-job.ts'
import { readInWorker, renderInWorker } from './render-pool.ts'
import { SHEET_TYPES, type SheetFormat } from './sheets.ts'
import {
  refuseOverLimit,
  type TableDoc,
  tableDocFile,
  tableDocStream,
  WORKER_FROM_ROWS,
} from './table-doc.ts'

// A table document sent as an answer: drawn here when small, in the document worker when large.
// Apart from table-doc.ts so the worker, which draws table documents, never loads the pool.

/** Sends a table document as PDF, XLSX or CSV (a large one drawn in a worker). */
export const sendTableDoc = (
  reply: FastifyReply,
  settings: AgencySettings,
  doc: TableDoc,
  format: 'pdf' | SheetFormat,
  printed: string,
  lang: PaperLang = 'en',
) => {
  const rows = doc.rows.length
  refuseOverLimit(format, rows)
  const stream =
    rows >= WORKER_FROM_ROWS
      ? renderInWorker(
          { kind: 'table', settings, doc, format, printed, lang },
          String(reply.request.user?.id ?? reply.request.ip),
        )
      : tableDocStream(settings, doc, format, printed, lang)
  return sendDocStream(reply, stream, format, tableDocFile(doc, format))
}

const sendDocStream = (reply: FastifyReply, stream: Readable, format: 'pdf' | SheetFormat, file: string) =>
  reply
    .type(format === 'pdf' ? 'application/pdf' : SHEET_TYPES[format])
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('cache-control', 'no-store')
    .send(stream)

/**
 * Sends a large table document that a worker reads and draws (decision 079): the main thread
 * passes the request's parameters and streams the worker's bytes. Answers as sendTableDoc would:
 * the same 413 when the rows read are past the limit, the same 429, type and file name.
 */
export const sendReadTableDoc = async (
  reply: FastifyReply,
  read: Pick<ReadJob, 'reader' | 'input' | 'database'>,
  settings: AgencySettings,
  format: 'pdf' | SheetFormat,
  printed: string,
  lang: PaperLang = 'en',
) => {
  const { stream, head } = readInWorker(
    { kind: 'read', ...read, settings, format, printed, lang },
    String(reply.request.user?.id ?? reply.request.ip),
  )
  // A client gone while the rows are read stops the job, as one gone while it draws does.
  const gone = () => stream.destroy()
  reply.raw.once('close', gone)
  try {
    const { rows, file } = await head
    refuseOverLimit(format, rows)
    return sendDocStream(reply, stream, format, `${file}.${format}`)
  } catch (err) {
    stream.destroy()
    throw err
  } finally {
    reply.raw.off('close', gone)
  }
}
