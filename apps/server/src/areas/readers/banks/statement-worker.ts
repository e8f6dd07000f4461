import { parentPort, workerData } from 'node:worker_threads'
import { readStatementRows, type StatementSource } from './statement-read.ts'

/** One file per worker: read it, answer, and let the thread end (statement-reader.ts). */
const port = parentPort
if (!port) throw new Error('statement-worker.ts runs in a worker thread')
try {
  port.postMessage(readStatementRows(workerData as StatementSource))
} catch (err) {
  port.postMessage({ failed: err instanceof Error ? err.message : String(err) })
}
