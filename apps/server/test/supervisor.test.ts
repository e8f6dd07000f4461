import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { DB_KIND, freshDatabase } from './harness.ts'
import { freePort, serverEnv } from './server-process.ts'

/**
 * Issue 33 item 7: `npm start` runs the server under scripts/supervise.mjs, which starts it again
 * after a crash and says so; a server that fails to start is not restarted (its code is passed on).
 */
const root = fileURLToPath(new URL('../../..', import.meta.url))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const drops: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const d of drops) await d()
})

const supervised = (databaseUrl: string, port: number, env: Record<string, string> = {}) => {
  const child = spawn(
    process.execPath,
    ['scripts/supervise.mjs', process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: root,
      env: serverEnv(databaseUrl, port, { BACKUP_HOUR: 'off', ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let out = ''
  child.stdout.on('data', (d) => {
    out += d
  })
  child.stderr.on('data', (d) => {
    out += d
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const waitFor = async (re: RegExp, from = 0, ms = 60_000) => {
    const until = Date.now() + ms
    for (;;) {
      const m = re.exec(out.slice(from))
      if (m) return m
      if (Date.now() > until) throw new Error(`no ${re} after ${ms} ms:\n${out}`)
      await sleep(50)
    }
  }
  return { child, exited, waitFor, output: () => out }
}

describe(`npm start's supervisor (${DB_KIND})`, () => {
  it('restarts the server after a crash, says so, and stops with it on SIGTERM', async () => {
    const db = await freshDatabase()
    drops.push(db.drop)
    const port = await freePort()
    const s = supervised(db.url, port)
    const first = await s.waitFor(/server ready \(pid (\d+)\)/)
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200)
    const after = s.output().length
    process.kill(Number(first[1]), 'SIGKILL')
    await s.waitFor(/the server stopped unexpectedly \(signal SIGKILL\); restarting it in 1 s/, after - 1)
    const second = await s.waitFor(/server ready \(pid (\d+)\)/, after)
    expect(second[1]).not.toBe(first[1])
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200)
    s.child.kill('SIGTERM')
    expect(await s.exited).toBe(0)
    await sleep(200)
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow()
  }, 120_000)

  it('does not restart a server that cannot start; its exit code is passed on', async () => {
    const db = await freshDatabase()
    drops.push(db.drop)
    const s = supervised(db.url, await freePort(), { JWT_SECRET: 'short' })
    expect(await s.exited).toBe(1)
    expect(s.output()).toContain('Booking System cannot start')
    expect(s.output()).not.toContain('restarting')
  }, 60_000)
})
