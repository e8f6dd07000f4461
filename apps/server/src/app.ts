import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { HealthAnswer } from '@booking/shared'
import fastifyStatic from '@fastify/static'
import swagger, { type StaticDocumentSpec } from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance } from 'fastify'
import helmet from 'helmet'
import { recordAreas } from './areas/index.ts'
import { authRoutes } from './areas/platform/auth/routes.ts'
import { accountRoutes } from './areas/platform/trust/accounts.ts'
import { backupRoutes } from './areas/platform/trust/backups.ts'
import { correctionRoutes } from './areas/platform/trust/corrections.ts'
import { historyRoutes } from './areas/platform/trust/history.ts'
import { documentTrust } from './areas/platform/trust/openapi.ts'
import { saleRequestRoutes } from './areas/platform/trust/sale-requests.ts'
import { publicShareRoutes } from './areas/readers/collect/shares.ts'
import { type BackfillProgress, backfillBooks } from './books/backfill.ts'
import { repostBankCharges } from './books/bank-charges-repost.ts'
import { backfillCosts } from './books/cost-backfill.ts'
import { connect, type Db } from './db/connect.ts'
import { migrateToLatest } from './db/migrate.ts'
import { drainSearchQueue, queuedForSearch, startSearchIndexer } from './db/search-queue.ts'
import { backupDirFor, markServerUsing, retentionFromEnv, sqlitePathOf } from './lib/backups.ts'
import { openApiDocument } from './lib/openapi.ts'
import { registerRouteSchemas } from './lib/route-schemas.ts'
import { registerTextGuard } from './lib/validate.ts'
import { registerAuth } from './plugins/auth.ts'
import { registerCompression } from './plugins/compress.ts'
import { registerDbVersion } from './plugins/db-version.ts'
import { registerErrorHandler } from './plugins/errors.ts'

export interface AppOptions {
  /** `sqlite:PATH` or `postgres://...`; default ./data/booking.db. */
  databaseUrl?: string
  jwtSecret?: string
  /** false: no log; true: Fastify's default (info to stdout); or a level and an optional file. */
  logger?: boolean | { level: string; file?: string }
  /** Folder of the built web app; served with SPA fallback when it exists. */
  webDir?: string | null
  loginRateMax?: number
  /** Missed share-link tokens per minute per address before it is refused (429); default 30. */
  shareRateMax?: number
  /** Sign-ups per minute per address; default 5. */
  signupRateMax?: number
  /** SQLite: how often queued rows are moved into the search index (0: only at start). Default 250. */
  searchIndexEveryMs?: number
  /** Aborted by SIGINT/SIGTERM during start-up: the migration in progress rolls back. */
  signal?: AbortSignal
  /** Where backups go; default BACKUP_DIR or `backups/` beside the SQLite file. */
  backupDir?: string
  /** Tests only: records per committed chunk of the books' upgrade, and a look at each chunk. */
  backfillChunk?: number
  onBackfillProgress?: (progress: BackfillProgress) => void
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
  }
}

