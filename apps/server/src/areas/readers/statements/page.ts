import { fromPaisa, type LinesPage, type Statement } from '@booking/shared'
import { balanceBefore, balanceTo, ledgerLines, ledgerLinesPage, linesInForce } from '../../../books/read.ts'
import { sumsBetween } from '../../../books/sums.ts'
import type { Db } from '../../../db/connect.ts'
import { openingBalance, shownLineGroups, splitAdds } from './sources.ts'

/** One statement row: a line (paisa) with the balance after it, in rupees. */
export const statementRow = (
  l: { date: string; entry: string; detail: string; debit: number; credit: number },
  balance: number,
) => ({
  date: l.date,
  entry: l.entry,
  detail: l.detail,
  debit: fromPaisa(l.debit),
  credit: fromPaisa(l.credit),
  balance: fromPaisa(balance),
})

/**
 * A page of a statement (decision 077): `limit` book lines in force from `offset`, each shown as
 * the whole statement shows it (a sale with its payments at booking), with the running balance the
 * whole statement gives each row. What it reads: the checkpoints (the period's opening, closing and
 * totals, the balance before the page's first day), the lines of the days the page spans, and the
 * page's sale records; never the period's earlier lines. Rows, balances, opening, closing and
 * totals are the whole statement's, so the pages laid end to end are the unpaged answer.
 */
export const statementPage = async (
  db: Db,
  account: string,
  range: { from?: string; to?: string },
  page: { limit: number; offset: number },
): Promise<Statement & { page: LinesPage }> => {
  const [opening, closing, sums, adds, counts, lines] = await Promise.all([
    openingBalance(db, account, range.from),
    balanceTo(db, account, range.to),
    sumsBetween(db, { account }, range),
    splitAdds(db, account, range),
    linesInForce(db, { account }, range),
    ledgerLinesPage(db, { account }, range, page),
  ])
  const s = sums.get(account)
  const totals = {
    debit: fromPaisa(Number((s?.debit ?? 0n) + adds)),
    credit: fromPaisa(Number((s?.credit ?? 0n) + adds)),
  }
  const lines_total = counts.get(account) ?? 0
  const head = { opening: fromPaisa(opening), closing: fromPaisa(Number(closing)), totals }
  if (lines.length === 0)
    return { ...head, rows: [], page: { ...page, lines_total, opening: fromPaisa(Number(closing)) } }
  // The balance before the page's first line: the checkpoints before its day, then that day's lines
  // in force up to it (the period starts on a day, so its opening is such a balance too).
  const first = lines[0]!
  const day = await ledgerLines(db, { account }, { from: first.date, to: first.date })
  let running = await balanceBefore(db, account, first.date)
  for (const l of day) {
    if (l.id === first.id) break
    running += l.debit - l.credit
  }
  const pageOpening = Number(running)
  let balance = pageOpening
  const rows = (await shownLineGroups(db, account, lines)).flat().map((l) => {
    balance += l.debit - l.credit
    return statementRow(l, balance)
  })
  return { ...head, rows, page: { ...page, lines_total, opening: fromPaisa(pageOpening) } }
}
