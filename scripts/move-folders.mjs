// Moves files or folders with `git mv` and rewrites every relative import that points into or out of
// them, so a move commit holds only renames and import paths (decision 076). Run from the repo root:
//   node scripts/move-folders.mjs apps/server/src/areas/banks=apps/server/src/areas/readers/banks ...
// With --repair first, it moves nothing: after merging a branch written against the old paths, it
// points every relative import that no longer resolves at where its target moved to (reading it as
// written from the importer's old place when the importer itself moved).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, posix } from 'node:path'

const repair = process.argv[2] === '--repair'
const moves = process.argv.slice(repair ? 3 : 2).map((a) => a.split('='))
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

/** Where a repository path was before the moves. */
const unmoved = (p) => {
  for (const [from, to] of moves) {
    if (p === to) return from
    if (p.startsWith(`${to}/`)) return from + p.slice(to.length)
  }
  return p
}

// Static, dynamic and re-export specifiers, and worker URLs (new URL('./x.mjs', import.meta.url)).
const SPECIFIER = /((?:\bfrom|\bimport)\s*\(?\s*['"]|new URL\(\s*['"])(\.{1,2}\/[^'"]+)(['"])/g

const relativeTo = (file, target) => {
  const rel = posix.relative(posix.dirname(file), target)
  return rel.startsWith('.') ? rel : `./${rel}`
}

if (repair) {
  let fixed = 0
  for (const file of files) {
    const source = readFileSync(file, 'utf8')
    const out = source.replace(SPECIFIER, (all, before, spec, after) => {
      if (existsSync(posix.join(posix.dirname(file), spec))) return all
      const target = moved(posix.normalize(posix.join(posix.dirname(unmoved(file)), spec)))
      if (!existsSync(target)) return all
      fixed++
      return before + relativeTo(file, target) + after
    })
    if (out !== source) writeFileSync(file, out)
  }
  console.log(`repaired ${fixed} imports`)
  process.exit(0)
}

const rewritten = []
for (const file of files) {
  const source = readFileSync(file, 'utf8')
  const to = moved(file)
  const out = source.replace(SPECIFIER, (all, before, spec, after) => {
    const rel = relativeTo(to, moved(posix.normalize(posix.join(posix.dirname(file), spec))))
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
