import { randomBytes } from 'node:crypto'
import type { Db } from '../db/connect.ts'
import { hashPassword } from './passwords.ts'

/**
 * With no admin yet, creates one: from ADMIN_EMAIL/ADMIN_PASSWORD/ADMIN_USERNAME, or with a random
 * password that is returned once so start can print it (as other self-hosted tools do).
 */
export const ensureAdmin = async (
  db: Db,
  env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string; ADMIN_USERNAME?: string },
): Promise<{ email: string; password: string | null } | null> => {
  const existing = await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst()
  if (existing) return null
  const email = (env.ADMIN_EMAIL ?? 'admin@booking.local').toLowerCase()
  const generated = env.ADMIN_PASSWORD ? null : randomBytes(9).toString('base64url')
  const password = env.ADMIN_PASSWORD ?? generated!
  await db
    .insertInto('users')
    .values({
      username: env.ADMIN_USERNAME ?? 'admin',
      email,
      password_hash: await hashPassword(password),
      role: 'admin',
      is_approved: 1,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('email').doUpdateSet({ role: 'admin', is_approved: 1 }))
    .execute()
  return { email, password: generated }
}
