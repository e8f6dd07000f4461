import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The repository root: benches start the server from it. */
export const root = fileURLToPath(new URL('..', import.meta.url))

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Starts `node --import tsx <args>` from the repository root and waits until `health` answers 2xx
 * (up to five minutes: a server upgrading or checking a large seeded file does that first). A
 * process that never answers is killed, so it cannot hold the port for the next bench.
 */
export const start = async (args: string[], env: Record<string, string>, health: string) => {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (let i = 0; i < 3000; i++) {
    try {
      if ((await fetch(health)).ok) return child
    } catch {}
    await sleep(100)
  }
  child.kill()
  throw new Error(`${args.join(' ')} did not start`)
}

/** SIGTERM, then wait for the exit (the server finishes its writes and closes the database). */
export const stop = async (child: ChildProcess) => {
  const done = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await done
}
