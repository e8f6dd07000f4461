import { startTestApp } from '/work/wt/writes/apps/server/test/harness.ts'
import { ensureNames, ticketBody } from '/work/wt/writes/apps/server/test/load.ts'

const t = await startTestApp()
await t.call('admin', 'POST', '/api/agent-names', { name: 'Load Agent' })
await t.call('admin', 'POST', '/api/vender-names', { name: 'Load Vendor' })
const r0 = await t.call('admin', 'POST', '/api/ticket', ticketBody('warm', 60000))
console.log(r0.status)
const db = t.app.db as any
const exec = db.getExecutor()
const orig = exec.executeQuery.bind(exec)
;(globalThis as any).__log = []
const adapter = Object.getPrototypeOf(exec)
const o = adapter.executeQuery
adapter.executeQuery = async function (q: any, id: any) {
  ;(globalThis as any).__log.push(q.sql.replace(/\s+/g, ' ').slice(0, 160))
  return o.call(this, q, id)
}
const r = await t.call('admin', 'POST', '/api/ticket', ticketBody('x1', 60000))
console.log(r.status)
for (const s of (globalThis as any).__log) console.log(s)
await t.close()
