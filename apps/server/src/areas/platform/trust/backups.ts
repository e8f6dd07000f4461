import { createReadStream } from 'node:fs'
import { basename } from 'node:path'
import {
  BackupSavedAnswer,
  BackupsAnswer,
  FileAnswer,
  formatDate,
  RestoreAnswer,
  RestoreInput,
} from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import { currentLock } from '../../../books/lock.ts'
import type { Db } from '../../../db/connect.ts'
import { migrateToLatest } from '../../../db/migrate.ts'
import { backupAndPrune, backupPath, listBackups, type Retention } from '../../../lib/backups.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { backupLockThrough, RestoreRefused, recordRestore, restoreIntoLive } from '../../../lib/restore.ts'
import { parseBody } from '../../../lib/validate.ts'
import type { AuthUser } from '../../../plugins/auth.ts'

export interface BackupOptions {
  /** The SQLite file; null on PostgreSQL (backups are made with `npm run backup` and pg_dump). */
  dbFile: string | null
  dir: string
  keep: Retention
  /** The server's database: the restore brings it up to date and writes the audit line. */
  db?: Db
}

/** Restoring one at a time: a second click while one runs is refused, not queued. */
let restoring = false

/** The admin Backups screen: list, make one now, download one. */
/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const GET_ADMIN_BACKUPS = { schema: { response: { 200: BackupsAnswer } } }

const POST_ADMIN_BACKUPS = { schema: { response: { 201: BackupSavedAnswer } } }

const GET_ADMIN_BACKUPS_NAME = { schema: { response: { 200: FileAnswer('application/octet-stream') } } }

const POST_ADMIN_BACKUPS_RESTORE = { schema: { body: RestoreInput, response: { 200: RestoreAnswer } } }

const dayText = (day: string | null) => (day ? formatDate(day) : 'no day (open)')

export const backupRoutes = async (app: FastifyInstance, opts: BackupOptions) => {
  app.get('/admin/backups', GET_ADMIN_BACKUPS, async () => ({
    status: 'success',
    backups: listBackups(opts.dir),
  }))

  app.post('/admin/backups', POST_ADMIN_BACKUPS, async (_req, reply) => {
    if (!opts.dbFile) {
      throw new HttpError(
        409,
        'On PostgreSQL, run npm run backup on the server: it makes the backup with pg_dump',
      )
    }
    const backup = await backupAndPrune(opts.dbFile, opts.dir, opts.keep)
    return reply.code(201).send({ status: 'success', message: 'Backup created successfully', backup })
  })

  app.post('/admin/backups/:name/restore', POST_ADMIN_BACKUPS_RESTORE, async (req) => {
    const { name } = req.params as { name: string }
    if (!opts.dbFile) {
      throw new HttpError(
        409,
        'On PostgreSQL, restore a backup on the server with pg_restore --clean --dbname=DATABASE_URL FILE (see README, Backups)',
      )
    }
    const path = backupPath(opts.dir, name)
    if (!path) throw new HttpError(404, 'Backup not found')
    const { reason } = parseBody(RestoreInput, req.body ?? {})
    if (restoring) throw new HttpError(409, 'A restore is already running')
    // Closed stays closed (issue 33 item 5, decision 087): a backup whose lock date differs from
    // the books' now (one made before the close) changes closed days; it asks for a reason first.
    const lockNow = opts.db ? await currentLock(opts.db) : null
    let lockThen: string | null
    try {
      lockThen = backupLockThrough(path)
    } catch {
      throw new HttpError(409, 'The backup is damaged: it cannot be read')
    }
    const moves = lockNow !== null && lockNow.through !== lockThen
    if (moves && !reason) {
      const message = `This backup's books are closed through ${dayText(lockThen)}, not ${dayText(lockNow.through)} as now: restoring it changes closed days. Say why to restore it`
      throw new HttpError(
        400,
        message,
        { reason: message },
        { lock_now: lockNow.through, lock_in_backup: lockThen },
      )
    }
    restoring = true
    try {
      const { previous } = await restoreIntoLive(path, opts.dbFile)
      // A backup from before the latest migrations is brought up to this version, as at start-up.
      if (opts.db) {
        await migrateToLatest(opts.db)
        const user = req.user as AuthUser | undefined
        if (user)
          await recordRestore(
            opts.db,
            { user, by: user.username },
            { name, kept: basename(previous) },
            moves ? { before: lockNow.through, after: lockThen, reason: reason ?? '' } : null,
          )
      }
      return {
        status: 'success',
        message: `Backup ${name} restored. The database it replaced was kept as ${basename(previous)}.`,
        kept: basename(previous),
      }
    } catch (err) {
      if (err instanceof RestoreRefused) throw new HttpError(409, err.message)
      throw err
    } finally {
      restoring = false
    }
  })

  app.get('/admin/backups/:name', GET_ADMIN_BACKUPS_NAME, async (req, reply) => {
    const { name } = req.params as { name: string }
    const path = backupPath(opts.dir, name)
    if (!path) throw new HttpError(404, 'Backup not found')
    return reply
      .type('application/octet-stream')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .send(createReadStream(path))
  })
}
