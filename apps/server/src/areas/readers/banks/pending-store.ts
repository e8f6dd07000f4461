import { statSync } from 'node:fs'
import SQLite from 'better-sqlite3'
import { giveWay } from '../../platform/outside/give-way.ts'
import { insertLinesParams, insertLinesSql, LINES_PER_STATEMENT } from './pending-lines.ts'
import type { KeyedLine } from './statement-read.ts'

/**
 * Runs in an outside worker (platform/outside, decision 112): an import's pending statement lines
 * written to the SQLite file through the worker's own connection, so the main thread neither builds
 * nor runs the inserts. The main thread gives each chunk its turn (lib/write-batch.ts writeTurn),
 * so this connection never waits for the server's, nor the server's for this one.
 */

interface Open {
  db: SQLite.Database
  inserts: Map<number, SQLite.Statement>
  /** The file's inode when opened: a restore that renames a backup into place is another file. */
  ino: number
}

/** One connection per file, kept while the file is the same one (workers are kept, decision 085). */
const open = new Map<string, Open>()

const connection = (file: string): Open => {
  const ino = statSync(file).ino
  let o = open.get(file)
  if (o && o.ino !== ino) {
    o.db.close()
    open.delete(file)
    o = undefined
  }
  if (!o) {
    const db = new SQLite(file, { fileMustExist: true })
    db.pragma('busy_timeout = 10000')
    db.pragma('foreign_keys = ON')
    // Nothing here is acknowledged: the import's final commit, on the server's connection, is
    // flushed with the log (decision 071), and the log holds these frames before it.
    db.pragma('synchronous = NORMAL')
    db.pragma('wal_autocheckpoint = 10000')
    o = { db, inserts: new Map(), ino }
    open.set(file, o)
  }
  return o
}

const insertOf = (o: Open, rows: number) => {
  let st = o.inserts.get(rows)
  if (!st) {
    st = o.db.prepare(insertLinesSql(false, rows))
    o.inserts.set(rows, st)
  }
  return st
}

export interface PendingChunk {
  file: string
  bankId: number
  importId: number
  /** A JSON text of KeyedLine (statement-read.ts). */
  text: string
  now: string
}

/** Stores one chunk in one transaction; the ids of the lines that were new. */
export const storeChunk = ({ file, bankId, importId, text, now }: PendingChunk): { ids: number[] } => {
  const o = connection(file)
  const lines = JSON.parse(text) as KeyedLine[]
  giveWay()
  const ids: number[] = []
  o.db
    .transaction(() => {
      for (let i = 0; i < lines.length; i += LINES_PER_STATEMENT) {
        const rows = lines.slice(i, i + LINES_PER_STATEMENT)
        const params = insertLinesParams(rows, bankId, importId, now)
        for (const r of insertOf(o, rows.length).all(params) as Array<{ id: number }>) ids.push(Number(r.id))
        giveWay()
      }
    })
    .immediate()
  return { ids }
}
