import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

/**
 * Issue 15's delivery figures: the bytes a browser receives for /login (the page and every
 * script, style and preload it names) without and with compression, and the cached ticket list
 * page's throughput per Accept-Encoding. `node --import tsx bench/compression.ts` (needs a build).
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const PORT = Number(process.env.BENCH_PORT ?? 4450)
const base = `http://127.0.0.1:${PORT}`
const ADMIN = { email: 'bench@bench.local', password: 'bench-pass-123' }
const DURATION = Number(process.env.BENCH_DURATION ?? 5)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The raw bytes on the wire (fetch would decompress them) and the encoding used. */
const rawGet = (path: string, encoding: string, token?: string) =>
  new Promise<{ bytes: number; encoding: string; body: Buffer }>((resolve, reject) => {
    const headers: Record<string, string> = { 'accept-encoding': encoding }
    if (token) headers.authorization = `Bearer ${token}`
    request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const body = Buffer.concat(chunks)
        resolve({ bytes: body.length, encoding: String(res.headers['content-encoding'] ?? 'identity'), body })
      })
    })
      .on('error', reject)
      .end()
  })

const loginBytes = async (encoding: string) => {
  const page = await rawGet('/login', 'identity')
  const html = page.body.toString()
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string)
  let total = (await rawGet('/login', encoding)).bytes
  for (const a of new Set(assets)) total += (await rawGet(a, encoding)).bytes
  return { total, files: 1 + new Set(assets).size }
}

const main = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'booking-bench-compress-'))
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
      WEB_DIR: join(root, 'apps/web/dist'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break
      } catch {}
      await sleep(100)
    }
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    const token = ((await login.json()) as { token: string }).token
    for (let i = 0; i < 30; i++) {
      await fetch(`${base}/api/ticket`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          employee_name: 'bench',
          customer_add: `Customer ${i}`,
          reference: `REF-${i}`,
          depart_date: '2026-03-01',
          sector: 'LHE-DXB',
          airline: 'Emirates',
          adults: 0,
          children: 0,
          infants: 0,
          passport_detail: '[]',
          receivable_amount: 120000 + i,
          paid_cash: 50000,
          payable_to_vendor: 100000,
        }),
      })
    }

    console.log('/login, page + every asset it names (bytes on the wire)')
    for (const enc of ['identity', 'gzip', 'br, gzip']) {
      const { total, files } = await loginBytes(enc)
      console.log(
        `  Accept-Encoding ${enc.padEnd(9)} ${(total / 1024).toFixed(1).padStart(7)} kB in ${files} files`,
      )
    }

    const list = '/api/ticket?limit=25&offset=0'
    console.log(`cached list page ${list}, ${DURATION} s, 10 connections`)
    for (const enc of ['identity', 'gzip', 'br, gzip']) {
      const one = await rawGet(list, enc, token)
      const r = await autocannon({
        url: `${base}${list}`,
        connections: 10,
        duration: DURATION,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': enc },
      })
      console.log(
        `  Accept-Encoding ${enc.padEnd(9)} ${Math.round(r.requests.average).toLocaleString('en-US').padStart(7)} req/s  p99 ${r.latency.p99} ms  ${one.bytes.toLocaleString('en-US')} B (${one.encoding})${r.non2xx ? `  ${r.non2xx} non-2xx` : ''}`,
      )
    }
  } finally {
    server.kill('SIGTERM')
  }
}

await main()
