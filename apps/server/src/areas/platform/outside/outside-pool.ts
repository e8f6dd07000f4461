import { Worker } from 'node:worker_threads'
import { HttpError } from '../../../lib/http-error.ts'

/**
 * Workers for what comes from outside the office (issue 33, decision 085): statement files and
 * pasted tickets are read here, off the main thread, each job with a heap cap (resourceLimits) and
 * a time limit, stopped when its request goes away. A job is a module's exported function, named
 * by URL, so this layer imports nothing from the areas that use it.
 */

/** A worker's heap: past it the worker is stopped (413), the server is not. */
const HEAP_MB = 192

/** Readings at once; more wait their turn (each may use its heap cap; the box has two cores). */
const AT_ONCE = 2
let running = 0
const waiting: (() => void)[] = []

const gone = () => new HttpError(499, 'The request went away')

const turn = async (signal: AbortSignal) => {
  // An abort before anyone listens is never heard: a request already gone has no turn.
  if (signal.aborted) throw gone()
  if (running < AT_ONCE) {
    running++
    return
  }
  await new Promise<void>((resolve, reject) => {
    const left = () => {
      const i = waiting.indexOf(go)
      if (i >= 0) waiting.splice(i, 1)
      reject(gone())
    }
    const go = () => {
      signal.removeEventListener('abort', left)
      running++
      resolve()
    }
    waiting.push(go)
    signal.addEventListener('abort', left, { once: true })
  })
}

const done = () => {
  running--
  waiting.shift()?.()
}

/** Workers waiting for a file: loading one costs a few hundred ms (tsx), so they are kept. */
const idle: Worker[] = []

const spawn = () => {
  const worker = new Worker(new URL('./outside-worker.mjs', import.meta.url), {
    execArgv: [],
    resourceLimits: {
      maxOldGenerationSizeMb: HEAP_MB,
      maxYoungGenerationSizeMb: 32,
      stackSizeMb: 4,
    },
  })
  // An idle worker does not keep the process alive (tests, a server shutting down).
  worker.unref()
  // A worker may fail while it waits (its start, something a job left behind): it leaves the idle
  // list at once, and its 'error' has a listener (none would make it the server's uncaught
  // exception). A job's own listeners hear its failures while it runs.
  worker
    .on('error', () => {})
    .on('exit', () => {
      const i = idle.indexOf(worker)
      if (i < 0) return
      idle.splice(i, 1)
      setImmediate(prepare)
    })
  return worker
}

/**
 * A fresh worker ready for the next file, made while nobody waits for it. The server calls it once
 * it listens: loading a worker's code costs the main thread too, better before any import than during.
 */
export const prepare = () => {
  if (idle.length + running < AT_ONCE) idle.push(spawn())
}

/** What a job is and how it is refused: the function to run (a module's URL and export), its argument. */
export interface OutsideJob {
  module: string
  fn: string
  arg: unknown
  /** Time it may take, and the messages of a refusal for time or memory (413, on `field`). */
  ms: number
  tooSlow: string
  tooBig: string
  field: string
}

/** The worker's word that it runs the job (outside-worker.ts): a failure after it is the job's. */
type Answer<T> = T | { failed: string } | { took: true }

/**
 * The job in one worker. `kept`: a worker that waited since its last job, which may have died
 * unheard (its exit not yet heard here); failing before it took the job, it hands the job back
 * ('again') for a fresh worker, so no request waits on a dead worker or gets its error.
 */
const runIn = <T extends object>(worker: Worker, kept: boolean, job: OutsideJob, signal: AbortSignal) =>
  new Promise<T | 'again'>((resolve, reject) => {
    let settled = false
    let took = false
    const onMessage = (m: Answer<T>) => {
      if ('took' in m && m.took === true) {
        took = true
        return
      }
      finish(!('failed' in m), () => ('failed' in m ? reject(new Error(m.failed)) : resolve(m as T)))
    }
    let failure: (Error & { code?: string }) | undefined
    const refusal = (err: (Error & { code?: string }) | undefined) =>
      err && err.code !== 'ERR_WORKER_OUT_OF_MEMORY'
        ? err
        : new HttpError(413, job.tooBig, { [job.field]: job.tooBig })
    // A kept worker's error before its word may have overtaken the word (another port): the exit,
    // which comes after every message the worker sent, decides whose failure it was.
    const onError = (err: Error & { code?: string }) => {
      if (kept && !took) failure = err
      else finish(false, () => reject(refusal(err)))
    }
    const onExit = () => finish(false, () => (kept && !took ? resolve('again') : reject(refusal(failure))))
    const finish = (keep: boolean, fn: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal.removeEventListener('abort', left)
      worker.off('message', onMessage).off('error', onError).off('exit', onExit)
      fn()
      if (keep) idle.push(worker)
      else {
        // A worker that ran out of time or memory, or whose request went, is stopped, not reused.
        void worker.terminate()
        setImmediate(prepare)
      }
    }
    const timer = setTimeout(
      () => finish(false, () => reject(new HttpError(413, job.tooSlow, { [job.field]: job.tooSlow }))),
      job.ms,
    )
    const left = () => finish(false, () => reject(gone()))
    signal.addEventListener('abort', left, { once: true })
    worker.on('message', onMessage).on('error', onError).on('exit', onExit)
    // Gone since its turn came (an abort before the listener is never heard): the job is not run.
    if (signal.aborted) left()
    else worker.postMessage({ module: job.module, fn: job.fn, arg: job.arg })
  })

/** One job in a reading worker, with its heap cap, time limit and the request's signal. */
export const runOutside = async <T extends object>(job: OutsideJob, signal: AbortSignal): Promise<T> => {
  await turn(signal)
  try {
    const kept = idle.pop()
    const first = await runIn<T>(kept ?? spawn(), kept !== undefined, job, signal)
    if (first !== 'again') return first
    const second = await runIn<T>(spawn(), false, job, signal)
    if (second === 'again') throw new Error('a fresh outside worker handed its job back')
    return second
  } finally {
    done()
  }
}

/** An AbortSignal that fires when the client goes before its answer is sent. */
export const requestGone = (raw: {
  on: (e: 'close', f: () => void) => unknown
  writableFinished: boolean
}): AbortSignal => {
  const ac = new AbortController()
  raw.on('close', () => {
    if (!raw.writableFinished) ac.abort()
  })
  return ac.signal
}
