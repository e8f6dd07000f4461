import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// Issue 32 item 6: "NAVTCC, GAMCA and Umrah each appear in at most 10 application files (comments
// and tests excluded)". A type's lists are derived from RECORD_SPECS, so a name written in another
// file is a parallel list coming back. Read from the sources, so a new file is counted.

const ROOT = resolve(import.meta.dirname, '../../..')
const DIRS = ['apps/server/src', 'apps/web/src', 'packages/shared/src']
const NAMES = ['navtcc', 'gamca', 'umrah'] as const
const LIMIT = 10

const sources = () =>
  DIRS.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
      .map((e) => relative(ROOT, join(e.parentPath, e.name))),
  ).filter((f) => !f.includes('/migrations/') && !f.endsWith('/test-data.ts'))

/** The code of a source: block comments and line comments removed (a `//` inside a URL kept). */
export const codeOf = (text: string): string =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.replace(/(^|[^:'"`\\])\/\/.*$/, '$1'))
    .join('\n')

/** For each name, the files whose code says it (case-insensitive). */
export const filesNaming = (files: ReadonlyArray<{ file: string; text: string }>) =>
  Object.fromEntries(
    NAMES.map((name) => [
      name,
      files.filter(({ text }) => codeOf(text).toLowerCase().includes(name)).map((f) => f.file),
    ]),
  ) as Record<(typeof NAMES)[number], string[]>

describe('a type in ten files', () => {
  it('names NAVTCC, GAMCA and Umrah in at most ten application files each', () => {
    const files = sources().map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }))
    expect(files.length).toBeGreaterThan(200)
    const found = filesNaming(files)
    for (const name of NAMES) {
      expect({ name, files: found[name].length <= LIMIT ? [] : found[name] }).toEqual({ name, files: [] })
    }
  })

  it('counts code, not comments', () => {
    const found = filesNaming([
      { file: 'a.ts', text: "// GAMCA's bank title\nconst x = 1" },
      { file: 'b.ts', text: "/* Umrah\n packages */\nconst y = 'https://x'" },
      { file: 'c.ts', text: "const t = 'gamca' // GAMCA" },
      { file: 'd.ts', text: "const u = base + '/Umrah'" },
    ])
    expect(found).toEqual({ navtcc: [], gamca: ['c.ts'], umrah: ['d.ts'] })
  })
})
