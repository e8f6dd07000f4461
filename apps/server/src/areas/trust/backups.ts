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
export const backupRoutes = async (app: FastifyInstance, opts: BackupOptions) => {
  app.get('/admin/backups', { schema: { response: { 200: BackupsAnswer } } }, async () => ({
    status: 'success',
    backups: listBackups(opts.dir),
  }))

  app.post('/admin/backups', { schema: { response: { 201: BackupSavedAnswer } } }, async (_req, reply) => {
    if (!opts.dbFile) {
      throw new HttpError(
        409,
        'On PostgreSQL, run npm run backup on the server: it makes the backup with pg_dump',
      )
    }
    const backup = await backupAndPrune(opts.dbFile, opts.dir, opts.keep)
    return reply.code(201).send({ status: 'success', message: 'Backup created successfully', backup })
  })

  app.get(
    '/admin/backups/:name',
    { schema: { response: { 200: FileAnswer('application/octet-stream') } } },
    async (req, reply) => {
      const { name } = req.params as { name: string }
      const path = backupPath(opts.dir, name)
      if (!path) throw new HttpError(404, 'Backup not found')
      return reply
        .type('application/octet-stream')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(createReadStream(path))
    },
  )
}
