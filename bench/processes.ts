import { type ChildProcess, execSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root: benches start the server from it. */
export const root = fileURLToPath(new URL('..', import.meta.url))

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Starts `node --import tsx <args>` from the repository root (or `cwd`, another tree) and waits until `health` answers 2xx
 * (up to five minutes: a server upgrading or checking a large seeded file does that first). A
 * process that never answers is killed, so it cannot hold the port for the next bench.
 */
export const start = async (args: string[], env: Record<string, string>, health: string, cwd = root) => {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd,
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

/**
 * An earlier commit's tree for before/after benches: its sources from git, this tree's installed
 * packages, its own workspace links. Made once per commit under /tmp/booking-bench.
 */
export const exportPrevious = (commit: string) => {
  const dir = join('/tmp/booking-bench', `engine-prev-${commit}`)
  if (existsSync(join(dir, '.ready'))) return dir
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  execSync(`git -C ${root} archive ${commit} | tar -x -C ${dir}`)
  mkdirSync(join(dir, 'node_modules', '@booking'), { recursive: true })
  for (const name of readdirSync(join(root, 'node_modules')))
    if (name !== '@booking') symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name))
  for (const [name, target] of [
    ['server', 'apps/server'],
    ['shared', 'packages/shared'],
    ['web', 'apps/web'],
  ] as const)
    symlinkSync(join(dir, target), join(dir, 'node_modules', '@booking', name))
  writeFileSync(join(dir, '.ready'), '')
  return dir
}
