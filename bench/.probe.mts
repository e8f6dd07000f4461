import { buildApp } from '../apps/server/src/app.ts'
const app = await buildApp({ databaseUrl: 'sqlite:/tmp/booking-bench/sqlite-1000000-42.db', jwtSecret: 'bench-secret' })
const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'bench@bench.local', password: 'bench-pass-123' } })
const token = login.json().token
const urls = process.argv.slice(2)
for (const url of urls) {
  const times: number[] = []
  let res: any
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now()
    res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  console.log(res.statusCode, `p50 ${times[15].toFixed(1)} max ${times[29].toFixed(1)}`, url, res.body.slice(0, 100))
}
await app.close()
