import { startTestApp } from '/work/wt/writes/apps/server/test/harness.ts'
import { ticketBody } from '/work/wt/writes/apps/server/test/load.ts'

const t = await startTestApp()
await t.call('admin', 'POST', '/api/agent-names', { name: 'Load Agent' })
await t.call('admin', 'POST', '/api/vender-names', { name: 'Load Vendor' })
await t.call('admin', 'POST', '/api/ticket', ticketBody('warm', 60000))
const exec = (t.app.db as any).getExecutor()
const proto = Object.getPrototypeOf(exec)
const o = proto.executeQuery
const log: string[] = []
proto.executeQuery = async function (q: any, id: any) {
  const s = performance.now()
  const r = await o.call(this, q, id)
  log.push(`${(performance.now() - s).toFixed(3)} ${q.sql.replace(/\s+/g, ' ').slice(0, 140)}`)
  return r
}
const r = await t.call('admin', 'POST', '/api/ticket', ticketBody('x1', 60000))
console.log(r.status)
for (const s of log) console.log(s)
await t.close()
