import { copyFileSync, createReadStream, existsSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'

/**
 * The passport photo reader's files, from the npm packages (never a CDN at run time): the
 * tesseract.js worker, its LSTM-only wasm cores (the worker picks relaxed-SIMD, SIMD or plain)
 * and the English "best_int" language data. Copied into the build under /ocr/ and served from
 * node_modules by the dev server; the web app sets workerPath, corePath and langPath to them.
 */
const require = createRequire(import.meta.url)
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`))

export const OCR_FILES: Record<string, string> = {
  'worker.min.js': join(packageDir('tesseract.js'), 'dist/worker.min.js'),
  ...Object.fromEntries(
    [
      'tesseract-core-lstm.wasm.js',
      'tesseract-core-simd-lstm.wasm.js',
      'tesseract-core-relaxedsimd-lstm.wasm.js',
    ].map((f) => [`core/${f}`, join(packageDir('tesseract.js-core'), f)]),
  ),
  'lang/eng.traineddata.gz': join(packageDir('@tesseract.js-data/eng'), '4.0.0_best_int/eng.traineddata.gz'),
}

export const ocrAssets = (): Plugin => {
  let outDir = 'dist'
  let command: 'build' | 'serve' = 'build'
  return {
    name: 'booking-ocr-assets',
    configResolved(config) {
      outDir = config.build.outDir
      command = config.command
    },
    configureServer(server) {
      server.middlewares.use('/ocr/', (req, res, next) => {
        const file = OCR_FILES[(req.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '']
        if (!file || !existsSync(file)) return next()
        res.setHeader('Content-Type', file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream')
        createReadStream(file).pipe(res)
      })
    },
    closeBundle() {
      // Only a build writes files: a dev or test server (Vitest's outDir is
      // 'dummy-non-existing-folder') closes its bundle too, and must leave nothing in the repository.
      if (command !== 'build') return
      for (const [to, from] of Object.entries(OCR_FILES)) {
        const target = join(outDir, 'ocr', to)
        mkdirSync(dirname(target), { recursive: true })
        copyFileSync(from, target)
      }
    },
  }
}
