import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify'
import type { Db } from '../db/connect.ts'
import { compressAnswer } from '../plugins/compress.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request's answer may be kept in the answer cache. */
    cacheAnswer?: boolean
  }
}

/** All cached answers together; a big answer (an unpaged list of a whole table) is not kept. */
const MAX_TOTAL = 32 * 1024 * 1024
const MAX_ANSWER = 1024 * 1024

/**
 * Encoded answers of read-only GET routes, valid for one version of the database (see
 * plugins/db-version.ts). A page of 25 tickets costs ~350 µs to read, convert and serialize and
 * ~40 µs to send, and the office asks for the same first pages all day between writes. Any write
 * (by this server, another process, or a trigger) gives the database a new version and empties
 * the cache.
 */
class AnswerCache {
  #version: string | undefined
  #answers = new Map<string, Buffer>()
  #size = 0

  get(key: string, version: string): Buffer | undefined {
    if (version !== this.#version) {
      this.#answers.clear()
      this.#size = 0
      this.#version = version
      return undefined
    }
    return this.#answers.get(key)
  }

  /** Keeps `body` when it was built from the version the cache holds now. */
  set(key: string, version: string, body: string) {
    if (version !== this.#version || body.length > MAX_ANSWER || this.#answers.has(key)) return
    const bytes = Buffer.from(body)
    for (const [oldest, old] of this.#answers) {
      if (this.#size + bytes.length <= MAX_TOTAL) break
      this.#answers.delete(oldest)
      this.#size -= old.length
    }
    this.#answers.set(key, bytes)
    this.#size += bytes.length
  }
}

const routeOptions = new WeakMap<Db, RouteShorthandOptions>()

/**
 * Route options that answer a GET from the cache while the database is unchanged. The hooks run
 * after authentication, so only a signed-in, approved user ever gets a cached answer; only routes
 * whose answer depends on nothing but the URL may use them. Without a database version
 * (PostgreSQL has no cheap one to tell) every request is answered by its handler.
 */
export const cachedAnswers = (db: Db): RouteShorthandOptions => {
  let options = routeOptions.get(db)
  if (options) return options
  const cache = new AnswerCache()
  options = {
    preHandler: async (req: FastifyRequest, reply: FastifyReply) => {
      // Compressed after the cache keeps (or hands back) the plain body: see the onSend list.
      req.compressInRoute = true
      if (req.method !== 'GET' || req.dbVersion === null) return
      const hit = cache.get(req.url, req.dbVersion)
      if (hit !== undefined) return reply.type('application/json; charset=utf-8').send(hit)
      req.cacheAnswer = true
    },
    onSend: [
      async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        if (req.cacheAnswer && reply.statusCode === 200 && typeof payload === 'string') {
          // Filed under the version read as the request arrived, before any of its queries.
          cache.set(req.url, req.dbVersion as string, payload)
        }
        return payload
      },
      compressAnswer,
    ],
  }
  routeOptions.set(db, options)
  return options
}
