import { availableParallelism } from 'node:os'
import { PassThrough, type Readable } from 'node:stream'
import { Worker } from 'node:worker_threads'
import { HttpError } from '../../../lib/http-error.ts'
import type { RenderJob } from './render-job.ts'
import type { WorkerMessage } from './render-worker.ts'

// Large documents are drawn in worker threads (decision 045): pdfkit lays text out synchronously,
// and a 10,000-row statement on the main thread held every other request. A small pool, a
// bounded queue per user, and a job whose client went away is stopped by terminating its worker.

/** Workers drawing at once: one per core, at most two (the box has two and also serves requests). */
export const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism()))
/** Documents one user may have queued or drawing at once; the next one answers 429. */
export const PER_USER_JOBS = 2

interface Task {
  job: RenderJob
  owner: string
  out: PassThrough
  settled: boolean
  slot?: Slot
}
interface Slot {
  worker: Worker
  task: Task | null
}

const slots: Slot[] = []
const queue: Task[] = []
const perOwner = new Map<string, number>()

const release = (task: Task) => {
  if (task.settled) return
  task.settled = true
  const n = (perOwner.get(task.owner) ?? 1) - 1
  if (n > 0) perOwner.set(task.owner, n)
  else perOwner.delete(task.owner)
}

const spawn = (): Slot => {
  // render-worker.mjs registers tsx in the thread, then loads render-worker.ts; no process flags.
  const worker = new Worker(new URL('./render-worker.mjs', import.meta.url), { execArgv: [] })
  // An idle pool does not keep the process alive (tests, a server shutting down).
  worker.unref()
  const slot: Slot = { worker, task: null }
  worker.on('message', (m: WorkerMessage) => {
    const task = slot.task
    if (!task) return
    if ('chunk' in m) {
      task.out.write(Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength))
      return
    }
    if ('end' in m) task.out.end()
    else task.out.destroy(new Error(m.error))
    slot.task = null
    release(task)
    next()
  })
  worker.on('error', (err) => {
    if (slot.task) {
      slot.task.out.destroy(err)
      release(slot.task)
    }
    drop(slot)
  })
  return slot
}

/** Forgets a worker (it failed or was stopped) and gives its place to a fresh one. */
const drop = (slot: Slot) => {
  const i = slots.indexOf(slot)
  if (i >= 0) slots.splice(i, 1)
  slot.task = null
  void slot.worker.terminate()
  next()
}

const next = () => {
  while (queue.length > 0) {
    let slot = slots.find((s) => !s.task)
    if (!slot) {
      if (slots.length >= POOL_SIZE) return
      slot = spawn()
      slots.push(slot)
    }
    const task = queue.shift()!
    task.slot = slot
    slot.task = task
    slot.worker.postMessage(task.job)
  }
}

/** A client that went away: a queued job leaves the queue, a running one loses its worker (CPU stops at once). */
const cancel = (task: Task) => {
  if (task.settled) return
  release(task)
  const q = queue.indexOf(task)
  if (q >= 0) queue.splice(q, 1)
  if (task.slot && task.slot.task === task) drop(task.slot)
}

/**
 * Draws `job` in a worker; its bytes arrive on the returned stream. Destroying the stream (the
 * client closed the connection) cancels the job. `owner` is the user the queue bound counts.
 */
export const renderInWorker = (job: RenderJob, owner: string): Readable => {
  const running = perOwner.get(owner) ?? 0
  if (running >= PER_USER_JOBS)
    throw new HttpError(
      429,
      `You already have ${PER_USER_JOBS} documents being made; wait for them to finish and try again`,
    )
  perOwner.set(owner, running + 1)
  const task: Task = { job, owner, out: new PassThrough(), settled: false }
  task.out.on('close', () => cancel(task))
  queue.push(task)
  next()
  return task.out
}

/** Jobs waiting and workers drawing, for tests and the bench. */
export const poolState = () => ({
  queued: queue.length,
  running: slots.filter((s) => s.task).length,
  workers: slots.length,
})
