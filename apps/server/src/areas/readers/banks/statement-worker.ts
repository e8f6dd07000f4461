import { parentPort } from 'node:worker_threads'
import { readStatementRows, type StatementSource } from './statement-read.ts'

/** A reading worker (statement-reader.ts): one file per message, answered in turn. */
const port = parentPort
if (!port) throw new Error('statement-worker.ts runs in a worker thread')
port.on('message', (source: StatementSource) => {
  try {
    port.postMessage(readStatementRows(source))
  } catch (err) {
    port.postMessage({ failed: err instanceof Error ? err.message : String(err) })
  }
})
