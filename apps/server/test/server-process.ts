import { type ChildProcess, spawn } from 'node:child_process'
import { type AddressInfo, createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

/** Real server processes (src/main.ts under tsx) for tests that kill, restart or run two at once. */
const root = fileURLToPath(new URL('../../..', import.meta.url))

export const ADMIN = { email: 'proc-admin@test.local', password: 'Proc-Admin-Pass-7qLx2' }
/** Long enough for any rule on JWT_SECRET; the same for every process, so tokens work on all. */
const JWT_SECRET = 'process-test-secret-0123456789abcdef0123456789abcdef0123456789'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export interface ServerProcess {
  child: ChildProcess
  url: string
  /** Everything the process printed, stdout and stderr. */
  output: () => string
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>
}

/**
 * What a test's server process starts with: its database and port, quiet, no web files, the test
 * admin, sign-ins not rate-limited; `env` over that. One copy for every test that spawns the server,
 * directly or under the supervisor.
 */
export const serverEnv = (databaseUrl: string, port: number, env: Record<string, string> = {}) => ({
  ...process.env,
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG: 'off',
  WEB_DIR: '/nonexistent',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  JWT_SECRET,
  LOGIN_RATE_MAX: '100000',
  ...env,
})

export const startServer = (
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
): ServerProcess => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: serverEnv(databaseUrl, port, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (d) => {
    out += d
  })
  child.stderr!.on('data', (d) => {
    out += d
  })
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  )
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, exited }
}

/** Waits until the process answers /api/health, or throws with what it printed. */
export const ready = async (server: ServerProcess, timeoutMs = 60_000) => {
  let done: number | string | undefined
  void server.exited.then((c) => {
    done = c
  })
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (done !== undefined)
      throw new Error(`server exited (${done}) before it was ready:\n${server.output()}`)
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return server
    } catch {}
    await sleep(50)
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${server.output()}`)
}

/** Waits until the process printed `text`. */
export const printed = async (server: ServerProcess, text: string, timeoutMs = 60_000) => {
  const until = Date.now() + timeoutMs
  while (!server.output().includes(text)) {
    if (Date.now() > until) throw new Error(`no "${text}" after ${timeoutMs} ms:\n${server.output()}`)
    await sleep(20)
  }
}

export const stopServer = async (server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') => {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal)
  return server.exited
}

/** A token for the admin the processes create at start. */
export const login = async (url: string) => {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const body = (await res.json()) as { token?: string }
  if (!body.token) throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`)
  return body.token
}

/** A JSON call with a bearer token; a dropped connection (a killed server) is status 0. */
export const call = async (url: string, token: string, method: string, path: string, body?: unknown) => {
  try {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    let parsed: any = text
    try {
      parsed = JSON.parse(text)
    } catch {}
    return { status: res.status, body: parsed }
  } catch {
    return { status: 0, body: null }
  }
}

/** A port nothing listens on now (the OS picks it). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo
      s.close(() => resolve(port))
    })
  })
