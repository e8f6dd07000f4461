import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/** How often the background connection copies the write-ahead log into the database file. */
const INTERVAL_MS = 200
/** The longest pause before a thread that keeps dying is started again. */
const MAX_BACKOFF_MS = 30_000

// Plain CommonJS so it runs the same under tsx, vitest and a built server. Each checkpoint is
// reported, so the server can tell a live thread from one that is stuck or gone.
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads')
const SQLite = require(workerData.driver)
const db = new SQLite(workerData.file, { fileMustExist: true })
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); parentPort.postMessage('checkpoint') } catch {}
}, workerData.interval)
parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close() })
`

export interface Checkpointer {
  stop: () => void
  /** Resolves once a stopped thread has closed its connection (the last close empties the log). */
  readonly stopped: Promise<void>
  /** How many times the thread died and was started again. */
  readonly restarts: number
  /** Checkpoints reported by the thread since start. */
  readonly checkpoints: number
  /** The thread now running (tests end it to prove a dead one is replaced). */
  readonly worker: Worker
}

/**
 * Checkpoints a WAL-mode SQLite file from a worker thread with its own connection. SQLite's own
 * auto-checkpoint runs inside the commit that crosses the threshold, on the event loop, with two
 * fsyncs: a create's ~30-page commit measured ~180 µs without it and ~540 µs with it. A PASSIVE
 * checkpoint never blocks writers or readers, and copying every ~200 ms writes each hot page
 * (counters, index ends) once instead of once per thousand frames. The main connection keeps a
 * high auto-checkpoint as a safety net.
 *
 * A thread that dies (an exception, out of memory, a bug in the driver) is noticed by its exit
 * and started again, after a pause that doubles while it keeps dying: without it the log would
 * grow to the safety net's ~40 MB and every 10,000th commit would pay for a checkpoint.
 */
export const startCheckpointer = (file: string, interval = INTERVAL_MS): Checkpointer => {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3')
  let stopping = false
  let restarts = 0
  let checkpoints = 0
  let failures = 0
  let worker: Worker
  let closed: () => void = () => {}
  const stopped = new Promise<void>((resolve) => {
    closed = resolve
  })

  const spawn = () => {
    const w = new Worker(WORKER, { eval: true, workerData: { file, driver, interval } })
    w.unref()
    w.on('message', () => {
      checkpoints++
      failures = 0
    })
    let reason = 'exited'
    w.on('error', (err) => {
      reason = err.message
    })
    w.on('exit', (code) => {
      if (stopping) return closed()
      restarts++
      const wait = Math.min(MAX_BACKOFF_MS, 100 * 2 ** failures++)
      console.warn(
        `SQLite checkpointer for ${file} stopped (${reason}, code ${code}); starting it again in ${wait} ms`,
      )
      setTimeout(() => {
        if (stopping) closed()
        else spawn()
      }, wait).unref()
    })
    worker = w
  }
  spawn()

  return {
    stop: () => {
      stopping = true
      worker.postMessage('stop')
    },
    stopped,
    get restarts() {
      return restarts
    },
    get checkpoints() {
      return checkpoints
    },
    get worker() {
      return worker
    },
  }
}
