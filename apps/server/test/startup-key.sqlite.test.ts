import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'booking-key-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Runs the real server start on a fresh SQLite file; resolves with its exit code and output. */
const start = (name: string, key: string | Buffer | null, env: Record<string, string> = {}) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const file = join(dir, `${name}.db`)
    if (key !== null) writeFileSync(`${file}.jwt-key`, key, { mode: 0o600 })
    const { JWT_SECRET: _unset, ...inherited } = process.env
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...inherited,
        DATABASE_URL: `sqlite:${file}`,
        PORT: '0',
        LOG: 'off',
        WEB_DIR: '/nonexistent',
        BACKUP_HOUR: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    // A server that starts is a failure of the test; stop it after a while so the test ends.
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })

const oneLine = (output: string) => {
  const lines = output.trim().split('\n')
  expect(lines, output).toHaveLength(1)
  expect(output).not.toMatch(/\n\s+at /)
  return lines[0]!
}

describe('a token key that cannot be used stops the start with one line', () => {
  it('a key file of binary garbage', async () => {
    const { code, output } = await start('garbage', randomBytes(96))
    expect(code).toBe(1)
    expect(oneLine(output)).toMatch(
      /^Booking System cannot start: .*garbage\.db\.jwt-key is not a key \(it holds binary or non-printable characters\): .*Delete it/,
    )
  }, 40_000)

  it('a key file too short to be a key', async () => {
    const { code, output } = await start('short', 'abc\n')
    expect(code).toBe(1)
    expect(oneLine(output)).toMatch(
      /^Booking System cannot start: .*short\.db\.jwt-key is too short \(3 characters\)/,
    )
  }, 40_000)

  it('a JWT_SECRET shorter than 32 characters', async () => {
    const { code, output } = await start('secret', null, { JWT_SECRET: 'too-short' })
    expect(code).toBe(1)
    expect(oneLine(output)).toMatch(
      /^Booking System cannot start: JWT_SECRET must be at least 32 characters long/,
    )
  }, 40_000)
})
