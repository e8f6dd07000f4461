/**
 * An outside worker's turn given back to the server's main thread (issue 33 item 2). Linux's
 * scheduler (EEVDF) does not let a woken thread take a core from a running one until the runner's
 * slice is protected no longer, and it looks again only at the next tick (4 ms at HZ=250): a
 * request arriving while the worker reads or stores an import on the main thread's core waited up
 * to 4 ms (perf sched: 10-20 such waits a second during imports, none at idle). So work in a
 * worker sleeps for a moment after each ~0.5 ms of its own, and a waiting thread runs then.
 */

import { isMainThread } from 'node:worker_threads'

const SLICE_MS = 0.5
/** Long enough to be a real sleep (the thread leaves its core), short enough to cost little. */
const NAP_MS = 0.02
const cell = new Int32Array(new SharedArrayBuffer(4))
let since = performance.now()

/** Call between small steps of a worker's work; it naps when the last nap is 0.5 ms ago or more. */
export const giveWay = () => {
  // The main thread never naps: its turns are the event loop's (matching.ts breathe).
  if (isMainThread) return
  const now = performance.now()
  if (now - since < SLICE_MS) return
  Atomics.wait(cell, 0, 0, NAP_MS)
  since = performance.now()
}
