import { createReadStream } from 'node:fs'
import { BackupSavedAnswer, BackupsAnswer, FileAnswer } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import { backupAndPrune, backupPath, listBackups, type Retention } from '../../lib/backups.ts'
import { HttpError } from '../../lib/http-error.ts'

export interface BackupOptions {
  /** The SQLite file; null on PostgreSQL (backups are made with `npm run backup` and pg_dump). */
  dbFile: string | null
  dir: string
  keep: Retention
}

/** The admin Backups screen: list, make one now, download one. */
/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const GET_ADMIN_BACKUPS = { schema: { response: { 200: BackupsAnswer } } }

const POST_ADMIN_BACKUPS = { schema: { response: { 201: BackupSavedAnswer } } }

const GET_ADMIN_BACKUPS_NAME = { schema: { response: { 200: FileAnswer('application/octet-stream') } } }

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
