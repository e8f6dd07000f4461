import { randomBytes } from 'node:crypto'
import { normaliseEmail, rolesThatCan } from '@booking/shared'
import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'
import { dbKind } from '../db/dialect.ts'
import { audit } from './audit.ts'
import { hashPassword } from './passwords.ts'

/** pg_advisory_xact_lock key of the first-admin check ("admn" in ASCII). */
const BOOTSTRAP_LOCK = 0x61646d6e

/** Why start cannot create the first admin; main prints the message and exits. */
export class BootstrapError extends Error {}

/**
 * With no admin yet, creates one: from ADMIN_EMAIL/ADMIN_PASSWORD/ADMIN_USERNAME, or with a random
 * password that is returned once so start can print it (as other self-hosted tools do). An
 * existing account is never promoted: whoever registered that email (or name) first would
 * become admin with a password the operator does not know.
 */
export const ensureAdmin = async (
  db: Db,
  env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string; ADMIN_USERNAME?: string },
): Promise<{ email: string; password: string | null } | null> => {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('role', 'in', rolesThatCan('use', 'admin-area'))
    .executeTakeFirst()
  if (existing) return null
  const email = normaliseEmail(env.ADMIN_EMAIL ?? 'admin@booking.local')
  const username = env.ADMIN_USERNAME ?? 'admin'
  const byEmail = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
  const byName = await db
    .selectFrom('users')
    .select('username')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst()
  if (byEmail || byName) {
    const what = byEmail ? `email ${email}` : `username ${byName?.username}`
    throw new BootstrapError(
      `There is no admin yet, but an ordinary account already has the ${what}; it is not promoted. ` +
        'Set ADMIN_EMAIL (and ADMIN_USERNAME) to an address and name no account uses, then start again.',
    )
  }
  const generated = env.ADMIN_PASSWORD ? null : randomBytes(9).toString('base64url')
  const password = env.ADMIN_PASSWORD ?? generated!
  const password_hash = await hashPassword(password)
  const created = await db.transaction().execute(async (trx) => {
    // Servers starting together all find no admin; the write lock (SQLite's BEGIN IMMEDIATE, an
    // advisory lock on PostgreSQL) lets one create it and the others see it.
    if (dbKind(trx) === 'postgres') await sql`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`.execute(trx)
    const raced = await trx
      .selectFrom('users')
      .select('id')
      .where('role', 'in', rolesThatCan('use', 'admin-area'))
      .executeTakeFirst()
    if (raced) return false
    const row = await trx
      .insertInto('users')
      .values({
        username,
        email,
        password_hash,
        role: 'admin',
        is_approved: 1,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await audit(trx, null, 'create', 'users', row.id, null, { username, email, role: 'admin', by: 'start' })
    return true
  })
  return created ? { email, password: generated } : null
}
