import { setPriority } from 'node:os'
import { Readable } from 'node:stream'
import { parentPort } from 'node:worker_threads'
import { type RenderJob, readJobAnswer, readJobDoc, renderJob } from './render-job.ts'
import { overLimit, type TableDoc } from './table-doc.ts'

// A render worker: draws one job at a time and posts its bytes back as they are made. The pool
// stops a job by terminating the worker, so nothing here listens for cancellation.

export type WorkerMessage =
  | { chunk: Uint8Array }
  | { end: true }
  | { error: string }
  /** A read job's document is read: its rows (the pool's caller checks the row limit) and file name. */
  | { head: { rows: number; file: string } }

/** Bytes gathered before a message: pdfkit pushes each PDF object as its own small chunk. */
const BATCH_BYTES = 64 * 1024
/** The longest bytes wait for a message: a slow document still streams. */
const BATCH_MS = 50
/**
 * Nice value of this thread (decision 079). Linux keeps one per thread, so the server's main
 * thread keeps its own and takes a core first whenever a request is waiting.
 */
const WORKER_NICE = 10

const port = parentPort
if (!port) throw new Error('render-worker.ts runs as a worker thread')
if (process.platform === 'linux') setPriority(WORKER_NICE)

const post = (m: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer)

/** Sends a stream's bytes in messages of up to BATCH_BYTES (same bytes, same order), then its end. */
const send = (stream: Readable) => {
  let parts: Buffer[] = []
  let size = 0
  let flushing: NodeJS.Timeout | null = null
  const flush = () => {
    if (flushing) clearTimeout(flushing)
    flushing = null
    if (size === 0) return
    const chunk = new Uint8Array(size)
    let at = 0
    for (const p of parts) {
      chunk.set(p, at)
      at += p.length
    }
    parts = []
    size = 0
    post({ chunk }, [chunk.buffer])
  }
  stream.on('data', (c: Buffer) => {
    parts.push(c)
    size += c.length
    if (size >= BATCH_BYTES) flush()
    else flushing ??= setTimeout(flush, BATCH_MS)
  })
  stream.on('end', () => {
    flush()
    post({ end: true })
  })
  stream.on('error', (err: Error) => post({ error: err.message }))
}

const run = async (job: RenderJob) => {
  // One chunk, its buffer moved to the main thread, not copied.
  if (job.kind === 'answer') return send(Readable.from([Buffer.from(await readJobAnswer(job))]))
  if (job.kind !== 'read') return send(renderJob(job))
  const doc: TableDoc = await readJobDoc(job)
  post({ head: { rows: doc.rows.length, file: doc.file } })
  // Refused by the pool's caller on the head; nothing to draw.
  if (overLimit(job.format, doc.rows.length)) return post({ end: true })
  const { settings, format, printed, lang } = job
  send(renderJob({ kind: 'table', settings, doc, format, printed, lang }))
}

port.on('message', (job: RenderJob) => {
  run(job).catch((err: Error) => post({ error: err.message }))
})
