import { parentPort } from 'node:worker_threads'

/** An outside-reading worker (outside-pool.ts): one job per message, answered in turn. */
const port = parentPort
if (!port) throw new Error('outside-worker.ts runs in a worker thread')
port.on('message', async (job: { module: string; fn: string; arg: unknown }) => {
  try {
    const mod = (await import(job.module)) as Record<string, (arg: unknown) => unknown>
    const fn = mod[job.fn]
    if (typeof fn !== 'function') throw new Error(`${job.module} has no function ${job.fn}`)
    port.postMessage(await fn(job.arg))
  } catch (err) {
    port.postMessage({ failed: err instanceof Error ? err.message : String(err) })
  }
})
