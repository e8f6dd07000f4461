import { type Money, pkr } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { mergeAccount, renameAccount } from './account-changes.ts'
import { codeOf } from './account-rows.ts'
import { booksCheck } from './check.ts'
import { moveMoney } from './moves.ts'
import { type PostEntry, postEntry, reverseEntry } from './post.ts'
import { balanceTo } from './read.ts'
import { trialBalance } from './trial-balance.ts'

/**
 * The ledger's small typed API (issue 32 item 3, decision 081): accounts by address, money as
 * Money (currency + bigint minor units) in and out, converted from rupees once at the edge
 * (`moneyOfRupees`). New code posts and reads through here; the record types still post rupee
 * moves through lib/books (left: moving them, and merging books/ with lib/books/, issue 32 item 3).
 */

type Trx = Kysely<Database>

/** Appends the source's entry (a reversal of its current one first): see books/post.ts. */
export const post = (trx: Trx, entry: PostEntry) => postEntry(trx, entry)

/** A delete: the source's current entry reversed. */
export const reverse = reverseEntry

/** A move of exact Money from `credit` to `debit` (addresses). */
export const transfer = moveMoney

/** An account's balance (debits − credits) up to and including `to` (every line when omitted). */
export const balance = async (db: Trx, address: string, to?: string): Promise<Money> =>
  pkr(await balanceTo(db, await codeOf(db, address), to))

export { booksCheck as check, mergeAccount as merge, renameAccount as rename, trialBalance }
