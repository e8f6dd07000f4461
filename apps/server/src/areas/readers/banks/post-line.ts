import { fromPaisa, type StatementPostBody, type StatementPostKind } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { Db } from '../../../db/connect.ts'
import type { Database } from '../../../db/schema.ts'
import { type Actor, recordLifecycle } from '../../../lib/crud.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { addMatch, type BankState, directionOf, type Match, type StLine } from './matching.ts'

/**
 * An unmatched statement line posted into the books as a record of an existing type, through that
 * type's own lifecycle (checks, entry number, journal, postings, audit), then matched to the line
 * (decision 064).
 */

const KINDS: Record<StatementPostKind, { table: string; direction: 'in' | 'out'; wrong: string }> = {
  charge: { table: 'account_entries', direction: 'out', wrong: 'A bank charge is money out of the bank' },
  profit: { table: 'account_entries', direction: 'in', wrong: 'Bank profit is money into the bank' },
  agent: { table: 'agent_entries', direction: 'in', wrong: "An agent's deposit is money into the bank" },
  vendor: { table: 'vender_entries', direction: 'out', wrong: 'A vendor payment is money out of the bank' },
}

const recordBody = (kind: StatementPostKind, bank: string, line: StLine, detail: string, user: string) => {
  const amount = fromPaisa(Math.abs(line.signed))
  switch (kind) {
    case 'charge':
    case 'profit':
      return {
        bank_name: bank,
        employee_name: user,
        vendor_name: '',
        date: line.date,
        detail: `${kind === 'charge' ? 'Bank charge' : 'Bank profit'}: ${detail}`,
        credit: kind === 'profit' ? amount : 0,
        debit: kind === 'charge' ? amount : 0,
        // Posted to "Bank charges" (expense) or "Bank profit" (income), issue 36 item 6.
        purpose: kind === 'charge' ? 'bank_charge' : 'bank_profit',
      }
    case 'agent':
      return {
        date: line.date,
        employee: user,
        detail,
        credit: amount,
        debit: 0,
        paid_cash: 0,
        paid_bank: amount,
        bank_title: bank,
      }
    case 'vendor':
      return { date: line.date, detail, bank_title: bank, credit: 0, debit: amount, withdraw: 0 }
  }
}

export const postStatementLine = async (
  db: Db,
  trx: Kysely<Database>,
  state: BankState,
  actor: Actor,
  lineId: number,
  body: StatementPostBody,
): Promise<{ record: { table: string; id: number; entry: string }; match: Match }> => {
  const line = state.stById.get(lineId)
  if (!line) throw new HttpError(404, 'Statement line not found')
  if (state.stMatch.has(lineId))
    throw new HttpError(409, 'This statement line is already matched; unmatch it first')
  const kind = KINDS[body.kind]
  if (directionOf(line.signed) !== kind.direction) throw new HttpError(400, kind.wrong, { kind: kind.wrong })
  const lifecycle = recordLifecycle(db, kind.table)
  if (!lifecycle) throw new HttpError(500, `No lifecycle for ${kind.table}`)
  const detail =
    body.detail ||
    [line.narration, line.reference && `Ref ${line.reference}`].filter(Boolean).join(', ') ||
    'Bank statement'
  const named =
    body.kind === 'agent'
      ? { agent_name: body.name }
      : body.kind === 'vendor'
        ? { vender_name: body.name }
        : {}
  const input = lifecycle.parse({
    ...recordBody(body.kind, state.bank.name, line, detail, actor.user.username),
    ...named,
  })
  const row = await lifecycle.create(trx, actor, input)
  const lines = await trx
    .selectFrom('current_lines')
    .select(['id', 'date', 'entry', 'detail', 'debit', 'credit', 'source_type', 'source_id'])
    .where('source_type', '=', kind.table)
    .where('source_id', '=', row.id)
    .where('account', '=', state.bank.account)
    .execute()
  const own = lines.find((l) => Number(l.debit) - Number(l.credit) === line.signed)
  // The record's own posting rule moved this bank by exactly the line; anything else is a bug.
  if (!own) throw new HttpError(500, 'The posted record did not move this bank by the statement amount')
  state.bk.set(Number(own.id), {
    id: Number(own.id),
    date: own.date,
    entry: own.entry,
    detail: own.detail,
    signed: line.signed,
    source_type: own.source_type,
    source_id: Number(own.source_id),
  })
  const match = await addMatch(trx, state, {
    kind: 'manual',
    st: [lineId],
    bk: [Number(own.id)],
    userId: actor.user.id,
  })
  return { record: { table: kind.table, id: row.id, entry: String(row.entry) }, match }
}
