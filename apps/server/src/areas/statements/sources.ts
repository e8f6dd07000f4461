import type { StatementKind } from '@booking/shared'
import type { Kysely } from 'kysely'
import { balanceBefore, hasLines, ledgerLines } from '../../books/read.ts'
import type { Db } from '../../db/connect.ts'
import {
  agentAccount,
  bankAccount,
  CASH,
  customerIdAccount,
  customerTextAccount,
  vendorAccount,
} from '../../lib/books/accounts.ts'
import { customerIdOfText } from '../customers/link.ts'

/**
 * Where every statement figure comes from: the books' posting lines (issue 13), one account per
 * statement, the same account codes the trial balance sums. Everything returned is in paisa, in the
 * books' own sign: balance = opening + debit − credit (decision 030), so a statement's closing on a
 * day is the trial balance's balance of that account up to that day.
 */

export interface SourceLine {
  date: string
  entry: string
  detail: string
  /** Paisa. */
  debit: number
  /** Paisa. */
  credit: number
}

const k = (db: Db) => db as unknown as Kysely<any>

const named = async (db: Db, table: string, name: string) =>
  !!(await k(db).selectFrom(table).select('name').where('name', '=', name).executeTakeFirst())

/**
 * The customer account a statement's name segment means (decision 033): a customer's id (digits)
 * names that customer's account; other text naming exactly one customer (its name, or "Name
 * (mobile or passport)" as the pick-list writes it) names that customer's; any other text is the
 * account of records whose customer text is that and that are linked to no customer.
 */
export const customerAccountFor = async (
  db: Db,
  name: string,
): Promise<{ account: string; known: boolean }> => {
  if (/^\d{1,15}$/.test(name)) {
    const found = await k(db)
      .selectFrom('customers')
      .select('id')
      .where('id', '=', Number(name))
      .executeTakeFirst()
    if (found) return { account: customerIdAccount(Number(found.id)), known: true }
  }
  const id = await customerIdOfText(db, name)
  if (id !== null) return { account: customerIdAccount(id), known: true }
  return { account: customerTextAccount(name), known: false }
}

/** The account code of a statement, and whether its party is known (an unknown one is a 404). */
export const statementAccount = async (
  db: Db,
  kind: StatementKind,
  name: string,
): Promise<{ account: string; exists: boolean }> => {
  switch (kind) {
    case 'agent': {
      const account = agentAccount(name)
      return { account, exists: (await named(db, 'agent_names', name)) || (await hasLines(db, account)) }
    }
    case 'vendor': {
      const account = vendorAccount(name)
      return { account, exists: (await named(db, 'vender_names', name)) || (await hasLines(db, account)) }
    }
    case 'bank': {
      const account = bankAccount(name)
      return { account, exists: (await named(db, 'banks', name)) || (await hasLines(db, account)) }
    }
    // One cash account (Cash in Office); the name is ignored.
    case 'cash':
      return { account: CASH, exists: true }
    case 'customer': {
      const { account, known } = await customerAccountFor(db, name)
      return { account, exists: known || (await hasLines(db, account)) }
    }
  }
}

/** debit − credit of every line of the account before `from` (paisa); 0 without a from. */
export const openingBalance = async (db: Db, account: string, from?: string) => {
  if (!from) return 0
  return Number(await balanceBefore(db, account, from))
}

/** The account's lines in force from..to (either may be open) in ledger order. */
export const statementLines = async (
  db: Db,
  account: string,
  range: { from?: string; to?: string },
): Promise<SourceLine[]> => {
  const rows = await ledgerLines(db, { account }, range)
  return rows.map((r) => ({
    date: String(r.date),
    entry: String(r.entry ?? ''),
    detail: String(r.detail ?? ''),
    debit: Number(r.debit),
    credit: Number(r.credit),
  }))
}
