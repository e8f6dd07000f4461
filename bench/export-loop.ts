import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { buildApp } from '../apps/server/src/app.ts'

/**
 * How long the server's event loop is held while it streams an export: the app runs in this
 * process (the same file bench/paperwork.ts seeds), curl downloads in another process, and Node's
 * event-loop delay histogram (1 ms resolution) records every stall. Run bench/paperwork.ts first.
 */
const ROWS = Number(process.env.PAPER_ROWS ?? 1_000_000)
const file = `/tmp/booking-bench/paperwork-${ROWS}.db`
if (!existsSync(file)) throw new Error(`${file} is missing: run node --import tsx bench/paperwork.ts first`)
const ADMIN = { email: 'paper@bench.local', password: 'paper-bench-pass-1' }
const app = await buildApp({
  databaseUrl: `sqlite:${file}`,
  jwtSecret: 'paperwork-bench-secret-0123456789abcdef0123456789abcdef',
  webDir: null,
  loginRateMax: 1000,
})
await app.listen({ port: 4792, host: '127.0.0.1' })
const { token } = (await app.inject({ method: 'POST', url: '/api/user/login', payload: ADMIN })).json() as {
  token: string
}

const download = (url: string) =>
  new Promise<number>((resolve, reject) => {
    const t0 = performance.now()
    const curl = spawn('curl', ['-s', '-o', '/dev/null', '-H', `authorization: Bearer ${token}`, url])
    curl.on('exit', (code) =>
      code === 0 ? resolve(performance.now() - t0) : reject(new Error(`curl ${code}`)),
    )
  })

for (const [label, path] of [
  [`${ROWS} protectors csv`, '/api/protector?format=csv&sort=protector_date'],
  [`${ROWS} protectors xlsx`, '/api/protector?format=xlsx'],
  ['10,000-row statement pdf', '/api/statements/agent/Bench%20Agent?format=pdf'],
  ['10,000-row statement xlsx', '/api/statements/agent/Bench%20Agent?format=xlsx'],
] as const) {
  const h = monitorEventLoopDelay({ resolution: 1 })
  h.enable()
  const ms = await download(`http://127.0.0.1:4792${path}`)
  h.disable()
  const q = (p: number) => (h.percentile(p) / 1e6).toFixed(1)
  console.log(
    `  ${label.padEnd(28)} ${(ms / 1000).toFixed(1)} s; event-loop delay p50 ${q(50)} ms, p99 ${q(99)} ms, p99.9 ${q(99.9)} ms, max ${(h.max / 1e6).toFixed(1)} ms`,
  )
}
await app.close()
