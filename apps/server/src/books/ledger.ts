import { BOOKS_CURRENCY, type Money, pkr } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { mergeAccount, renameAccount } from './account-changes.ts'
import { codeOf } from './account-rows.ts'
import { booksCheck } from './check.ts'
import { moveMoney } from './moves.ts'
import { type PostEntry, postEntry, reverseEntry } from './post.ts'
import { balanceTo, ledgerPage } from './read.ts'
import { sumsTo } from './sums.ts'
import { trialBalance } from './trial-balance.ts'

/**
 * The ledger's small typed API (issue 32 item 3, decision 081): accounts by address, money as
 * Money (currency + bigint minor units) in and out, converted from rupees once at the edge
 * (`moneyOfRupees`). New code posts and reads through here; the record types still post rupee
 * moves through `lines.ts` `syncLines` (issue 32 item 3: one folder since decision 126).
 */

type Trx = Kysely<Database>

/** Appends the source's entry (a reversal of its current one first): see books/post.ts. */
export const post = (trx: Trx, entry: PostEntry) => postEntry(trx, entry)

/** A delete: the source's current entry reversed. */
export const reverse = reverseEntry

/** A move of exact Money from `credit` to `debit` (addresses). */
export const transfer = moveMoney

/** An account's balance in rupees (debits − credits) up to and including `to` (every line when omitted). */
export const rupeeBalance = async (db: Trx, address: string, to?: string): Promise<Money> =>
  pkr(await balanceTo(db, await codeOf(db, address), to))

/**
 * An account's balance in its own currency (issue 34): a rupee account's as rupeeBalance; a
 * foreign account's from its lines' amounts in that currency (decision 108).
 */
export const balance = async (db: Trx, address: string, to?: string): Promise<Money> => {
  const code = await codeOf(db, address)
  const account = await db
    .selectFrom('accounts')
    .select('currency')
    .where('code', '=', code)
    .executeTakeFirst()
  const currency = account?.currency ?? BOOKS_CURRENCY
  if (currency === BOOKS_CURRENCY) return pkr(await balanceTo(db, code, to))
  // In its currency from the checkpoints' foreign sums (decision 149), as the rupee balance.
  const s = (await sumsTo(db, { account: code }, to)).get(code)
  return { currency, minor: s ? s.fxDebit - s.fxCredit : 0n }
}

/** An account's ledger rows (lines in force with the running balance, paisa), paged like any list. */
export const page = ledgerPage

export { booksCheck as check, mergeAccount as merge, renameAccount as rename, trialBalance }
