import { copyFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { loadavg } from 'node:os'
import { freshUrl } from './fresh-url.ts'
import { start, stop } from './processes.ts'
import { BENCH_ADMIN, seedDatabase } from './seed.ts'

/**
 * Filtered and searched list pages through the API, single user (what one person waits for),
 * every URL new so the answer cache never answers: `node --import tsx bench/list-filters.ts`.
 * BENCH_SIZES=10000,100000,1000000  BENCH_CALLS=1000 (per case)  BENCH_SEED=42  BENCH_PORT=4980
 * A bare Fastify hello world is timed the same way in the same run, as the yardstick.
 */
const env = process.env
const SIZES = (env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number)
const CALLS = Number(env.BENCH_CALLS ?? 1000)
const SEED = Number(env.BENCH_SEED ?? 42)
const PORT = Number(env.BENCH_PORT ?? 4980)

/**
 * One GET on a kept-alive node:http socket; the body is read as bytes. undici's fetch, timed the
 * same way, added its own stalls: a date-range page measured p99 9.3 ms through fetch against
 * 4.0 ms through curl and 8.5 ms here, while the server's own response times stayed under 7.5 ms.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
const get = (url: string, token?: string) =>
  new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { agent, headers: token ? { authorization: `Bearer ${token}` } : {} }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      })
      .on('error', reject)
  })

/** p50 / p99 / max of CALLS sequential requests, each with a new URL; also checks the answer. */
const timed = async (url: string, token?: string, check?: (body: unknown) => void) => {
  const times: number[] = []
  for (let i = 0; i < CALLS + 5; i++) {
    const t0 = performance.now()
    const res = await get(freshUrl(url, i), token)
    if (i >= 5) times.push(performance.now() - t0)
    if (res.status !== 200) throw new Error(`${url} → ${res.status} ${res.body.toString()}`)
    // The first five warm the statement cache and the page cache; they are not counted.
    if (i === 0) check?.(JSON.parse(res.body.toString()))
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number
  return { p50: at(0.5), p99: at(0.99), max: times[times.length - 1] as number }
}

const fmt = (ms: number) => ms.toFixed(1)
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

for (const size of SIZES) {
  const seeded = await seedDatabase(size, SEED, (m) => console.log(m))
  const file = `${seeded}.lists`
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
  copyFileSync(seeded, file)
  const hello = await start(['bench/hello.ts'], { PORT: String(PORT + 1) }, `http://127.0.0.1:${PORT + 1}/`)
  const helloBefore = await timed(`http://127.0.0.1:${PORT + 1}/`)
  const api = `http://127.0.0.1:${PORT}/api`
  // A server that cannot start must not leave the hello world behind on its port.
  const server = await start(
    ['apps/server/src/main.ts'],
    {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${file}`,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      JWT_SECRET: 'bench-secret-at-least-32-characters-long',
      LOG: 'off',
      WEB_DIR: '/nonexistent',
      BACKUP_HOUR: 'off',
    },
    `${api}/health`,
  ).catch(async (err: unknown) => {
    await stop(hello)
    throw err
  })
  try {
    const login = (await (
      await fetch(`${api}/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
      })
    ).json()) as { token: string }
    const token = login.token
    // A reference that exists: the newest ticket's.
    const newest = (await (
      await fetch(`${api}/ticket?limit=1`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { ticket: Array<{ reference: string }> }
    const reference = newest.ticket[0]?.reference ?? 'REF-1'
    console.log(`\n${size.toLocaleString('en-US')} records (load average ${load()})`)
    const cases: Array<[string, string]> = [
      ['list page', '/ticket?limit=25'],
      ['date range (2½ years)', '/ticket?limit=25&from=2022-01-01&to=2024-06-30'],
      ['date range, page 201', '/ticket?limit=25&offset=5000&from=2022-01-01&to=2024-06-30'],
      [
        'date range, by date (sort=-depart_date)',
        '/ticket?limit=25&sort=-depart_date&from=2022-01-01&to=2024-06-30',
      ],
      ['one month (March 2023)', '/ticket?limit=25&from=2023-03-01&to=2023-03-31'],
      [`search by reference (${reference})`, `/ticket?limit=25&q=${encodeURIComponent(reference)}`],
      ['search q=khan (a tenth of the rows)', '/ticket?limit=25&q=khan'],
      ['date range + q=khan', '/ticket?limit=25&q=khan&from=2022-01-01&to=2024-06-30'],
      ['visa, date range (created_at)', '/visa-processing?limit=25&from=2022-01-01&to=2024-06-30'],
      ['protector, date range', '/protector?limit=25&from=2022-01-01&to=2024-06-30'],
    ]
    for (const [name, path] of cases) {
      let shape = ''
      const t = await timed(`${api}${path}`, token, (body) => {
        const b = body as { total?: number; totalCapped?: boolean }
        shape = `total ${b.total?.toLocaleString('en-US')}${b.totalCapped ? '+ (capped)' : ''}`
      })
      console.log(
        `  ${name.padEnd(40)} p50 ${fmt(t.p50).padStart(6)} ms  p99 ${fmt(t.p99).padStart(6)} ms  max ${fmt(t.max).padStart(6)} ms  ${shape}`,
      )
    }
  } finally {
    await stop(server)
    const helloAfter = await timed(`http://127.0.0.1:${PORT + 1}/`)
    await stop(hello)
    console.log(
      `  hello world (before / after)           p50 ${fmt(helloBefore.p50)} / ${fmt(helloAfter.p50)} ms  p99 ${fmt(helloBefore.p99)} / ${fmt(helloAfter.p99)} ms  (load average ${load()})`,
    )
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
  }
}
