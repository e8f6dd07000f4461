import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * The JavaScript a browser must fetch before the login page can render: the entry script,
 * its static imports (transitively), and the login route's lazy chunk with its static imports.
 * Chunks the entry or login only load dynamically (other screens) are not counted.
 */
export const loginJsSize = (distDir: string) => {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8')
  const entry = html.match(/<script[^>]+type="module"[^>]+src="\/?([^"]+)"/)?.[1]
  if (!entry) throw new Error(`no module script in ${distDir}/index.html`)
  const seen = new Set<string>()
  const visit = (file: string, followLogin: boolean) => {
    if (seen.has(file)) return
    const path = join(distDir, file)
    if (!existsSync(path)) return
    seen.add(file)
    const code = readFileSync(path, 'utf8')
    const dir = file.slice(0, file.lastIndexOf('/') + 1)
    // Static imports in Vite's minified output: import"./x.js" / from"./x.js".
    for (const m of code.matchAll(/(?:import|from)\s*["'](\.\/[^"']+\.js)["']/g)) {
      visit(dir + (m[1] as string).slice(2), false)
    }
    if (followLogin) {
      for (const m of code.matchAll(/import\(["'`](\.\/login-page[^"'`]*\.js)["'`]\)/g)) {
        visit(dir + (m[1] as string).slice(2), false)
      }
    }
  }
  visit(entry, true)
  // Vite may route dynamic imports through its preload helper with a deps array; find the login chunk by name.
  if (![...seen].some((f) => f.includes('login-page'))) {
    const login = findLoginChunk(distDir, [...seen])
    if (login) visit(login, false)
  }
  let raw = 0
  let gzip = 0
  for (const f of seen) {
    const buf = readFileSync(join(distDir, f))
    raw += buf.length
    gzip += gzipSync(buf, { level: 9 }).length
  }
  return { files: [...seen], raw, gzip }
}

const findLoginChunk = (distDir: string, loaded: string[]) => {
  for (const f of loaded) {
    const code = readFileSync(join(distDir, f), 'utf8')
    const m = code.match(/["'](?:\.\/|\/?assets\/)(login-page-[^"']+\.js)["']/)
    if (m) return `assets/${m[1]}`
  }
  return null
}
