import {
  type AgencySettings,
  AgencySettingsInput,
  DEFAULT_AGENCY,
  SettingsAnswer,
  SettingsSavedAnswer,
} from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/connect.ts'
import { audit } from '../../../lib/audit.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { parseBody } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import { imageDataProblem } from './logo-data.ts'

/** The settings row holding the agency's details as JSON (the key/value table needs no migration). */
const KEY = 'agency'

/** The agency's details, the defaults for any the admin has not set (or a row an older version wrote). */
export const agencySettings = async (db: Db): Promise<AgencySettings> => {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst()
  if (!row) return DEFAULT_AGENCY
  try {
    const parsed = AgencySettingsInput.safeParse(JSON.parse(row.value))
    return parsed.success ? parsed.data : DEFAULT_AGENCY
  } catch {
    return DEFAULT_AGENCY
  }
}

/** "24/11/2026 11:05" in the agency's time zone: when a document was printed. */
export const printedAt = (settings: AgencySettings, now = new Date()) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: settings.time_zone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(now)
  return parts.replace(',', '')
}

/** Today (yyyy-mm-dd) in the agency's time zone: the default date of reports. */
export const agencyToday = (settings: AgencySettings, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: settings.time_zone }).format(now)

/** GET/PUT /api/admin/settings; the auth hook already limits /api/admin/* to admins. */
/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const GET_ADMIN_SETTINGS = { schema: { response: { 200: SettingsAnswer } } }

const GET_AGENCY = { schema: { response: { 200: SettingsAnswer } } }

const PUT_ADMIN_SETTINGS = { schema: { body: AgencySettingsInput, response: { 200: SettingsSavedAnswer } } }

export const settingsRoutes = async (app: FastifyInstance, db: Db) => {
  app.get('/admin/settings', GET_ADMIN_SETTINGS, async () => ({
    status: 'success',
    settings: await agencySettings(db),
  }))
  // Every signed-in user prints receipts and statements under the agency's letterhead.
  app.get('/agency', GET_AGENCY, async () => ({ status: 'success', settings: await agencySettings(db) }))

  app.put('/admin/settings', { ...PUT_ADMIN_SETTINGS, bodyLimit: 512 * 1024 }, async (req) => {
    const settings = parseBody(AgencySettingsInput, req.body)
    const logoProblem = settings.logo
      ? imageDataProblem(Buffer.from(settings.logo.split(',')[1] ?? '', 'base64'))
      : null
    if (logoProblem) throw new HttpError(400, logoProblem, { logo: logoProblem })
    const value = JSON.stringify(settings)
    const user = req.user!
    await writeTransaction(db, async (trx) => {
      const before = await trx
        .selectFrom('settings')
        .select('value')
        .where('key', '=', KEY)
        .executeTakeFirst()
      if (before) await trx.updateTable('settings').set({ value }).where('key', '=', KEY).execute()
      else await trx.insertInto('settings').values({ key: KEY, value }).execute()
      // The logo is left out of the audit trail: 200 kB of base64 per save says nothing a reader needs.
      const brief = (s: string | undefined) => {
        if (!s) return null
        const { logo, ...rest } = JSON.parse(s) as AgencySettings
        return { ...rest, logo: logo ? `${logo.length} characters` : '' }
      }
      await audit(trx, { user }, 'update', 'settings', 0, brief(before?.value), brief(value))
    })
    return { status: 'success', message: 'Settings saved successfully', settings }
  })
}
