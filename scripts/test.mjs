// `npm test`: typecheck, lint, unit + API tests on SQLite, the same API tests on PostgreSQL,
// web build, browser tests in Chromium. Runs every step and prints one summary line.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { pgAvailable, start as startPg } from './pg-cluster.mjs'

const root = new URL('..', import.meta.url).pathname
const only = process.argv.slice(2)
const results = []

const step = (name, cmd, args, env = {}) => {
  if (only.length && !only.includes(name)) return
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`)
  const t = Date.now()
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...env } })
  const ok = r.status === 0
  results.push({ name, ok, seconds: Math.round((Date.now() - t) / 1000) })
  return ok
}

const ensureChromium = () => {
  const bin = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (existsSync(bin)) return true
  if (process.getuid?.() === 0) {
    console.log('Chromium is missing: installing Debian package "chromium" with apt-get...')
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit' })
    } catch {
      /* reported below */
    }
  }
  if (existsSync(bin)) return true
  console.error(
    `Browser tests need Chromium at ${bin}: run "sudo apt-get install -y chromium" (or set CHROMIUM_PATH).`,
  )
  return false
}

step('typecheck', 'npx', ['tsc', '-b'])
step('lint', 'npx', ['biome', 'check', '.'])
step('unit+api (sqlite)', 'npx', ['vitest', 'run'], { TEST_DB: 'sqlite' })

if (!only.length || only.includes('api (postgres)')) {
  let url = process.env.TEST_DATABASE_URL
  let cluster = null
  if (!url && pgAvailable()) {
    cluster = await startPg()
    url = cluster.url
  }
  if (url) {
    try {
      // *.sqlite.test.ts hold what only SQLite has (its files, its start-up checks, kill -9 of its writer).
      step(
        'api (postgres)',
        'npx',
        ['vitest', 'run', 'apps/server/test', '--exclude', '**/*.sqlite.test.ts'],
        {
          TEST_DB: 'postgres',
          TEST_DATABASE_URL: url,
        },
      )
    } finally {
      cluster?.stop()
    }
  } else {
    console.error(
      '\n!!! PostgreSQL tests NOT run: set TEST_DATABASE_URL or install PostgreSQL (initdb, pg_ctl). !!!\n',
    )
    results.push({ name: 'api (postgres)', ok: false, seconds: 0 })
  }
}

step('build web', 'npm', ['run', 'build', '-w', 'apps/web'])
if (!only.length || only.includes('browser')) {
  if (ensureChromium()) step('browser', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'])
  else results.push({ name: 'browser', ok: false, seconds: 0 })
}

const failed = results.filter((r) => !r.ok)
console.log('\n=== Summary')
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds}s)`)
console.log(
  failed.length
    ? `npm test: ${failed.length} of ${results.length} steps FAILED (${failed.map((r) => r.name).join(', ')})`
    : `npm test: all ${results.length} steps passed`,
)
process.exit(failed.length ? 1 : 0)
