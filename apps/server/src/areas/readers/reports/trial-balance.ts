import type { Caller } from '@booking/shared'
import { booksCheck, cashInOffice, trialBalance } from '../../../books/trial-balance.ts'
import type { Db } from '../../../db/connect.ts'
import { officeReader } from '../../../lib/caller-scope.ts'

/**
 * The trial balance and the books check live in the books module (issue 21); this keeps the
 * reports' imports. The machine's own reads (the upgrade, the CLI, month-end) call them as they
 * are; a request's reader passes its caller, which must hold 'office-figures' (decision 147).
 */
export { booksCheck, cashInOffice, trialBalance }

export const trialBalanceFor = (db: Db, caller: Caller | null, to?: string) => {
  officeReader(caller, 'office-figures')
  return trialBalance(db, to)
}

export const booksCheckFor = (db: Db, caller: Caller | null) => {
  officeReader(caller, 'office-figures')
  return booksCheck(db)
}

export const cashInOfficeFor = (db: Db, caller: Caller | null, to?: string) => {
  officeReader(caller, 'office-figures')
  return cashInOffice(db, to)
}
