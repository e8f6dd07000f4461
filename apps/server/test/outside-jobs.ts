import { threadId } from 'node:worker_threads'

/** Jobs for outside-pool.test.ts, run in an outside worker (named by this module's URL). */

/** Its argument back, with the worker thread that ran it. */
export const echo = (arg: unknown) => ({ echo: arg, thread: threadId })

/** An answer, then a failure of something the job left behind: the worker dies while it waits. */
export const answerThenFail = () => {
  setTimeout(() => {
    throw new Error('a leftover of an earlier job failed')
  }, 0)
  return { thread: threadId }
}
