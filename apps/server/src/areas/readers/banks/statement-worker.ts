import { parentPort } from 'node:worker_threads'
import { runJob, type WorkerJob } from './statement-read.ts'

/** A reading worker (statement-reader.ts): one job per message (a file, or rows to map), answered in turn. */
const port = parentPort
if (!port) throw new Error('statement-worker.ts runs in a worker thread')
port.on('message', (job: WorkerJob) => {
  try {
    port.postMessage(runJob(job))
  } catch (err) {
    port.postMessage({ failed: err instanceof Error ? err.message : String(err) })
  }
})
