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

const turn = async (signal: AbortSignal) => {
  if (running < AT_ONCE) {
    running++
    return
  }
  await new Promise<void>((resolve, reject) => {
    const go = () => {
      signal.removeEventListener('abort', gone)
      running++
      resolve()
    }
    const gone = () => {
      const i = waiting.indexOf(go)
      if (i >= 0) waiting.splice(i, 1)
      reject(new HttpError(499, 'The request went away'))
    }
    waiting.push(go)
    signal.addEventListener('abort', gone, { once: true })
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

/** One job in a reading worker, with its heap cap, time limit and the request's signal. */
export const runOutside = async <T extends object>(job: OutsideJob, signal: AbortSignal): Promise<T> => {
  await turn(signal)
  try {
    const worker = idle.pop() ?? spawn()
    return await new Promise<T>((resolve, reject) => {
      let settled = false
      const onMessage = (m: T | { failed: string }) =>
        finish(!('failed' in m), () => ('failed' in m ? reject(new Error(m.failed)) : resolve(m)))
      const onError = (err: Error & { code?: string }) =>
        finish(false, () =>
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? reject(new HttpError(413, job.tooBig, { [job.field]: job.tooBig }))
            : reject(err),
        )
      const onExit = () =>
        finish(false, () => reject(new HttpError(413, job.tooBig, { [job.field]: job.tooBig })))
      const finish = (keep: boolean, fn: () => void) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        signal.removeEventListener('abort', gone)
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
      const gone = () => finish(false, () => reject(new HttpError(499, 'The request went away')))
      signal.addEventListener('abort', gone, { once: true })
      worker.on('message', onMessage).on('error', onError).on('exit', onExit)
      worker.postMessage({ module: job.module, fn: job.fn, arg: job.arg })
    })
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
