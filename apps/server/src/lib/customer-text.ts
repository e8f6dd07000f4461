import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

type Trx = Kysely<Database>

/**
 * The customer a record's customer text names, or null. The pick-list stores the name alone when
 * it is unique and "Name (mobile or passport)" when two customers share it (customer-select.tsx),
 * so its value always names one customer; typed text naming two is left unlinked (decision 027).
 */
export const customerIdOfText = async (trx: Trx, text: string): Promise<number | null> => {
  const value = text.trim()
  if (!value) return null
  const exact = await trx.selectFrom('customers').select('id').where('name', '=', value).limit(2).execute()
  if (exact.length === 1) return exact[0].id
  const m = /^(.*) \(([^()]+)\)$/.exec(value)
  if (!m) return null
  const [, name, contact] = m
  const both = await trx
    .selectFrom('customers')
    .select('id')
    .where('name', '=', name)
    .where((eb) => eb.or([eb('mobile_number', '=', contact), eb('passport_number', '=', contact)]))
    .limit(2)
    .execute()
  return both.length === 1 ? both[0].id : null
}
