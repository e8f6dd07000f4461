import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../apps/server/src/app.ts'
import type { Db } from '../apps/server/src/db/connect.ts'
import { type RecordLifecycle, recordLifecycle } from '../apps/server/src/lib/crud.ts'
import type { AuthUser } from '../apps/server/src/plugins/auth.ts'

/**
 * The in-process app the lifecycle benches share: a fresh SQLite file, the names and the bank the
 * ticket bodies use, an admin caller and the Ticket lifecycle. `done()` closes it and removes the file.
 */
export interface LifecycleApp {
  db: Db
  now: string
  user: AuthUser
  tickets: RecordLifecycle
  done: () => Promise<void>
}

export const lifecycleApp = async (prefix: string): Promise<LifecycleApp> => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const app = await buildApp({
    databaseUrl: `sqlite:${join(dir, 'bench.db')}`,
    jwtSecret: 'bench-secret-of-at-least-32-characters',
    searchIndexEveryMs: 0,
  })
  const db = app.db
  const now = new Date().toISOString()
  await db.insertInto('agent_names').values({ name: 'Agent Rafiq', created_at: now }).execute()
  await db.insertInto('vender_names').values({ name: 'Sky Links', created_at: now }).execute()
  await db
    .insertInto('banks')
    .values({ name: 'UBL Account 1', active: 1, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute()
  const user: AuthUser = { id: 1, username: 'bench', email: 'bench@bench.local', role: 'admin' }
  const tickets = recordLifecycle(db, 'tickets')!
  const done = async () => {
    await app.close()
    rmSync(dir, { recursive: true, force: true })
  }
  return { db, now, user, tickets, done }
}
