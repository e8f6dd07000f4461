import { Worker } from 'node:worker_threads'
import type { StatementMapping } from '@booking/shared'
import { HttpError } from '../../../lib/http-error.ts'
import { STATEMENT_LIMITS } from './statement-limits.ts'
import type { StatementMapped, StatementRead, StatementSource, WorkerJob } from './statement-read.ts'

/**
 * Statement files are read off the main thread (issue 33 item 1, decision 085): one worker per
 * file with a heap cap (resourceLimits) and a time limit, stopped when the request goes away.
 * A file that blows the cap or the time is refused by name; the server goes on serving.
 */

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

const TOO_BIG = 'The file is too large to read (it needs more memory than a statement may use)'
const TOO_SLOW = `The file took longer than ${STATEMENT_LIMITS.readMs / 1000} s to read`

/** Workers waiting for a file: loading one costs a few hundred ms (tsx), so they are kept. */
const idle: Worker[] = []

const spawn = () => {
  const worker = new Worker(new URL('./statement-worker.mjs', import.meta.url), {
    execArgv: [],
    resourceLimits: {
      maxOldGenerationSizeMb: STATEMENT_LIMITS.heapMb,
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

/** One job in a reading worker, with its heap cap, time limit and the request's signal. */
const inWorker = async <T extends object>(job: WorkerJob, signal: AbortSignal): Promise<T> => {
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
            ? reject(new HttpError(413, TOO_BIG, { file: TOO_BIG }))
            : reject(err),
        )
      const onExit = () => finish(false, () => reject(new HttpError(413, TOO_BIG, { file: TOO_BIG })))
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
        () => finish(false, () => reject(new HttpError(413, TOO_SLOW, { file: TOO_SLOW }))),
        STATEMENT_LIMITS.readMs,
      )
      const gone = () => finish(false, () => reject(new HttpError(499, 'The request went away')))
      signal.addEventListener('abort', gone, { once: true })
      worker.on('message', onMessage).on('error', onError).on('exit', onExit)
      worker.postMessage(job)
    })
  } finally {
    done()
  }
}

/** The rows of a statement file, read in a worker; a refusal is an HttpError (400 or 413). */
export const readStatementFile = async (
  source: StatementSource,
  signal: AbortSignal,
): Promise<string[][]> => {
  const read = await inWorker<StatementRead>({ file: source }, signal)
  if ('refused' in read)
    throw new HttpError(read.refused.status, read.refused.message, { file: read.refused.message })
  return read.rows
}

/**
 * An import's file read and its rows mapped to statement lines, with their identities, all in the
 * reading worker: 10,000 rows took a few hundred ms of the main thread, which stalled every other
 * request (issue 33 item 2). The same functions the main thread used (readStatement).
 */
export const readStatementLines = async (
  source: StatementSource,
  mapping: StatementMapping,
  signal: AbortSignal,
): Promise<StatementMapped> => {
  const done = await inWorker<StatementRead | StatementMapped>({ file: source, mapping }, signal)
  if ('refused' in done)
    throw new HttpError(done.refused.status, done.refused.message, { file: done.refused.message })
  if ('rows' in done) throw new Error('the reading worker returned rows for an import')
  return done
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
