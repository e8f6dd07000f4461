import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

declare module 'fastify' {
  interface FastifyRequest {
    /** The route compresses in its own onSend, after the answer cache kept the plain body. */
    compressInRoute?: boolean
  }
}

/** Below this a JSON answer goes as it is: the headers would cost more than the bytes saved. */
export const COMPRESS_ABOVE = 1024

/** Brotli at quality 4 packs about as well as gzip -9 at gzip -6 speed; 11 would cost ~30x the CPU. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }

type Encoding = 'br' | 'gzip'

/** The encoding the client accepts, brotli first; q=0 refuses one. */
export const pickEncoding = (accept: string | undefined): Encoding | null => {
  if (!accept) return null
  const offered = new Map<string, number>()
  for (const part of accept.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean)
    offered.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const ok = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null
}

/**
 * Cached answers are the same Buffer on every hit (lib/answer-cache.ts), so each is compressed
 * once per encoding; the entries go with the Buffer when the cache drops it.
 */
const packed = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>()

/**
 * Past this an answer is compressed on libuv's threads, not the event loop (decision 131): brotli
 * of a 1 MB answer held every other request ~10-20 ms. Below it the thread hop costs more.
 */
const OFF_LOOP_ABOVE = 64 * 1024
const brotliOff = promisify(brotliCompress)
const gzipOff = promisify(gzip)

const compress = async (body: Buffer, encoding: Encoding): Promise<Buffer> => {
  if (body.length > OFF_LOOP_ABOVE) return encoding === 'br' ? brotliOff(body, BROTLI) : gzipOff(body)
  return encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body)
}

/** onSend: a JSON answer over 1 kB goes brotli- or gzip-compressed when the client accepts it. */
export const compressAnswer = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  const isText = typeof payload === 'string'
  if (!isText && !Buffer.isBuffer(payload)) return payload
  const type = String(reply.getHeader('content-type') ?? '')
  if (!type.includes('json') || reply.hasHeader('content-encoding')) return payload
  const size = isText ? Buffer.byteLength(payload) : payload.length
  if (size <= COMPRESS_ABOVE) return payload
  reply.header('vary', 'Accept-Encoding')
  const encoding = pickEncoding(req.headers['accept-encoding'])
  if (!encoding) return payload
  let out: Buffer
  if (isText) out = await compress(Buffer.from(payload), encoding)
  else {
    const known = packed.get(payload) ?? {}
    out = known[encoding] ?? (await compress(payload, encoding))
    known[encoding] = out
    packed.set(payload, known)
  }
  reply.header('content-encoding', encoding)
  reply.removeHeader('content-length')
  return out
}

/** Every route compresses its JSON answer here, except those that do it in their own onSend. */
export const registerCompression = (app: FastifyInstance) => {
  app.addHook('onSend', async (req, reply, payload) =>
    req.compressInRoute ? payload : compressAnswer(req, reply, payload),
  )
}
