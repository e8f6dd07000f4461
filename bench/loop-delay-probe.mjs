// Loaded into a benched server with `node --import`: its event loop's delay, as the server itself
// sees it (perf_hooks, 1 ms resolution). SIGUSR2 writes the figures since the last signal to
// $LOOP_DELAY_FILE as JSON (ms) and starts over. Not part of the server: any tree can be measured.
import { writeFileSync } from 'node:fs'
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'

const file = process.env.LOOP_DELAY_FILE
if (file) {
  const h = monitorEventLoopDelay({ resolution: 1 })
  h.enable()
  // The main thread's garbage-collection pauses, beside the delay they are part of.
  let gc = { n: 0, total: 0, max: 0 }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gc.n++
      gc.total += e.duration
      gc.max = Math.max(gc.max, e.duration)
    }
  }).observe({ entryTypes: ['gc'] })
  process.on('SIGUSR2', () => {
    const ms = (ns) => Math.round(ns / 1e4) / 100
    writeFileSync(
      file,
      JSON.stringify({
        p50: ms(h.percentile(50)),
        p99: ms(h.percentile(99)),
        max: ms(h.max),
        mean: ms(h.mean),
        gc: { n: gc.n, total: Math.round(gc.total * 10) / 10, max: Math.round(gc.max * 10) / 10 },
      }),
    )
    h.reset()
    gc = { n: 0, total: 0, max: 0 }
  })
}
