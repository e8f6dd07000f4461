import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

// The import graph of the repository's own source files, read from their import statements, for
// the fences (layers.test.ts, import-cycles.test.ts): a new file is covered without a list.

export const ROOT = resolve(import.meta.dirname, '../../..')

/** Source files under a folder (repository paths), tests excluded. */
export const sourceFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|e2e)\.tsx?$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

/** A relative specifier as the file it names (imports may leave out the extension). */
const resolveFile = (from: string, spec: string): string => {
  const base = resolve(ROOT, dirname(from), spec)
  const hit = EXTENSIONS.map((e) => base + e).find((p) => existsSync(p) && /\.tsx?$/.test(p))
  return relative(ROOT, hit ?? base)
}

/** Every relative import (static, dynamic, re-export) of a file, as repository paths. */
export const importsOf = (file: string): string[] =>
  [
    ...readFileSync(join(ROOT, file), 'utf8').matchAll(
      /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    ),
  ].map((m) => resolveFile(file, m[1]))

/** Type-only imports vanish at run time but still tie modules together for a reader: counted. */
export const edgesOf = (files: readonly string[]): Array<readonly [string, string]> => {
  const known = new Set(files)
  return files.flatMap((f) =>
    importsOf(f)
      .filter((t) => known.has(t))
      .map((t) => [f, t] as const),
  )
}

/** Strongly connected components of more than one file (Tarjan), each sorted: the import cycles. */
export const cycles = (edges: ReadonlyArray<readonly [string, string]>): string[][] => {
  const next = new Map<string, string[]>()
  for (const [a, b] of edges) next.set(a, [...(next.get(a) ?? []), b])
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let counter = 0
  const visit = (v: string): void => {
    index.set(v, counter)
    low.set(v, counter)
    counter++
    stack.push(v)
    onStack.add(v)
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0))
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = []
      let w: string | undefined
      do {
        w = stack.pop()
        if (w === undefined) break
        onStack.delete(w)
        scc.push(w)
      } while (w !== v)
      if (scc.length > 1 || (next.get(v) ?? []).includes(v)) found.push(scc.sort())
    }
  }
  for (const v of next.keys()) if (!index.has(v)) visit(v)
  return found
}
