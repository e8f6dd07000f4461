import { BOOKS_CURRENCY, pkr } from '@booking/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { HttpError } from '../lib/http-error.ts'
import { runText } from '../lib/prepared.ts'
import { accountsFor, byAddress, forgetAccounts, renamedCodes } from './account-rows.ts'
import { type Move, moveMoney } from './moves.ts'
import { holdingForeignHooks, postEntry } from './post.ts'
import { REVALUATION_REVERSAL_SOURCE, REVALUATION_SOURCE } from './revaluation.ts'

type Trx = Kysely<Database>

/**
 * A rename (a bank's): the account at `from` takes the address `to` and the name `name`; no line,
 * checkpoint or verified point moves (decision 082). Refused (false) when another account already
 * has the address `to` (lines posted under that name before): the caller answers 409.
 */
export const renameAccount = async (trx: Trx, from: string, to: string, name: string): Promise<boolean> => {
  if (from === to) return true
  const taken = await trx.selectFrom('accounts').select('id').where('address', '=', to).executeTakeFirst()
  if (taken) return false
  await trx.updateTable('accounts').set({ address: to, name }).where('address', '=', from).execute()
  forgetAccounts(trx)
  return true
}

interface SourceLine {
  source_type: string
  source_id: number
  account: string
  date: string
  debit: bigint
  credit: bigint
  entry: string
  detail: string
  currency: string
  fx: bigint
  rate: bigint | null
}

/**
 * A merge (a customer's, decision 083): every source whose entry in force posts to `from` posts it
 * again with `into` in its place, through the books' one write (a reversal and a new entry, both
 * appended), so the survivor's statement, balance and aging carry the merged customer's lines on
 * their own days, and every closed day's figure stays as it was: an entry dated on or before the
 * lock date cannot be reversed, so such a merge is refused (409) before anything is written. The
 * merged account then has no address and points at its survivor (its balance is nothing). Lines in
 * another currency move with their amounts, rate and rupees; accounts kept in two currencies are
 * not merged (409, decision 144).
 */
export const mergeAccount = async (trx: Trx, from: string, into: string, name: string) => {
  const fromRef = (await byAddress(trx, [from])).get(from)
  if (!fromRef) return
  const intoRef = (await accountsFor(trx, [into])).get(into)!
  // Accounts kept in different currencies (decision 144): a merge would change a balance's currency.
  if (fromRef.currency !== intoRef.currency) {
    const empty = !(
      await runText(trx, 'select 1 as x from posting_lines where account = ? limit 1', [intoRef.code])
    ).length
    const message = `${name} keeps its account in ${fromRef.currency} and the account it is merged into keeps ${intoRef.currency}: accounts in different currencies cannot be merged${
      empty ? ` (set the other's currency to ${fromRef.currency} first: it has no entries yet)` : ''
    }`
    throw new HttpError(409, message, { into_id: message })
  }
  const rows = await runText<Record<string, unknown>>(
    trx,
    `select source_type, source_id, account, date, debit, credit, entry, detail,
       currency, fx_debit, fx_credit, rate from posting_lines l
     where reverses is null and not exists (select 1 from posting_lines r where r.reverses = l.id)
       and (source_type, source_id) in (select source_type, source_id from posting_lines where account = ?)
     order by source_type, source_id, id`,
    [fromRef.code],
  )
  const sources = new Map<string, SourceLine[]>()
  for (const r of rows) {
    const key = `${r.source_type} ${r.source_id}`
    const list = sources.get(key) ?? []
    list.push({
      source_type: String(r.source_type),
      source_id: Number(r.source_id),
      account: String(r.account),
      date: String(r.date),
      debit: BigInt(String(r.debit)),
      credit: BigInt(String(r.credit)),
      entry: String(r.entry),
      detail: String(r.detail),
      currency: String(r.currency),
      fx: BigInt(String(r.fx_debit)) - BigInt(String(r.fx_credit)),
      rate: r.rate == null ? null : BigInt(String(r.rate)),
    })
    sources.set(key, list)
  }
  const addresses = await renamedCodes(trx)
  // A revaluation's lines on the account are not moved as they were: the revaluations of its days
  // are redone once, after every other entry moved (decision 142), and restate the survivor.
  const foreign = fromRef.currency !== BOOKS_CURRENCY
  await holdingForeignHooks(trx, { type: 'merge', id: fromRef.id }, async () => {
    for (const lines of sources.values()) {
      if (!lines.some((l) => l.account === fromRef.code)) continue
      const type = lines[0]!.source_type
      if (foreign && (type === REVALUATION_SOURCE || type === REVALUATION_REVERSAL_SOURCE)) continue
      const first = lines[0]!
      const moves = lines.flatMap((l): Move[] => {
        const address = l.account === fromRef.code ? into : (addresses.get(l.account)?.address ?? l.account)
        // A line in another currency moves as it was: its amount there, its rate and its rupees
        // (decision 144), so both balances are kept to the paisa.
        if (l.currency !== BOOKS_CURRENCY && l.rate !== null)
          return [
            {
              debit: address,
              credit: PIVOT,
              money: { currency: l.currency, minor: l.fx },
              rate: l.rate,
              paisa: l.debit - l.credit,
            },
          ]
        // Each line against one pivot that nets to nothing (linesOf drops it), in exact paisa.
        return moveMoney(address, PIVOT, pkr(l.debit - l.credit))
      })
      await postEntry(trx, {
        source: { type: first.source_type, id: first.source_id },
        day: first.date,
        meta: { entry: first.entry, detail: first.detail },
        moves,
      })
    }
  })
  await trx
    .updateTable('accounts')
    .set({ address: null, name, merged_into: intoRef.id })
    .where('id', '=', fromRef.id)
    .execute()
  await trx
    .updateTable('accounts')
    .set({ merged_into: intoRef.id })
    .where('merged_into', '=', fromRef.id)
    .execute()
  forgetAccounts(trx)
}

/** The other side of every move of a re-post; its lines net to nothing, so it is never written. */
const PIVOT = ':pivot'
