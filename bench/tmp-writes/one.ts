import * as wb from '/work/wt/writes/apps/server/src/lib/write-batch.ts'
import { startTestApp } from '/work/wt/writes/apps/server/test/harness.ts'
import { ticketBody, umrahBody } from '/work/wt/writes/apps/server/test/load.ts'

const lockReruns = () => (wb as any).lockReruns?.() ?? -1
const pgRetries = wb.pgRetries
const t = await startTestApp()
await t.call('admin', 'POST', '/api/agent-names', { name: 'Load Agent' })
await t.call('admin', 'POST', '/api/vender-names', { name: 'Load Vendor' })
let n = 0
const ok = 0
const st: Record<number, number> = {}
const until = Date.now() + 5000
const lat: number[] = []
await Promise.all(
  Array.from({ length: 12 }, async () => {
    while (Date.now() < until) {
      const k = ++n
      const s = performance.now()
      const r =
        process.env.KIND === 'umrah'
          ? await t.call('admin', 'POST', '/api/umrah', umrahBody(`u${k}`, '2026-05-10'))
          : await t.call('admin', 'POST', '/api/ticket', ticketBody(`x${k}`, 60000 + k))
      lat.push(performance.now() - s)
      st[r.status] = (st[r.status] ?? 0) + 1
    }
  }),
)
lat.sort((a, b) => a - b)
console.log(
  st,
  'reruns',
  lockReruns(),
  'retries',
  pgRetries(),
  'p50',
  lat[lat.length >> 1]?.toFixed(1),
  'p99',
  lat[Math.floor(lat.length * 0.99)]?.toFixed(1),
)
await t.close()