export const buildApp = async (opts: AppOptions = {}): Promise<FastifyInstance> => {
  const db = connect(opts.databaseUrl)
  try {
    await migrateToLatest(db, {
      signal: opts.signal,
      onApply: (name) => opts.logger && console.log(`Applying database migration ${name}...`),
    })
  } catch (err) {
    await db.destroy()
    throw err
  }
  // Rows queued while no server ran (a bulk import, a fresh migration) are indexed before serving.
  // Outside any plugin, a committed chunk at a time (a stop resumes it), with progress when long.
  const queued = await queuedForSearch(db)
  let toldSearch = 0
  await drainSearchQueue(db, {
    stopped: () => opts.signal?.aborted ?? false,
    onProgress: (done) => {
      if (queued < 10_000 || (done < queued && performance.now() - toldSearch < 2_000)) return
      toldSearch = performance.now()
      console.log(
        `Indexing rows for search (upgrade): ${Math.min(done, queued).toLocaleString('en-US')} of ${queued.toLocaleString('en-US')}`,
      )
    },
  })
  const stopIndexer = startSearchIndexer(db, opts.searchIndexEveryMs ?? 250)

  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: 1024 * 1024 })
  app.decorate('db', db)
  const dbFile = sqlitePathOf(opts.databaseUrl)
  // `npm run restore` refuses while this marker names a live process.
  const releaseFile = dbFile ? markServerUsing(dbFile) : () => {}
  app.addHook('onClose', async () => {
    await stopIndexer()
    await db.destroy()
    releaseFile()
  })
  registerErrorHandler(app)
  registerRouteSchemas(app)

  // Built once: @fastify/helmet rebuilt this middleware (re-parsing the CSP) on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        // The passport photo reader (tesseract.js) compiles its WebAssembly core; nothing else may eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // The app is served over plain HTTP on the office network; upgrading would break it.
        upgradeInsecureRequests: null,
      },
    },
  })
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  )
  registerDbVersion(app, db)
  registerCompression(app)
  await registerAuth(app, db, { jwtSecret: opts.jwtSecret, databaseUrl: opts.databaseUrl })

  registerTextGuard(app)

  await app.register(
    async (api) => {
      // Answers carry other people's bookings and tokens: no browser or proxy may keep them.
      api.addHook('onSend', async (_req, reply, payload) => {
        reply.header('Cache-Control', 'no-store')
        return payload
      })
      api.get('/health', { schema: { response: { 200: HealthAnswer } } }, async () => ({ status: 'ok' }))
      await authRoutes(api, db, {
        loginRateMax: opts.loginRateMax ?? 20,
        signupRateMax: opts.signupRateMax ?? 5,
      })
      for (const area of recordAreas) await area(api, db)
      await accountRoutes(api, db)
      await historyRoutes(api, db)
      await correctionRoutes(api, db)
      await saleRequestRoutes(api, db)
      documentTrust()
      await backupRoutes(api, {
        dbFile,
        dir: opts.backupDir ?? backupDirFor(dbFile ?? './data/booking.db'),
        keep: retentionFromEnv(),
        db,
      })
      api.all('/*', async (_req, reply) => reply.code(404).send({ status: 'error', message: 'Not found' }))
    },
    { prefix: '/api' },
  )
  // Statement share links (issue 25): public pages outside /api, no session.
  await publicShareRoutes(app, db, { rateMax: opts.shareRateMax ?? 30 })
  // Outside every plugin (after the areas registered their posters, before listening): no plugin
  // timeout can stop it, and it commits chunk by chunk, so a stop resumes where it was (decision 040).
  let told = 0
  await backfillBooks(db, {
    signal: opts.signal,
    chunk: opts.backfillChunk,
    onProgress: (progress) => {
      opts.onBackfillProgress?.(progress)
      const { done, total, finished } = progress
      if (total === 0 || (!finished && performance.now() - told < 2_000)) return
      told = performance.now()
      console.log(
        `Posting existing records to the books (upgrade): ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} (${Math.floor((done * 100) / total)} %)`,
      )
    },
  })
  // Costs that earlier releases never posted (decision 053): chunked and resumable like the above.
  await backfillCosts(db)
  await repostBankCharges(db)
  // Built after the areas registered, from the same zod schemas that validate requests.
  await app.register(swagger, {
    mode: 'static',
    specification: { document: openApiDocument() as StaticDocumentSpec['document'] },
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })

  const webDir = opts.webDir === undefined ? null : opts.webDir
  if (webDir && existsSync(join(webDir, 'index.html'))) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    // Hashed assets are immutable; index.html must be revalidated to pick up a new build.
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz beside each asset (scripts/precompress.mjs); chosen by Accept-Encoding, with Vary.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    })
    // Client-side routes (/tickets, /admin/...) load the app shell; a missing file stays a 404.
    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0]
      const isRoute = !path.startsWith('/api') && !path.startsWith('/assets/') && !/\.[a-z0-9]+$/i.test(path)
      if (req.method === 'GET' && isRoute) return reply.type('text/html').sendFile('index.html')
      return reply.code(404).send({ status: 'error', message: 'Not found' })
    })
  }
  return app
}
