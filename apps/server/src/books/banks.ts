import { namesBank } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { HttpError } from '../lib/http-error.ts'

export const UNKNOWN_BANK = 'Select a bank from the list'
/** The bank of older records' bank money that named none; shows in the trial balance for the owner to move. */
export const UNNAMED_BANK = '(bank not named)'

/**
 * The bank (banks table) a record's bank text names: the bank's own name, or the customer-facing
 * title a form stores for it ("UNITED BANK (Account 1)", "United Bank (holder Account 1)").
 * Only money that moved needs a bank: with `amount` 0 the answer is ''. A text naming no bank is
 * refused (400 on `field`); `lenient` (the upgrade of older records) keeps the text as the bank.
 * A bank deactivated later stays valid on records that already carried it (`previous`).
 */
export const resolveBank = async (
  trx: Kysely<Database>,
  text: unknown,
  opts: { amount: number; field: string; previous?: unknown; lenient?: boolean },
): Promise<string> => {
  const wanted = String(text ?? '').trim()
  if (!(opts.amount > 0)) return ''
  const banks = await trx.selectFrom('banks').select(['name', 'active']).execute()
  const found = banks.find((b) => namesBank(b.name, wanted))
  const unchanged = wanted !== '' && wanted === String(opts.previous ?? '').trim()
  if (found && (found.active || unchanged)) return found.name
  // An older record's bank money may name no bank at all (Visa and Services had no field for it).
  if (opts.lenient) return wanted || UNNAMED_BANK
  if (!wanted) throw new HttpError(400, 'Bank Title is required', { [opts.field]: 'Bank Title is required' })
  throw new HttpError(400, 'Unknown bank account', { [opts.field]: UNKNOWN_BANK })
}
