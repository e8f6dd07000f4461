import { parentPort } from 'node:worker_threads'
import { type RenderJob, renderJob } from './render-job.ts'

// A render worker: draws one job at a time and posts its bytes back as they are made. The pool
// stops a job by terminating the worker, so nothing here listens for cancellation.

export type WorkerMessage = { chunk: Uint8Array } | { end: true } | { error: string }

const port = parentPort
if (!port) throw new Error('render-worker.ts runs as a worker thread')
port.on('message', (job: RenderJob) => {
  const stream = renderJob(job)
  stream.on('data', (chunk: Buffer) =>
    port.postMessage({ chunk: new Uint8Array(chunk) } satisfies WorkerMessage),
  )
  stream.on('end', () => port.postMessage({ end: true } satisfies WorkerMessage))
  stream.on('error', (err: Error) => port.postMessage({ error: err.message } satisfies WorkerMessage))
})
