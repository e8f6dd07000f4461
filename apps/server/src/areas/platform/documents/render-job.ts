import type { Readable } from 'node:stream'
import type { AgencySettings } from '@booking/shared'
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

/** The job's bytes as a stream. */
export const renderJob = (job: RenderJob): Readable => {
  if (job.kind === 'receipt') {
    const doc = renderReceipt(job.settings, job.receipt, job.printed, job.lang)
    doc.end()
    return doc as unknown as Readable
  }
  return tableDocStream(job.settings, job.doc, job.format, job.printed, job.lang)
}

/** Rows in a job: what decides whether it is worth a worker. */
export const jobRows = (job: RenderJob) => (job.kind === 'table' ? job.doc.rows.length : 1)
