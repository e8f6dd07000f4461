import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { CollectSettingsInput, type SmtpSettingsFields } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../../../db/schema.ts'

/** The settings row holding "To collect" and SMTP settings as JSON (the key/value table needs no migration). */
const KEY = 'collect'

export interface StoredSmtp extends Omit<SmtpSettingsFields, 'password'> {
  /** AES-256-GCM under the server's sealing key: iv.tag.ciphertext, base64url; '' when none. */
  password_sealed: string
}

export interface CollectSettings {
  overdue_days: number
  smtp: StoredSmtp | null
}

const DEFAULTS: CollectSettings = { overdue_days: 30, smtp: null }

export const collectSettings = async (db: Kysely<Database>): Promise<CollectSettings> => {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst()
  if (!row) return DEFAULTS
  try {
    const value = JSON.parse(row.value) as Partial<CollectSettings>
    const days = CollectSettingsInput.safeParse({ overdue_days: value.overdue_days })
    return { overdue_days: days.success ? days.data.overdue_days : 30, smtp: value.smtp ?? null }
  } catch {
    return DEFAULTS
  }
}

export const saveCollectSettings = async (trx: Kysely<Database>, settings: CollectSettings) => {
  const value = JSON.stringify(settings)
  const found = await trx.selectFrom('settings').select('key').where('key', '=', KEY).executeTakeFirst()
  if (found) await trx.updateTable('settings').set({ value }).where('key', '=', KEY).execute()
  else await trx.insertInto('settings').values({ key: KEY, value }).execute()
}

/** Encrypts a secret for the database: readable only with the server's key (not kept in the database on SQLite). */
export const seal = (key: Buffer, secret: string) => {
  if (!secret) return ''
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')
}

/** The secret back, or null when it was sealed under another key (a new key file). */
export const unseal = (key: Buffer, sealed: string): string | null => {
  if (!sealed) return ''
  try {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'))
    const decipher = createDecipheriv('aes-256-gcm', key, iv!)
    decipher.setAuthTag(tag!)
    return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
