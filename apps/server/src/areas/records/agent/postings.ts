import { fromPaisa, toPaisa } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { PostOptions } from '../../../books/index.ts'
import {
  agentAccount,
  bankAccount,
  CASH,
  incomeAccount,
  type Move,
  move,
  moveIn,
  paidInMoves,
  resolveBank,
  rowCurrency,
  rupeesOn,
  settleDocuments,
  syncLines,
  withRealised,
} from '../../../books/index.ts'
import type { Database } from '../../../db/schema.ts'
import type { ApiRow } from '../../../lib/crud.ts'
import { syncPosting } from '../../../lib/postings.ts'

const AGENT_INCOME = incomeAccount('agent_entries')

/**
 * An agent ledger entry typed on the Agent screen (decision 023): a debit is charged to the agent
 * (Dr agent, Cr agent income); of a credit, Paid cash comes into office cash and Paid bank into its
 * bank (Dr cash / bank, Cr agent); a credit beyond the money received is an allowance (Dr agent
 * income, Cr agent). The agent account's balance is the ledger's debit − credit.
 */
export const agentMoves = (row: ApiRow<'agent_entries'>, bank: string): Move[] => {
  const agent = agentAccount(row.agent_name)
  const bankMoney = bank ? row.paid_bank : 0
  // In the agent's currency at the entry's rate (decision 109); a rupee entry as it always was.
  const c = rowCurrency(row)
  if (c.rate !== null)
    return [
      ...moveIn(c, agent, AGENT_INCOME, row.debit),
      ...moveIn(c, CASH, agent, row.paid_cash),
      ...(bank ? moveIn(c, bankAccount(bank), agent, row.paid_bank) : []),
      ...moveIn(c, AGENT_INCOME, agent, paisaDiff(row.credit, row.paid_cash, bankMoney)),
    ]
  return [
    ...move(agent, AGENT_INCOME, row.debit),
    ...move(CASH, agent, row.paid_cash),
    ...(bank ? move(bankAccount(bank), agent, row.paid_bank) : []),
    ...move(AGENT_INCOME, agent, paisaDiff(row.credit, row.paid_cash, bankMoney)),
  ]
}

/** a − b − c to the paisa (0.3 − 0.1 − 0.2 is 0, not 5.5e-17). */
const paisaDiff = (a: number, b: number, c: number) => fromPaisa(toPaisa(a) - toPaisa(b) - toPaisa(c))

/** Rows another record posted (a ticket's) carry that record's lines, not these. */
export const postAgentEntry = async (
  trx: Kysely<Database>,
  row: ApiRow<'agent_entries'>,
  opts: PostOptions<'agent_entries'>,
) => {
  if (row.source_type) return
  const bank = await resolveBank(trx, row.bank_title, {
    amount: row.paid_bank,
    field: 'bank_title',
    previous: opts.before?.bank_title,
    lenient: opts.lenient,
  })
  const source = { type: 'agent_entries', id: row.id }
  const bare = agentMoves(row, bank)
  // A receipt typed in rupees brings exactly them into cash or the bank (decision 120).
  const paid = await paidInMoves(trx, 'agent_entries', row.id, bare, {
    paid_cash: CASH,
    ...(bank ? { paid_bank: bankAccount(bank) } : {}),
  })
  const detail = [`Agent ${row.agent_name}`, row.detail].filter(Boolean).join(': ')
  await syncPosting(
    trx,
    'account_entries',
    source,
    bank && row.paid_bank > 0
      ? {
          bank_name: bank,
          employee_name: row.employee,
          vendor_name: '',
          entry: row.entry,
          date: row.date,
          detail,
          // The bank's rupees: a foreign entry's money converted as its lines are.
          credit:
            rowCurrency(row).rate === null
              ? row.paid_bank
              : fromPaisa(
                  Number(
                    paid.rupees.get(bankAccount(bank)) ?? BigInt(toPaisa(rupeesOn(bare, bankAccount(bank)))),
                  ),
                ),
          debit: 0,
        }
      : null,
  )
  // Lines last: they take the books' total row, which every write takes last (books/lines.ts).
  // A receipt that settles the agent in its currency takes the rates' difference along (decision 109).
  const own = [...bare, ...paid.moves]
  // The bills it names, each settled exactly in its currency with its rates' difference (decision 120).
  const settled = await settleDocuments(trx, 'agent_entries', row, agentAccount(row.agent_name), own)
  const moves = await withRealised(trx, source, agentAccount(row.agent_name), [...own, ...settled])
  await syncLines(trx, source, { date: row.date, entry: row.entry, detail }, moves)
}
