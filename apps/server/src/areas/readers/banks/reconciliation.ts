import { type BookLine, fromPaisa, type Reconciliation, type StatementLine } from '@booking/shared'
import type { Kysely } from 'kysely'
import { balanceTo } from '../../../books/read.ts'
import type { Database } from '../../../db/schema.ts'
import { type BankState, type BkLine, directionOf, type StLine } from './matching.ts'
import { bookOpening, openingOffer } from './opening.ts'

/**
 * The reconciliation of a bank as of a day (decision 063): the books' and the statement's balance,
 * what each side has that the other has not yet, and the difference nothing explains.
 */

export const statementLineView = (state: BankState, l: StLine): StatementLine => {
  const matchId = state.stMatch.get(l.id) ?? null
  const m = matchId === null ? undefined : state.matches.get(matchId)
  return {
    id: l.id,
    import_id: l.import_id,
    row: l.row,
    date: l.date,
    narration: l.narration,
    reference: l.reference,
    amount: fromPaisa(Math.abs(l.signed)),
    direction: directionOf(l.signed),
    balance: l.balance === null ? null : fromPaisa(l.balance),
    match_id: matchId,
    match_kind: m?.kind ?? null,
    confirmed: m?.confirmed ?? false,
  }
}

export const bookLineView = (state: BankState, l: BkLine): BookLine => ({
  id: l.id,
  date: l.date,
  entry: l.entry,
  detail: l.detail,
  amount: fromPaisa(Math.abs(l.signed)),
  direction: directionOf(l.signed),
  source_type: l.source_type,
  source_id: l.source_id,
  match_id: state.bkMatch.get(l.id) ?? null,
})

const latest = (days: Array<string | undefined>) => days.reduce<string>((a, d) => (d && d > a ? d : a), '')

/** The latest day of a match's statement side and of its book side. */
const matchDays = (state: BankState, matchId: number) => {
  const m = state.matches.get(matchId)
  return {
    st: latest((m?.st ?? []).map((id) => state.stById.get(id)?.date)),
    bk: latest((m?.bk ?? []).map((id) => state.bk.get(id)?.date)),
  }
}

export const reconcile = async (
  db: Kysely<Database>,
  state: BankState,
  asOf: string,
): Promise<Reconciliation> => {
  const book = Number(await balanceTo(db, state.bank.account, asOf))
  const start = state.start
  const offer = await openingOffer(db, state)

  const lines = state.st.filter((l) => l.date <= asOf)
  // The statement's balance: its last printed running balance, then any lines after it.
  let statement: number
  let lastWithBalance = -1
  lines.forEach((l, i) => {
    if (l.balance !== null) lastWithBalance = i
  })
  if (lastWithBalance >= 0) {
    statement = lines[lastWithBalance]?.balance ?? 0
    for (const l of lines.slice(lastWithBalance + 1)) statement += l.signed
  } else {
    // No running balance: the opening the file printed (issue 37), else the books' side of it.
    statement = offer ? offer.statementPaisa : start ? await bookOpening(db, state, start) : book
    for (const l of lines) statement += l.signed
  }
  const outstanding: BkLine[] = []
  if (start)
    for (const l of state.bk.values()) {
      if (l.date < start || l.date > asOf || l.signed === 0) continue
      const m = state.bkMatch.get(l.id)
      if (m === undefined || matchDays(state, m).st > asOf) outstanding.push(l)
    }
  outstanding.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id))
  const unmatched = lines.filter((l) => {
    const m = state.stMatch.get(l.id)
    return m === undefined || matchDays(state, m).bk > asOf
  })
  const sum = (xs: Array<{ signed: number }>) => xs.reduce((a, x) => a + x.signed, 0)
  const deposits = outstanding.filter((l) => l.signed > 0)
  const payments = outstanding.filter((l) => l.signed < 0)
  // The bank's balance adjusted by what the books have and the bank not yet, against the books:
  // what is left is the statement lines the books do not have (decision 063). Signed sums, so
  // payments subtract.
  const difference = statement + sum(deposits) + sum(payments) - book
  return {
    as_of: asOf,
    start,
    book_balance: fromPaisa(book),
    statement_balance: fromPaisa(statement),
    outstanding_deposits: deposits.map((l) => bookLineView(state, l)),
    outstanding_payments: payments.map((l) => bookLineView(state, l)),
    unmatched_statement: unmatched.map((l) => statementLineView(state, l)),
    difference: fromPaisa(difference),
    opening: offer?.view ?? null,
  }
}

/** The last day of a yyyy-mm month. */
export const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number)
  return new Date(Date.UTC(y ?? 0, m ?? 1, 0)).toISOString().slice(0, 10)
}
