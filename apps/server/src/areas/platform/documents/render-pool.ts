import { availableParallelism } from 'node:os'
import { PassThrough, type Readable } from 'node:stream'
import { Worker } from 'node:worker_threads'
import { HttpError } from '../../../lib/http-error.ts'
import type { AnswerJob, ReadJob, RenderJob } from './render-job.ts'
import type { WorkerMessage } from './render-worker.ts'

// Large documents are drawn in worker threads (decision 045): pdfkit lays text out synchronously,
// and a 10,000-row statement on the main thread held every other request. A small pool, a
// bounded queue per user, and a job whose client went away is stopped by terminating its worker.

/** Workers drawing at once: one per core, at most two (the box has two and also serves requests). */
export const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism()))
/** Documents one user may have queued or drawing at once; the next one answers 429. */
export const PER_USER_JOBS = 2

/** A read job's document once read: its rows and file name (decision 079). */
export interface ReadHead {
  rows: number
  file: string
}

interface Task {
  job: RenderJob
  /** The user the queue bound counts; null for an answer job (a screen's reads, not a document). */
  owner: string | null
  out: PassThrough
  settled: boolean
  slot?: Slot
  /** A read job's: told the head, or why there is none. */
  head?: { resolve: (h: ReadHead) => void; reject: (err: Error) => void }
}
interface Slot {
  worker: Worker
  task: Task | null
}

const slots: Slot[] = []
const queue: Task[] = []
const perOwner = new Map<string, number>()
/** Read jobs and answer jobs handed to a worker since the process started. */
let readsStarted = 0
let answersStarted = 0

const release = (task: Task) => {
  if (task.settled) return
  task.settled = true
  if (task.owner === null) return
  const n = (perOwner.get(task.owner) ?? 1) - 1
  if (n > 0) perOwner.set(task.owner, n)
  else perOwner.delete(task.owner)
}

/**
 * A job that failed: a read job still waiting for its head is told through the head (nobody reads
 * its stream yet, so an error there would go unheard); any other's stream ends with the error.
 */
const fail = (task: Task, err: Error) => {
  if (task.head) {
    task.head.reject(err)
    task.out.destroy()
  } else task.out.destroy(err)
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
      // An answer job's client may have gone while it ran (cancel keeps its worker): nobody reads.
      if (!task.out.destroyed)
        task.out.write(Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength))
      return
    }
    if ('head' in m) {
      task.head?.resolve(m.head)
      task.head = undefined
      return
    }
    if ('end' in m) {
      if (!task.out.destroyed) task.out.end()
    } else fail(task, new Error(m.error))
    slot.task = null
    release(task)
    next()
  })
  worker.on('error', (err) => {
    if (slot.task) {
      fail(slot.task, err)
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
    if (task.job.kind === 'read') readsStarted++
    if (task.job.kind === 'answer') answersStarted++
    slot.worker.postMessage(task.job)
  }
}

/** A client that went away: a queued job leaves the queue, a running one loses its worker (CPU stops at once). */
const cancel = (task: Task) => {
  if (task.settled) return
  release(task)
  const q = queue.indexOf(task)
  if (q >= 0) queue.splice(q, 1)
  // A running answer job is a short read: its worker finishes it and stays (a new worker costs
  // seconds to load its code, and a screen's reads are cancelled whenever it refreshes).
  if (task.slot && task.slot.task === task && task.job.kind !== 'answer') drop(task.slot)
}

/** Queues `job` for a worker, or refuses it (429) past the user's bound. */
const enqueue = (job: RenderJob, owner: string | null, head?: Task['head']): Task => {
  if (owner !== null) {
    const running = perOwner.get(owner) ?? 0
    if (running >= PER_USER_JOBS)
      throw new HttpError(
        429,
        `You already have ${PER_USER_JOBS} documents being made; wait for them to finish and try again`,
      )
    perOwner.set(owner, running + 1)
  }
  const task: Task = { job, owner, out: new PassThrough(), settled: false, head }
  task.out.on('close', () => cancel(task))
  queue.push(task)
  next()
  return task
}

/**
 * Draws `job` in a worker; its bytes arrive on the returned stream. Destroying the stream (the
 * client closed the connection) cancels the job. `owner` is the user the queue bound counts.
 */
export const renderInWorker = (job: RenderJob, owner: string): Readable => enqueue(job, owner).out

/**
 * A read job (decision 079): the worker reads the document, then draws it. `head` resolves when
 * it is read (before any byte), and rejects if reading fails or the stream is destroyed first.
 */
export const readInWorker = (job: ReadJob, owner: string): { stream: Readable; head: Promise<ReadHead> } => {
  let head: Task['head']
  const read = new Promise<ReadHead>((resolve, reject) => {
    head = { resolve, reject }
  })
  // Nobody may be waiting on it any more (the caller gave up first): not an unhandled rejection.
  read.catch(() => {})
  const task = enqueue(job, owner, head)
  task.out.once('close', () => head?.reject(new Error('The document was cancelled')))
  return { stream: task.out, head: read }
}

/**
 * A JSON answer read and serialized in a worker (decision 131); its bytes arrive on the stream.
 * Not counted in the user's documents: a screen asks for several at once, and each is a read.
 */
export const answerInWorker = (job: AnswerJob): Readable => enqueue(job, null).out

/** Jobs waiting and workers drawing (and read and answer jobs started), for tests and the bench. */
export const poolState = () => ({
  reads: readsStarted,
  answers: answersStarted,
  queued: queue.length,
  running: slots.filter((s) => s.task).length,
  workers: slots.length,
})
