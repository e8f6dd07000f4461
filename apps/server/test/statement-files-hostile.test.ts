import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DB_KIND, freshDatabase } from './harness.ts'
import { HOSTILE_WORKBOOKS } from './hostile-files.ts'
import {
  call,
  freePort,
  login,
  ready,
  type ServerProcess,
  startServer,
  stopServer,
} from './server-process.ts'

/**
 * Issue 33 "Must show": every file of the table gets a 4xx within 2 s, the server stays alive and
 * its peak RSS (VmHWM, the whole process with its worker threads) stays below 512 MB; nothing is
 * stored. A real server process, so a crash or an abort is seen as one.
 */
let server: ServerProcess
let token: string
let bankId: number
let drop: () => Promise<void>

const peakRssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1])
  return kb / 1024
}

const upload = async (path: string, file: Buffer, name: string) => {
  const form = new FormData()
  form.append('file', new Blob([file]), name)
  const started = performance.now()
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  const body = (await res.json()) as { status: string; message: string; errors?: Record<string, string> }
  return { status: res.status, body, ms: performance.now() - started }
}

beforeAll(async () => {
  const db = await freshDatabase()
  drop = db.drop
  server = await ready(startServer(db.url, await freePort()))
  token = await login(server.url)
  const bank = await call(server.url, token, 'POST', '/api/admin/banks', { name: 'Hostile Bank' })
  bankId = bank.body.bank.id
}, 90_000)

afterAll(async () => {
  await stopServer(server)
  await drop()
})

describe(`hostile statement files (${DB_KIND})`, () => {
  for (const h of HOSTILE_WORKBOOKS)
    it(`${h.name}: a 4xx naming it within 2 s, the server alive, nothing stored`, async () => {
      const file = h.file()
      for (const route of ['statement-preview', 'statement-imports']) {
        const res = await upload(`/api/banks/${bankId}/${route}`, file, 'statement.xlsx')
        expect(res.status, `${route}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400)
        expect(res.status).toBeLessThan(500)
        expect(res.body.status).toBe('error')
        expect(res.body.errors?.file).toBe(res.body.message)
        expect(res.body.message).toMatch(/too large|too many|past the sheet|not well-formed|not a readable/)
        expect(res.ms, route).toBeLessThan(2000)
      }
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
      const imports = await call(server.url, token, 'GET', `/api/banks/${bankId}/statement-imports`)
      expect(imports.body.imports).toEqual([])
      expect(server.child.exitCode).toBeNull()
      const pid = server.child.pid
      if (pid === undefined) throw new Error('no server pid')
      expect(peakRssMb(pid)).toBeLessThan(512)
    })

  it('a CSV of 200,000 lines is refused by name (413), a line of 100 columns and a 6 MB file too', async () => {
    const rows = await upload(
      `/api/banks/${bankId}/statement-preview`,
      Buffer.from('1,2\n'.repeat(200_000)),
      's.csv',
    )
    expect(rows.status).toBe(413)
    expect(rows.body.message).toBe('The file has too many rows (at most 100,000)')
    const cols = await upload(
      `/api/banks/${bankId}/statement-preview`,
      Buffer.from(`${'1,'.repeat(100)}\n`),
      's.csv',
    )
    expect(cols.status).toBe(413)
    expect(cols.body.message).toBe('The file has too many columns (at most 64)')
    const big = await upload(
      `/api/banks/${bankId}/statement-preview`,
      Buffer.alloc(6 * 1024 * 1024, 'a'),
      's.csv',
    )
    expect(big.status).toBe(413)
    expect(big.body.message).toBe('The file is too large: a statement file may be at most 5 MB')
    expect(peakRssMb(server.child.pid ?? 0)).toBeLessThan(512)
  })
})
