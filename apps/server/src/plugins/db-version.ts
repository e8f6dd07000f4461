import type { FastifyInstance } from 'fastify'
import { changeVersion, type Db } from '../db/connect.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The database's version when the request arrived (SQLite); null on PostgreSQL. */
    dbVersion: string | null
  }
}

/**
 * Reads the database version once, as an /api request arrives, for everything that reuses
 * answers while nothing changed (the signed-in user, cached list pages). A request then sees at
 * least every write that was answered before it arrived.
 */
export const registerDbVersion = (app: FastifyInstance, db: Db) => {
  app.decorateRequest('dbVersion', null)
  const versionOf = changeVersion(db)
  if (!versionOf) return
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.url.startsWith('/api/')) req.dbVersion = versionOf()
    done()
  })
}

/**
 * Wraps a database read so its answers are reused while the database's version stays the same:
 * any write, by anyone, starts over. Without a version (PostgreSQL) every call reads.
 */
export const versionedMemo = <K, V>(read: (key: K) => Promise<V>, max = 1000) => {
  let version: string | null = null
  const memo = new Map<K, V>()
  return async (key: K, now: string | null): Promise<V> => {
    if (now === null) return read(key)
    if (now !== version) {
      memo.clear()
      version = now
    }
    if (memo.has(key)) return memo.get(key) as V
    const value = await read(key)
    // `now` was read before the query, so a value is never kept under a version older than its data.
    if (version === now && memo.size < max) memo.set(key, value)
    return value
  }
}
