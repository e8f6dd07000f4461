// `npm start`: builds the web app when it is missing or stale, then serves web + API under the
// supervisor (supervise.mjs), which starts the server again if it crashes and says so.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { supervise } from './supervise.mjs'

const root = new URL('..', import.meta.url).pathname
const dist = join(root, 'apps/web/dist/index.html')

const newest = (dir) => {
  let t = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue
    const p = join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return t
}

const stale =
  !existsSync(dist) ||
  statSync(dist).mtimeMs <
    Math.max(newest(join(root, 'apps/web/src')), newest(join(root, 'packages/shared/src')))
if (stale) {
  console.log('Building the web app...')
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit', cwd: root })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
process.exit(await supervise(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root }))
