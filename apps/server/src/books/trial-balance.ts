import { customerLabel, fromPaisa, type TrialBalance, type TrialBalanceAccount } from '@booking/shared'
import type { Db } from '../db/connect.ts'
import { addressCodes, renamedCodes } from './account-rows.ts'
import { accountName, bankAccount, CASH, customerIdOfAccount, kindOf } from './accounts.ts'
import { balanceTo } from './read.ts'
import { sumsTo } from './sums.ts'

/** Paisa (exact, BigInt) -> rupees on the wire; the books never pass 2^53 − 1 paisa (decision 007 amended). */
const rupees = (paisa: bigint) => fromPaisa(Number(paisa))

/**
 * Every account's debits and credits up to `to` (inclusive): the month checkpoints before its
 * month and the day checkpoints of its month (decision 068), never the lines.
 */
export const trialBalance = async (database: Db, to?: string): Promise<TrialBalance> => {
  const db = database
  const sums = new Map<string, { d: bigint; c: bigint }>()
  for (const [account, s] of await sumsTo(database, 'all', to || undefined))
    sums.set(account, { d: s.debit, c: s.credit })
  // Cash and every bank are shown even before they move, so the owner sees all of them.
  if (!sums.has(CASH)) sums.set(CASH, { d: 0n, c: 0n })
  const codeOf = await addressCodes(db)
  for (const b of await db.selectFrom('banks').select('name').execute()) {
    const code = codeOf(bankAccount(String(b.name)))
    if (!sums.has(code)) sums.set(code, { d: 0n, c: 0n })
  }
  // A customer's account is keyed by id (decision 033); the owner reads the customer's name.
  const names = new Map<string, string>()
  const ids = [...sums.keys()].map(customerIdOfAccount).filter((x): x is number => x !== null)
  for (let i = 0; i < ids.length; i += 500) {
    const found = await db
      .selectFrom('customers')
      .select(['id', 'name', 'mobile_number', 'passport_number'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute()
    for (const c of found) names.set(`customer:#${c.id}`, customerLabel(c))
  }
  // A renamed account reads as its address and name now; a merged one keeps its code and the
  // name it had (decisions 082, 083). Its figures are its own lines' in both cases.
  const renamed = await renamedCodes(db)
  let debit = 0n
  let credit = 0n
  const shown = [...sums.entries()]
    // A merged account whose lines net to nothing by the day asked is not shown (decision 083).
    .filter(([code, s]) => !(renamed.get(code)?.merged && s.d === 0n && s.c === 0n))
    .map(([code, s]) => [renamed.get(code)?.address ?? code, code, s] as const)
  const accounts: TrialBalanceAccount[] = shown
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([address, code, s]) => {
      debit += s.d
      credit += s.c
      return {
        code: address,
        name: names.get(code) ?? renamed.get(code)?.name ?? accountName(code),
        kind: kindOf(address),
        debit: rupees(s.d),
        credit: rupees(s.c),
        balance: rupees(s.d - s.c),
      }
    })
  return { to: to ?? '', accounts, totals: { debit: rupees(debit), credit: rupees(credit) } }
}

/** Cash in Office: the cash account's balance (debits − credits) over the lines, optionally up to a day. */
export const cashInOffice = async (database: Db, to?: string): Promise<number> =>
  rupees(await balanceTo(database, CASH, to || undefined))

/** The books check moved to books/check.ts (decision 073): incremental, and full on demand. */
export { booksCheck } from './check.ts'
