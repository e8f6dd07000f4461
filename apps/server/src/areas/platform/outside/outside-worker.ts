import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'

/** An outside-reading worker (outside-pool.ts): one job per message, answered in turn. */
const port = parentPort
if (!port) throw new Error('outside-worker.ts runs in a worker thread')
/**
 * This thread's nice value, as the document workers' (decision 079): Linux keeps one per thread,
 * so reading a file or storing an import's lines (decision 112) gives way to the main thread
 * whenever a request is waiting, on a box whose two cores are busy.
 */
if (process.platform === 'linux') setPriority(10)
const TOOK = { took: true }
port.on('message', async (job: { module: string; fn: string; arg: unknown }) => {
  try {
    const mod = (await import(job.module)) as Record<string, (arg: unknown) => unknown>
    const fn = mod[job.fn]
    if (typeof fn !== 'function') throw new Error(`${job.module} has no function ${job.fn}`)
    // The job is this worker's from here: a failure before this word is the worker's, not the job's
    // (the pool then gives the job to a fresh worker), one after it is the job's.
    port.postMessage(TOOK)
    port.postMessage(await fn(job.arg))
  } catch (err) {
    port.postMessage({ failed: err instanceof Error ? err.message : String(err) })
  }
})
