import type { BankLinesQuery } from '@booking/shared'
import type { z } from 'zod'
import type { Db } from '../../../db/connect.ts'
import type { AnswerReader } from '../../platform/documents/render-job.ts'
import { bankById, loadState } from './matching.ts'
import { bookLineView, reconcile, statementLineView } from './reconciliation.ts'

/**
 * The reconciliation screen's reads (decision 131). The reconciliation and the overview load a
 * bank's whole statement and answer its every unexplained line, so they are read and serialized
 * by a document worker (platform/documents/send-answer.ts), not on the main thread, where a bank
 * of tens of thousands of lines held every other request for 100-300 ms. The statement and book
 * line lists are built here too but run on the main thread (decision 131: from a worker, a
 * browser test's match list came back without its match). The routes check the bank (404) and
 * the query (400) first; these build the same answers.
 */
export type ScreenRead =
  | { kind: 'reconciliation'; bankId: number; asOf: string }
  | { kind: 'reconciliations'; asOf: string }
  | { kind: 'statement-lines' | 'book-lines'; bankId: number; query: z.infer<typeof BankLinesQuery> }

/** This module, named to the document worker that runs `readAnswer`. */
export const SCREEN_READER = import.meta.url

const reconciliationOf = async (db: Db, bankId: number, asOf: string) => {
  const bank = await bankById(db, bankId)
  const state = await loadState(db, bank)
  const r = await reconcile(db, state, asOf)
  return { status: 'success', bank: { id: bank.id, name: bank.name }, ...r }
}

/** Every bank's reconciliation in a line (the overview). */
const reconciliationsOf = async (db: Db, asOf: string) => {
  const banks = await db.selectFrom('banks').select(['id', 'name', 'active']).orderBy('id').execute()
  const out = []
  for (const b of banks) {
    const state = await loadState(db, await bankById(db, b.id))
    const r = await reconcile(db, state, asOf)
    const upTo = state.st.filter((l) => l.date <= asOf)
    out.push({
      id: b.id,
      name: b.name,
      active: Boolean(b.active),
      start: r.start,
      statement_to: upTo.at(-1)?.date ?? null,
      unmatched_statement: r.unmatched_statement.length,
      outstanding: r.outstanding_deposits.length + r.outstanding_payments.length,
      unconfirmed_matches: [...state.matches.values()].filter((m) => !m.confirmed).length,
      difference: r.difference,
    })
  }
  return { status: 'success', as_of: asOf, banks: out }
}

const statementLinesOf = async (db: Db, bankId: number, q: z.infer<typeof BankLinesQuery>) => {
  const state = await loadState(db, await bankById(db, bankId))
  const lines = state.st.filter(
    (l) =>
      (!q.from || l.date >= q.from) &&
      (!q.to || l.date <= q.to) &&
      (q.status === 'matched'
        ? state.stMatch.has(l.id)
        : q.status === 'unmatched'
          ? !state.stMatch.has(l.id)
          : true),
  )
  return { status: 'success', lines: lines.map((l) => statementLineView(state, l)) }
}

const bookLinesOf = async (db: Db, bankId: number, q: z.infer<typeof BankLinesQuery>) => {
  const state = await loadState(db, await bankById(db, bankId))
  const lines = [...state.bk.values()]
    .filter(
      (l) =>
        l.signed !== 0 &&
        (!q.from || l.date >= q.from) &&
        (!q.to || l.date <= q.to) &&
        (q.status === 'matched'
          ? state.bkMatch.has(l.id)
          : q.status === 'unmatched'
            ? !state.bkMatch.has(l.id)
            : true),
    )
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id))
  return { status: 'success', lines: lines.map((l) => bookLineView(state, l)) }
}

export const readAnswer: AnswerReader<ScreenRead> = (db, read) => {
  switch (read.kind) {
    case 'reconciliation':
      return reconciliationOf(db, read.bankId, read.asOf)
    case 'reconciliations':
      return reconciliationsOf(db, read.asOf)
    case 'statement-lines':
      return statementLinesOf(db, read.bankId, read.query)
    case 'book-lines':
      return bookLinesOf(db, read.bankId, read.query)
  }
}
