// Moves files or folders with `git mv` and rewrites every relative import that points into or out of
// them, so a move commit holds only renames and import paths (decision 076). Run from the repo root:
//   node scripts/move-folders.mjs apps/server/src/areas/banks=apps/server/src/areas/readers/banks ...
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, posix } from 'node:path'

const moves = process.argv.slice(2).map((a) => a.split('='))
if (!moves.length || moves.some((m) => m.length !== 2)) {
  console.error('usage: node scripts/move-folders.mjs <old>=<new> ...')
  process.exit(1)
}
const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|mts|mjs|js)$/.test(f))

/** Where a repository path is after the moves. */
const moved = (p) => {
  for (const [from, to] of moves) {
    if (p === from) return to
    if (p.startsWith(`${from}/`)) return to + p.slice(from.length)
  }
  return p
}

// Static, dynamic and re-export specifiers, and worker URLs (new URL('./x.mjs', import.meta.url)).
const SPECIFIER = /((?:\bfrom|\bimport)\s*\(?\s*['"]|new URL\(\s*['"])(\.{1,2}\/[^'"]+)(['"])/g

const rewritten = []
for (const file of files) {
  const source = readFileSync(file, 'utf8')
  const to = moved(file)
  const out = source.replace(SPECIFIER, (all, before, spec, after) => {
    const target = moved(posix.normalize(posix.join(posix.dirname(file), spec)))
    let rel = posix.relative(posix.dirname(to), target)
    if (!rel.startsWith('.')) rel = `./${rel}`
    return rel === spec ? all : before + rel + after
  })
  if (out !== source) rewritten.push([to, out])
}
for (const [from, to] of moves) {
  mkdirSync(dirname(to), { recursive: true })
  execFileSync('git', ['mv', from, to])
}
for (const [file, out] of rewritten) writeFileSync(file, out)
console.log(`moved ${moves.length}, rewrote imports in ${rewritten.length} files`)
