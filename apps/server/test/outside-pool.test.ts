import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { type OutsideJob, runOutside } from '../src/areas/platform/outside/outside-pool.ts'

/**
 * The outside workers (platform/outside, decision 085) when one fails between jobs or a request
 * has gone before its turn: no job waits on a dead worker (until its time limit, then a false 413),
 * no worker's error is left without a listener (the server's uncaught exception), no job runs for
 * nobody. The jobs are apps/server/test/outside-jobs.ts.
 */
const MODULE = new URL('./outside-jobs.ts', import.meta.url).href
const job = (fn: string, arg: unknown = null): OutsideJob => ({
  module: MODULE,
  fn,
  arg,
  ms: 10_000,
  tooSlow: 'too slow',
  tooBig: 'too big',
  field: 'text',
})
const live = () => new AbortController().signal

describe('outside workers', () => {
  it('a worker that fails while it waits is not handed the next job, before or after its failure is heard', async () => {
    for (let round = 0; round < 3; round++) {
      await runOutside(job('answerThenFail'), live())
      // At once: the worker may be dead, its exit not yet heard by the pool (then the job goes to a
      // fresh worker), or still alive (then it answers before it fails).
      const next = await runOutside<{ echo: string }>(job('echo', `now ${round}`), live())
      expect(next.echo).toBe(`now ${round}`)
      // Later: its exit heard, it is no longer among the idle workers.
      const again = await runOutside<{ thread: number }>(job('answerThenFail'), live())
      await sleep(300)
      const later = await runOutside<{ echo: string; thread: number }>(job('echo', `later ${round}`), live())
      expect(later.echo).toBe(`later ${round}`)
      expect(later.thread).not.toBe(again.thread)
    }
  })

  it('a request gone before its turn is refused (499) and its job is not run', async () => {
    const ac = new AbortController()
    ac.abort()
    await expect(runOutside(job('echo', 'for nobody'), ac.signal)).rejects.toMatchObject({ statusCode: 499 })
    // The pool is not left a slot short: two jobs at once still run.
    const both = await Promise.all([
      runOutside<{ echo: string }>(job('echo', 'a'), live()),
      runOutside<{ echo: string }>(job('echo', 'b'), live()),
    ])
    expect(both.map((b) => b.echo)).toEqual(['a', 'b'])
  })
})
