import { REQUESTABLE_SPECS } from '@booking/shared'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { ocrAssets } from './build/ocr-assets.ts'
import { serviceWorker } from './build/service-worker.ts'

/**
 * The `mrz` package reads pasted MRZ lines on the server (packages/shared/src/mrz.ts). The web app
 * imports that module only for types and `mrzPassenger`; marked free of side effects, the
 * package's modules drop out of the browser bundle instead of adding its country table to it.
 */
const mrzPackagePure = (): Plugin => ({
  name: 'booking-mrz-package-pure',
  transform(code, id) {
    if (/[\\/]node_modules[\\/]mrz[\\/]/.test(id)) return { code, map: null, moduleSideEffects: false }
  },
})

/**
 * The record types an agent may request (their RecordSpecs' `request`, decision 114), written into
 * the bundle at build time: the agent's desk names them without loading every record's schema
 * (decision 118, the desk's own small bundle). `src/lib/request-kinds.ts` reads it.
 */
const REQUEST_KINDS = REQUESTABLE_SPECS.flatMap((s) =>
  s.request ? [{ kind: s.formType, name: s.name, ur: s.request.ur, desk: s.request.desk }] : [],
)

export default defineConfig({
  define: { __REQUEST_KINDS__: JSON.stringify(REQUEST_KINDS) },
  plugins: [react(), tailwindcss(), ocrAssets(), mrzPackagePure(), serviceWorker()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { reportCompressedSize: true, chunkSizeWarningLimit: 600 },
})
