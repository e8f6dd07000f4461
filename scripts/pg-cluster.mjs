// Starts a throwaway PostgreSQL cluster (as the postgres user when run as root) in a temp folder on a
// free port. Exports start() -> { url, stop() }.
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const findBin = () => {
  const base = '/usr/lib/postgresql'
  if (existsSync(base)) {
    for (const v of readdirSync(base).sort().reverse()) {
      const bin = join(base, v, 'bin')
      if (existsSync(join(bin, 'initdb'))) return bin
    }
  }
  const which = spawnSync('which', ['initdb'], { encoding: 'utf8' })
  return which.status === 0 ? join(which.stdout.trim(), '..') : null
}

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })

export const pgAvailable = () => findBin() !== null

export const start = async () => {
  const bin = findBin()
  if (!bin) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found')
  const dir = mkdtempSync(join(tmpdir(), 'booking-pg-'))
  chmodSync(dir, 0o777)
  const asRoot = process.getuid?.() === 0
  const run = (cmd, args) => {
    const full = asRoot ? ['-u', 'postgres', '--', join(bin, cmd), ...args] : args
    execFileSync(asRoot ? 'runuser' : join(bin, cmd), full, { stdio: 'pipe' })
  }
  const data = join(dir, 'data')
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
  const port = await freePort()
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
    'start',
  ])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
