import {
  addDaysIso,
  formatDate,
  fromPaisa,
  openingBalanceAmounts,
  type StatementOpening,
} from '@booking/shared'
import type { Kysely } from 'kysely'
import { balanceBefore } from '../../../books/read.ts'
import type { Db } from '../../../db/connect.ts'
import type { Database } from '../../../db/schema.ts'
import { type Actor, recordLifecycle } from '../../../lib/crud.ts'
import { HttpError } from '../../../lib/http-error.ts'
import type { BankState } from './matching.ts'

/**
 * The bank's opening entry (issue 37 item 3, decision 096): the opening balance the earliest
 * statement printed against what the books hold for the bank before that statement's first day.
 * When they differ, the gap is offered as an Office Accounts opening balance of the bank dated the
 * day before, the same entry the Office Accounts form's Opening Balance mode makes.
 */

/** The opening printed by the import holding the first statement line, with its day (paisa). */
const printedOpening = async (db: Kysely<Database>, state: BankState) => {
  const first = state.st[0]
  if (!first) return null
  const imp = await db
    .selectFrom('bank_statement_imports')
    .select(['opening_balance', 'opening_date'])
    .where('id', '=', first.import_id)
    .executeTakeFirst()
  if (!imp || imp.opening_balance === null) return null
  return { paisa: Number(imp.opening_balance), day: first.date }
}

/** The books' side of the statement's opening: the balance before its first day, less the book lines
 * before that day the statement's own lines clear (they are in its lines, not in its opening). */
export const bookOpening = async (db: Kysely<Database>, state: BankState, start: string) => {
  let books = Number(await balanceBefore(db, state.bank.account, start))
  for (const l of state.bk.values()) if (l.date < start && state.bkMatch.has(l.id)) books -= l.signed
  return books
}

export const openingOffer = async (
  db: Kysely<Database>,
  state: BankState,
): Promise<{ view: StatementOpening; statementPaisa: number; gapPaisa: number } | null> => {
  const printed = await printedOpening(db, state)
  if (!printed) return null
  const books = await bookOpening(db, state, printed.day)
  const gapPaisa = printed.paisa - books
  const view = {
    day: printed.day,
    entry_date: addDaysIso(printed.day, -1),
    statement: fromPaisa(printed.paisa),
    books: fromPaisa(books),
    difference: fromPaisa(gapPaisa),
  }
  return { view, statementPaisa: printed.paisa, gapPaisa }
}

/** Posts the gap as the bank's opening entry; a 409 when there is none to post. */
export const postOpeningEntry = async (db: Db, trx: Kysely<Database>, state: BankState, actor: Actor) => {
  const offer = await openingOffer(trx, state)
  if (!offer) throw new HttpError(409, 'No statement of this bank prints an opening balance')
  if (offer.gapPaisa === 0) throw new HttpError(409, "The books already hold the statement's opening balance")
  const lifecycle = recordLifecycle(db, 'account_entries')
  if (!lifecycle) throw new HttpError(500, 'No lifecycle for account_entries')
  const input = lifecycle.parse({
    bank_name: state.bank.name,
    employee_name: actor.user.username,
    vendor_name: '',
    date: offer.view.entry_date,
    detail: `Opening balance from the bank statement of ${formatDate(offer.view.day)}`,
    ...openingBalanceAmounts(offer.view.difference),
  })
  const row = await lifecycle.create(trx, actor, input)
  return { record: { table: 'account_entries', id: row.id, entry: String(row.entry) }, opening: offer.view }
}
