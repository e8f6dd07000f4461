import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin, Rollup } from 'vite'
import { DESK_CACHE } from '../src/lib/desk-cache.ts'

type OutputBundle = Rollup.OutputBundle
type OutputChunk = Rollup.OutputChunk

/** The screens an installed app opens first, kept for offline use with the entry (decision 117). */
const FIRST_SCREENS = [/features[\\/]portal[\\/]page\.tsx$/, /features[\\/]auth[\\/]login-page\.tsx$/]
/** Public files the shell shows (the OCR files stay out: megabytes fetched only when a photo is read). */
const PUBLIC_SHELL = ['/manifest.webmanifest', '/logo.svg', '/icon-192.png', '/apple-touch-icon.png']

interface ChunkMeta {
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> }
}

/** A chunk, its static imports and their CSS, as absolute paths. */
const closure = (bundle: OutputBundle, start: OutputChunk, into: Set<string>) => {
  const visit = (chunk: OutputChunk) => {
    const path = `/${chunk.fileName}`
    if (into.has(path)) return
    into.add(path)
    for (const css of (chunk as OutputChunk & ChunkMeta).viteMetadata?.importedCss ?? []) into.add(`/${css}`)
    for (const name of chunk.imports) {
      const next = bundle[name]
      if (next?.type === 'chunk') visit(next)
    }
  }
  visit(start)
}

/**
 * Writes /sw.js from build/sw.js: the worker's version is a hash of every file of the build and of
 * public/, so any new build installs a new worker with a new cache and drops the old one.
 */
export const serviceWorker = (): Plugin => {
  let publicDir = ''
  return {
    name: 'booking-service-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir
    },
    generateBundle(_options, bundle) {
      const shell = new Set<string>(['/index.html', ...PUBLIC_SHELL])
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue
        const id = file.facadeModuleId ?? ''
        if (file.isEntry || FIRST_SCREENS.some((re) => re.test(id))) closure(bundle, file, shell)
      }
      const template = readFileSync(new URL('./sw.js', import.meta.url), 'utf8')
      const hash = createHash('sha256').update(template)
      for (const name of Object.keys(bundle).sort()) hash.update(name)
      for (const name of readdirSync(publicDir).sort())
        hash.update(name).update(readFileSync(join(publicDir, name)))
      const source = template
        .replace("'__VERSION__'", JSON.stringify(hash.digest('hex').slice(0, 12)))
        .replace("'__DESK_CACHE__'", JSON.stringify(DESK_CACHE))
        .replace("['__SHELL__']", JSON.stringify([...shell].sort()))
      this.emitFile({ type: 'asset', fileName: 'sw.js', source })
    },
  }
}
