import type { FastifyInstance } from 'fastify'
import { runOutside } from '../../platform/outside/outside-pool.ts'

/**
 * Past this a JSON body is parsed in an outside worker (decision 131): a statement's CSV sent in
 * JSON (400-600 kB for 5,000-10,000 lines) took the main thread 3-5 ms to join and parse, twice per
 * import (preview, then import), a wait for every request behind it. Smaller bodies are parsed
 * here, by the server's own parser, as everywhere else.
 */
const OFF_LOOP_ABOVE = 64 * 1024
const MODULE = new URL('./json-parse.ts', import.meta.url).href
const SLOW = 'The request body could not be read in time'

/** The scope's JSON bodies: large ones parsed off the main thread, any failure left to the default parser. */
export const parseLargeJsonOffLoop = (scope: FastifyInstance) => {
  const usual = scope.getDefaultJsonParser('error', 'error')
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const bytes = body as Buffer
    if (bytes.length <= OFF_LOOP_ABOVE) return usual(req, bytes.toString('utf8'), done)
    runOutside<{ value: unknown }>(
      {
        module: MODULE,
        fn: 'parseJson',
        arg: { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) },
        ms: 30_000,
        tooSlow: SLOW,
        tooBig: SLOW,
        field: 'file',
      },
      new AbortController().signal,
    ).then(
      (parsed) => done(null, parsed.value),
      // Malformed or refused: the default parser gives the answer it always gives.
      () => usual(req, bytes.toString('utf8'), done),
    )
  })
}
