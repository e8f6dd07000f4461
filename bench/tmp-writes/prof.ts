import { rmSync } from 'node:fs'
import { buildApp } from '/work/wt/writes/apps/server/src/app.ts'
import { TEST_PASSWORD_HASH } from '/work/wt/writes/apps/server/test/harness.ts'
import { ticketBody } from '/work/wt/writes/bench/ticket-body.ts'

const file = '/tmp/writes/prof.db'
for (const f of [file, file + '-wal', file + '-shm']) rmSync(f, { force: true })
const app = await buildApp({
  databaseUrl: `sqlite:${file}`,
  jwtSecret: 'bench-secret-at-least-32-characters-long',
  searchIndexEveryMs: 250,
})
await app.db
  .insertInto('users')
  .values({
    username: 'p',
    email: 'p@b.local',
    password_hash: TEST_PASSWORD_HASH,
    role: 'admin',
    is_approved: 1,
    created_at: new Date().toISOString(),
  })
  .execute()
const login = await app.inject({
  method: 'POST',
  url: '/api/user/login',
  payload: { email: 'p@b.local', password: 'password123' },
})
const headers = { authorization: `Bearer ${login.json().token}`, 'content-type': 'application/json' }
const body = ticketBody('P-1')
await app.inject({ method: 'POST', url: '/api/agent-names', headers, payload: { name: body.agent_name } })
await app.inject({ method: 'POST', url: '/api/vender-names', headers, payload: { name: body.vendor_name } })
const N = Number(process.env.N ?? 1500)
const payload = JSON.stringify(body)
for (let i = 0; i < 200; i++) await app.inject({ method: 'POST', url: '/api/ticket', headers, payload })
const cpu = process.cpuUsage()
const t0 = performance.now()
// 10 at a time, as autocannon's connections: batches share a commit
for (let i = 0; i < N; i += 10)
  await Promise.all(
    Array.from({ length: 10 }, () =>
      app.inject({ method: 'POST', url: '/api/ticket', headers, payload }).then((r) => {
        if (r.statusCode !== 201) throw new Error(r.body)
      }),
    ),
  )
const used = process.cpuUsage(cpu)
console.log(
  `${N} creates: ${((used.user + used.system) / N).toFixed(0)} µs CPU each, ${(((performance.now() - t0) * 1000) / N).toFixed(0)} µs wall each`,
)
await app.close()
