import {
  BOOKS_CURRENCY,
  fromPaisa,
  pkr,
  rateOfMicro,
  rupeesSettle,
  type SettlesItem,
  toPaisa,
} from '@booking/shared'
import type { Kysely } from 'kysely'
import { dbPaisa } from '../db/money-columns.ts'
import type { Database } from '../db/schema.ts'
import { HttpError } from '../lib/http-error.ts'
import { runText } from '../lib/prepared.ts'
import { lockNames } from '../lib/write-locks.ts'
import { accountsFor } from './account-rows.ts'
import { linesOf, type Move, moveMoney, REALISED } from './moves.ts'

type Trx = Kysely<Database>

/**
 * Per-document settlement (issue 34 item 4, decision 120). A Vendor or Agent payment names, in
 * `settles`, the rows of its party's ledger it settles: bills (a vendor's payable, an agent's
 * charge) and, to apply them too, earlier payments' open advances. Its money and the advances are
 * spread over the bills in order; each piece keeps its part of the bill's rupees (at the bill's
 * rate) and of the money's rupees (at the money's rate), the last piece of each taking exactly what
 * is left, so a bill settled in full is 0.00 in its currency and in rupees. The pieces' rupee
 * difference is the payment entry's realised line. Pieces live in fx_settlements, rewritten with
 * each save of the payment.
 */

export type LedgerTable = 'vender_entries' | 'agent_entries'

interface LedgerOf {
  party: (row: Record<string, unknown>) => string
  /** +1 when the party's bills are debits on its account (an agent's charges), −1 when credits. */
  billSign: 1n | -1n
  isBill: (row: Record<string, unknown>) => boolean
  isMoney: (row: Record<string, unknown>) => boolean
}

const num = (v: unknown) => Number(v ?? 0)

export const LEDGERS: Record<LedgerTable, LedgerOf> = {
  vender_entries: {
    party: (r) => String(r.vender_name),
    billSign: -1n,
    isBill: (r) => num(r.credit) > 0,
    isMoney: (r) => num(r.debit) > 0 || num(r.withdraw) > 0,
  },
  agent_entries: {
    party: (r) => String(r.agent_name),
    billSign: 1n,
    isBill: (r) => num(r.debit) > 0,
    isMoney: (r) => num(r.credit) > 0,
  },
}

const refuse = (message: string): never => {
  throw new HttpError(400, message, { settles: message })
}

// A write's `settles` travels from its check (which has the body) to its posting (which has the
// row) in the same transaction; a batch's records are written one after another.
const asked = new WeakMap<object, Map<string, SettlesItem[] | null>>()

/** Keeps the body's `settles` for the posting of the row being written (absent: keep what it had). */
export const askSettles = (trx: Trx, table: LedgerTable, input: unknown) => {
  const list = (input as { settles?: SettlesItem[] | null } | undefined)?.settles
  const mine = asked.get(trx) ?? new Map<string, SettlesItem[] | null>()
  if (list === undefined) mine.delete(table)
  else mine.set(table, list)
  asked.set(trx, mine)
}

const takeAsked = (trx: Trx, table: LedgerTable): SettlesItem[] | null | undefined => {
  const mine = asked.get(trx)
  const list = mine?.get(table)
  mine?.delete(table)
  return list
}

/** The source a ledger row's lines are posted under (its own, or the record that made it). */
const lineSourceOf = (table: string, row: Record<string, unknown>) =>
  row.source_type
    ? { type: String(row.source_type), id: num(row.source_id) }
    : { type: table, id: num(row.id) }

/** A source's lines in force on an account, in the account's currency: signed amount and rupees. */
const linesOn = async (trx: Trx, code: string, source: { type: string; id: number }) => {
  const rows = await runText<{ fx: unknown; n: unknown }>(
    trx,
    `select coalesce(sum(fx_debit) - sum(fx_credit), 0) as fx, coalesce(sum(debit) - sum(credit), 0) as n
     from posting_lines l where account = ? and source_type = ? and source_id = ? and currency <> 'PKR'`,
    [code, source.type, source.id],
  )
  return { fx: dbPaisa(rows[0]?.fx), paisa: dbPaisa(rows[0]?.n) }
}

/** What other payments' pieces already took of a row, as a bill (`doc`) or as money. */
const takenOf = async (
  trx: Trx,
  side: 'doc' | 'money',
  table: string,
  id: number,
  not: { type: string; id: number },
) => {
  const paisa = side === 'doc' ? 'doc_paisa' : 'money_paisa'
  const rows = await runText<{ fx: unknown; n: unknown }>(
    trx,
    `select coalesce(sum(fx), 0) as fx, coalesce(sum(${paisa}), 0) as n from fx_settlements
     where ${side}_type = ? and ${side}_id = ? and not (source_type = ? and source_id = ?)`,
    [table, id, not.type, not.id],
  )
  return { fx: dbPaisa(rows[0]?.fx), paisa: dbPaisa(rows[0]?.n) }
}

/** n / d rounded half away from zero (n ≥ 0, d > 0). */
const share = (n: bigint, d: bigint) => (2n * n + d) / (2n * d)

const abs = (n: bigint) => (n < 0n ? -n : n)

interface Open {
  table: string
  id: number
  fx: bigint
  paisa: bigint
}

/** Of `open`, the rupees of `fx` of it: all that is left when it takes the rest, else its share. */
const take = (open: Open, fx: bigint) => {
  const paisa = fx === open.fx ? open.paisa : share(open.paisa * fx, open.fx)
  open.fx -= fx
  open.paisa -= paisa
  return paisa
}

/**
 * The pieces `moves` (a payment of `table`'s row `row`) settle and the realised rupee line they
 * add, written to fx_settlements (the row's earlier pieces replaced). An edit without `settles`
 * keeps the bills and advances it named.
 */
export const settleDocuments = async (
  trx: Trx,
  table: LedgerTable,
  row: Record<string, unknown>,
  partyAddress: string,
  moves: readonly Move[],
): Promise<Move[]> => {
  const source = { type: table, id: num(row.id) }
  const ledger = LEDGERS[table]
  let items = takeAsked(trx, table)
  if (items === undefined) {
    const kept = await trx
      .selectFrom('fx_settlements')
      .select(['doc_id', 'money_type', 'money_id', 'asked'])
      .where('source_type', '=', table)
      .where('source_id', '=', source.id)
      .orderBy('place')
      .execute()
    const seen = new Set<number>()
    items = []
    for (const k of kept) {
      const advance = !(k.money_type === table && Number(k.money_id) === source.id)
      if (advance && !seen.has(Number(k.money_id))) {
        seen.add(Number(k.money_id))
        items.push({ id: Number(k.money_id) })
      }
    }
    // Each bill as it was named: by the amount typed, else by what is open.
    const byDoc = new Map<number, unknown>()
    for (const k of kept) if (!byDoc.has(Number(k.doc_id))) byDoc.set(Number(k.doc_id), k.asked)
    for (const [id, asked] of byDoc)
      items.push(asked == null ? { id } : { id, amount: fromPaisa(Number(dbPaisa(asked))) })
  }
  await trx
    .deleteFrom('fx_settlements')
    .where('source_type', '=', table)
    .where('source_id', '=', source.id)
    .execute()
  if (!items || items.length === 0) return []

  const ref = (await accountsFor(trx, [partyAddress])).get(partyAddress)!
  const party = ledger.party(row)
  if (ref.currency === BOOKS_CURRENCY)
    refuse(`${party} keeps its account in rupees: settles names bills of a party kept in another currency`)
  if (!ledger.isMoney(row) || ledger.isBill(row)) refuse('Only a payment settles bills: this row is not one')
  // What is open of the party's bills and advances is this write's alone until it commits.
  await lockNames(trx, [`account:${ref.code}`])

  // The pool: the named advances (oldest named first), then this payment's own money.
  const pool: Open[] = []
  const bills: { open: Open; want: bigint | null }[] = []
  const named = new Set<number>()
  for (const item of items) {
    if (item.id === source.id) refuse(`Row ${item.id} is this payment`)
    if (named.has(item.id)) refuse(`Row ${item.id} is named twice`)
    named.add(item.id)
    const other = (await trx.selectFrom(table).selectAll().where('id', '=', item.id).executeTakeFirst()) as
      | Record<string, unknown>
      | undefined
    if (!other || ledger.party(other) !== party) refuse(`Row ${item.id} is not in ${party}'s ledger`)
    // A row another record made (an Umrah's payable) keeps its money in its lines, not its row.
    const lines = await linesOn(trx, ref.code, lineSourceOf(table, other!))
    const side = lines.fx * ledger.billSign
    if (side > 0n) {
      const taken = await takenOf(trx, 'doc', table, item.id, source)
      const open = { table, id: item.id, fx: abs(lines.fx) - taken.fx, paisa: abs(lines.paisa) - taken.paisa }
      if (open.fx <= 0n) refuse(`Row ${item.id} is settled already`)
      const want = item.amount === undefined ? null : BigInt(toPaisa(item.amount))
      if (want !== null && want > open.fx)
        refuse(`Row ${item.id} has only ${ref.currency} ${fromPaisa(Number(open.fx))} open`)
      bills.push({ open, want })
    } else if (side < 0n) {
      const taken = await takenOf(trx, 'money', table, item.id, source)
      const open = { table, id: item.id, fx: abs(lines.fx) - taken.fx, paisa: abs(lines.paisa) - taken.paisa }
      if (open.fx <= 0n) refuse(`Row ${item.id} has no advance left to apply`)
      pool.push(open)
    } else refuse(`Row ${item.id} moves no money`)
  }
  if (bills.length === 0) refuse('Settles names no bill')
  const own = linesOf(moves).lines.filter((l) => l.account === partyAddress && l.currency === ref.currency)
  const ownFx = abs(own.reduce((s, l) => s + l.fx_debit - l.fx_credit, 0n))
  const ownPaisa = abs(own.reduce((s, l) => s + l.debit - l.credit, 0n))
  const ownTaken = await takenOf(trx, 'money', table, source.id, source)
  if (ownFx - ownTaken.fx > 0n)
    pool.push({ table, id: source.id, fx: ownFx - ownTaken.fx, paisa: ownPaisa - ownTaken.paisa })

  const pieces = spread(bills, pool)
  if (pieces.length === 0) refuse('Nothing is left to settle the bills named with')
  await writePieces(trx, source, ref.currency, pieces)
  // The party's rupees from the pieces (bill side signed as the bills are, money the other way)
  // go to the realised account, so every settled piece leaves nothing on the party.
  const left = ledger.billSign * pieces.reduce((s, p) => s + p.doc_paisa - p.money_paisa, 0n)
  return moveMoney(REALISED, partyAddress, pkr(left))
}

interface Piece {
  doc: Open
  money: Open
  asked: bigint | null
  fx: bigint
  doc_paisa: bigint
  money_paisa: bigint
}

/**
 * The money (advances first, then the payment's own) spread over the bills in order: each piece
 * the smaller of what the bill still needs and what the money has left, its rupees its share of
 * each side's (the last piece of either taking exactly what is left). A bill named by amount that
 * the money does not cover is a 400.
 */
const spread = (bills: readonly { open: Open; want: bigint | null }[], pool: Open[]): Piece[] => {
  const pieces: Piece[] = []
  for (const bill of bills) {
    let need = bill.want ?? bill.open.fx
    while (need > 0n) {
      const money = pool.find((m) => m.fx > 0n)
      if (!money) {
        if (bill.want === null) break
        refuse(
          `The payment and the advances named do not cover row ${bill.open.id}'s ${fromPaisa(Number(bill.want))}`,
        )
      }
      // The smaller of what the bill still needs and what the money has left (bigints: no Math.min).
      const fx = [need, money!.fx].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))[0]!
      const doc_paisa = take(bill.open, fx)
      const money_paisa = take(money!, fx)
      pieces.push({ doc: bill.open, money: money!, asked: bill.want, fx, doc_paisa, money_paisa })
      need -= fx
    }
  }
  return pieces
}

/** A payment's pieces, in order, kept in fx_settlements under its source. */
const writePieces = async (
  trx: Trx,
  source: { type: string; id: number },
  currency: string,
  pieces: readonly Piece[],
) => {
  let place = 0
  for (const p of pieces)
    await trx
      .insertInto('fx_settlements')
      .values({
        source_type: source.type,
        source_id: source.id,
        place: place++,
        doc_type: p.doc.table,
        doc_id: p.doc.id,
        money_type: p.money.table,
        money_id: p.money.id,
        currency,
        fx: p.fx.toString() as unknown as number,
        doc_paisa: p.doc_paisa.toString() as unknown as number,
        money_paisa: p.money_paisa.toString() as unknown as number,
        asked: p.asked === null ? null : (p.asked.toString() as unknown as number),
      })
      .execute()
}

/**
 * A later payment (Receive Payment) against a sale kept in its party's foreign currency (issue 34
 * item 4, decision 138): the sale is the bill, the payment's own money settles what is open of it,
 * exactly in the currency, with the pieces of decision 120 (the last piece takes the rupees left),
 * under the payment's source. Answers the realised rupee line; nothing for a rupee party.
 */
export const settleSalePayment = async (
  trx: Trx,
  payment: { type: string; id: number },
  sale: { type: string; id: number },
  partyAddress: string,
  moves: readonly Move[],
): Promise<Move[]> => {
  await trx
    .deleteFrom('fx_settlements')
    .where('source_type', '=', payment.type)
    .where('source_id', '=', payment.id)
    .execute()
  const ref = (await accountsFor(trx, [partyAddress])).get(partyAddress)!
  if (ref.currency === BOOKS_CURRENCY) return []
  // What is open of the sale is this write's alone until it commits.
  await lockNames(trx, [`account:${ref.code}`])
  const lines = await linesOn(trx, ref.code, sale)
  const taken = await takenOf(trx, 'doc', sale.type, sale.id, payment)
  const open = { table: sale.type, id: sale.id, fx: lines.fx - taken.fx, paisa: lines.paisa - taken.paisa }
  const own = linesOf(moves).lines.filter((l) => l.account === partyAddress && l.currency === ref.currency)
  const money = {
    table: payment.type,
    id: payment.id,
    fx: abs(own.reduce((s, l) => s + l.fx_debit - l.fx_credit, 0n)),
    paisa: abs(own.reduce((s, l) => s + l.debit - l.credit, 0n)),
  }
  if (open.fx <= 0n || money.fx === 0n) return []
  const pieces = spread([{ open, want: null }], [money])
  await writePieces(trx, payment, ref.currency, pieces)
  // A sale's bill is a debit on its party (as an agent's charge is).
  return moveMoney(REALISED, partyAddress, pkr(pieces.reduce((s, p) => s + p.doc_paisa - p.money_paisa, 0n)))
}

/** The rupees a source's lines in force put on a party's account, signed debit − credit (paisa). */
export const rupeesOnParty = async (trx: Trx, source: { type: string; id: number }, partyAddress: string) => {
  const ref = (await accountsFor(trx, [partyAddress])).get(partyAddress)!
  const rows = await runText<{ n: unknown }>(
    trx,
    `select coalesce(sum(debit) - sum(credit), 0) as n from posting_lines
     where account = ? and source_type = ? and source_id = ?`,
    [ref.code, source.type, source.id],
  )
  return dbPaisa(rows[0]?.n)
}

/** 409 before a row another payment settled or applied is changed in its money, or deleted. */
export const refuseSettledChange = async (
  trx: Trx,
  table: LedgerTable,
  id: number,
  change: 'edit' | 'delete',
) => {
  const rows = await runText<{ source_id: unknown }>(
    trx,
    `select distinct source_id from fx_settlements
     where source_type = ? and source_id <> ? and ((doc_type = ? and doc_id = ?) or (money_type = ? and money_id = ?))`,
    [table, id, table, id, table, id],
  )
  if (rows.length === 0) return
  const by = rows.map((r) => Number(r.source_id)).sort((a, b) => a - b)
  throw new HttpError(
    409,
    `Row ${id} is settled or applied by payment row${by.length > 1 ? 's' : ''} ${by.join(', ')}: ${
      change === 'delete' ? 'delete' : 'edit'
    } ${by.length > 1 ? 'those' : 'that'} first`,
  )
}

/** The pieces a payment settled, for its answer ("says what it settled"). */
export const settledBy = async (db: Trx, table: LedgerTable, ids: readonly number[]) => {
  if (ids.length === 0) return new Map<number, Record<string, unknown>[]>()
  const rows = await db
    .selectFrom('fx_settlements')
    .selectAll()
    .where('source_type', '=', table)
    .where('source_id', 'in', ids.slice(0, 1000))
    .orderBy('source_id')
    .orderBy('place')
    .execute()
  const by = new Map<number, Record<string, unknown>[]>()
  for (const r of rows) {
    const list = by.get(Number(r.source_id)) ?? []
    const doc = dbPaisa(r.doc_paisa)
    const money = dbPaisa(r.money_paisa)
    list.push({
      id: Number(r.doc_id),
      currency: r.currency,
      amount: fromPaisa(Number(dbPaisa(r.fx))),
      rupees: fromPaisa(Number(doc)),
      with: Number(r.money_id),
      paid_rupees: fromPaisa(Number(money)),
      realised: fromPaisa(Number(LEDGERS[table].billSign * (money - doc))),
    })
    by.set(Number(r.source_id), list)
  }
  return by
}

/** A bill's residual in its currency and in rupees, and the pieces that settled it. */
export const documentOf = async (db: Trx, table: LedgerTable, id: number) => {
  const row = (await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as
    | Record<string, unknown>
    | undefined
  const ledger = LEDGERS[table]
  if (!row) throw new HttpError(404, 'Bill not found')
  const kind = table === 'vender_entries' ? 'vendor' : 'agent'
  const address = `${kind}:${ledger.party(row)}`
  const ref = (await accountsFor(db, [address])).get(address)!
  const lines = await linesOn(db, ref.code, lineSourceOf(table, row))
  const rupeeLine =
    ref.currency === BOOKS_CURRENCY
      ? await runText<{ n: unknown }>(
          db,
          `select coalesce(sum(debit) - sum(credit), 0) as n from posting_lines
           where account = ? and source_type = ? and source_id = ?`,
          [ref.code, lineSourceOf(table, row).type, lineSourceOf(table, row).id],
        )
      : null
  const signed = rupeeLine ? dbPaisa(rupeeLine[0]?.n) : lines.fx
  // A bill is on its side of the party's account (a linked row's money is in its lines).
  if (signed * ledger.billSign <= 0n) throw new HttpError(404, 'Bill not found')
  const fx = abs(lines.fx)
  const paisa = rupeeLine ? abs(signed) : abs(lines.paisa)
  const pieces = await db
    .selectFrom('fx_settlements')
    .selectAll()
    .where('doc_type', '=', table)
    .where('doc_id', '=', id)
    .orderBy('id')
    .execute()
  const settledFx = pieces.reduce((s, p) => s + dbPaisa(p.fx), 0n)
  const settledPaisa = pieces.reduce((s, p) => s + dbPaisa(p.doc_paisa), 0n)
  const amount = ref.currency === BOOKS_CURRENCY ? paisa : fx
  return {
    table,
    id,
    party: ledger.party(row),
    currency: ref.currency,
    rate: row.rate == null ? null : rateOfMicro(String(row.rate)),
    amount: fromPaisa(Number(amount)),
    rupees: fromPaisa(Number(paisa)),
    open: {
      currency: ref.currency,
      amount: fromPaisa(Number(amount - settledFx)),
      rupees: fromPaisa(Number(paisa - settledPaisa)),
    },
    settled_by: pieces.map((p) => ({
      table: p.source_type,
      id: Number(p.source_id),
      with: { table: p.money_type, id: Number(p.money_id) },
      amount: fromPaisa(Number(dbPaisa(p.fx))),
      rupees: fromPaisa(Number(dbPaisa(p.doc_paisa))),
      paid_rupees: fromPaisa(Number(dbPaisa(p.money_paisa))),
      realised: fromPaisa(Number(ledger.billSign * (dbPaisa(p.money_paisa) - dbPaisa(p.doc_paisa)))),
    })),
  }
}

/**
 * What is still open of an earlier payment's money (an advance a later payment may apply, decision
 * 120): its lines on the party's foreign account less what every payment's pieces took of it (its
 * own included). Null when the row is not money on a foreign party, or nothing of it is left.
 */
export const advanceOf = async (db: Trx, table: LedgerTable, row: Record<string, unknown>) => {
  const ledger = LEDGERS[table]
  if (!ledger.isMoney(row) || ledger.isBill(row)) return null
  const kind = table === 'vender_entries' ? 'vendor' : 'agent'
  const address = `${kind}:${ledger.party(row)}`
  const ref = (await accountsFor(db, [address])).get(address)
  if (!ref || ref.currency === BOOKS_CURRENCY) return null
  const lines = await linesOn(db, ref.code, lineSourceOf(table, row))
  if (lines.fx * ledger.billSign >= 0n) return null
  const taken = await takenOf(db, 'money', table, num(row.id), { type: '', id: -1 })
  const fx = abs(lines.fx)
  const open = fx - taken.fx
  if (open <= 0n) return null
  return {
    id: num(row.id),
    currency: ref.currency,
    rate: row.rate == null ? null : rateOfMicro(String(row.rate)),
    amount: fromPaisa(Number(fx)),
    open: {
      currency: ref.currency,
      amount: fromPaisa(Number(open)),
      rupees: fromPaisa(Number(abs(lines.paisa) - taken.paisa)),
    },
  }
}

const MONEY_KEYS: Record<LedgerTable, readonly string[]> = {
  vender_entries: ['vender_name', 'credit', 'debit', 'withdraw', 'currency', 'rate'],
  agent_entries: ['agent_name', 'credit', 'debit', 'paid_cash', 'paid_bank', 'currency', 'rate'],
}

/**
 * The settlement's part of a ledger row's check (before anything is written): keeps the body's
 * `settles` for its posting, and refuses (409) a change to the money of a row another payment
 * settled or applied.
 */
export const checkSettlement = async (
  trx: Trx,
  table: LedgerTable,
  row: Record<string, unknown> | null,
  before: Record<string, unknown> | null,
  input: unknown,
) => {
  if (row) askSettles(trx, table, input)
  if (!before) return
  const changed =
    row === null ||
    MONEY_KEYS[table].some((k) => k in row && String(row[k] ?? '') !== String(before[k] ?? ''))
  if (changed) await refuseSettledChange(trx, table, Number(before.id), row === null ? 'delete' : 'edit')
}

/** A deleted payment's pieces go with it (its lines are reversed beside); a Receive Payment's too. */
export const forgetSettlements = (trx: Trx, table: LedgerTable | 'payments', id: number) =>
  trx.deleteFrom('fx_settlements').where('source_type', '=', table).where('source_id', '=', id).execute()

/** `settled` on the answers of the payments that settled bills (in place): what each piece took. */
export const settlementsAnswered = async (db: Trx, table: string, answers: Record<string, unknown>[]) => {
  if (table !== 'vender_entries' && table !== 'agent_entries') return
  const ids = answers.map((a) => Number(a.id)).filter((id) => Number.isInteger(id))
  const by = await settledBy(db, table, ids)
  const paid = await paidInOf(db, table, ids)
  for (const a of answers) {
    const pieces = by.get(Number(a.id))
    if (pieces) a.settled = pieces
    const rupees = paid.get(Number(a.id))
    if (rupees !== undefined) a.paid = { currency: BOOKS_CURRENCY, amount: rupees }
  }
}

/** The fields of a payment that carry money, and whether the money comes in (a receipt) or goes out. */
const MONEY_FIELDS: Record<
  LedgerTable,
  { fields: readonly string[]; total: string | null; incoming: boolean }
> = {
  vender_entries: { fields: ['debit'], total: null, incoming: false },
  agent_entries: { fields: ['paid_cash', 'paid_bank'], total: 'credit', incoming: true },
}

const paidIn = new WeakMap<object, Map<string, Record<string, string> | null>>()

/**
 * A payment typed in rupees against a party kept in another currency (issue 34 item 4, decision
 * 120), run in the check before the entry's currency is settled: converted at the payment's rate
 * (typed, else the party currency's rate in force that day) to the party's currency, to the
 * hundredth (half up), so the party's ledger stays in its currency; the rupees paid are kept so
 * the cash or bank line carries exactly them. A bill in rupees against such a party is a 400.
 */
export const convertRupeePayment = async (
  trx: Trx,
  table: LedgerTable,
  row: Record<string, unknown>,
  party: { address: string; name: string },
  rateOf: (currency: string, date: string) => Promise<bigint | undefined>,
) => {
  const mine = paidIn.get(trx) ?? new Map<string, Record<string, string> | null>()
  paidIn.set(trx, mine)
  mine.set(table, null)
  if (row.currency !== BOOKS_CURRENCY) return
  const account = (await accountsFor(trx, [party.address])).get(party.address)?.currency ?? BOOKS_CURRENCY
  if (account === BOOKS_CURRENCY) return
  const spec = MONEY_FIELDS[table]
  const ledger = LEDGERS[table]
  const paid = spec.fields.reduce((s, f) => s + BigInt(toPaisa(num(row[f]))), 0n)
  const whole = spec.total === null || BigInt(toPaisa(num(row[spec.total]))) === paid
  if (ledger.isBill(row) || !ledger.isMoney(row) || paid === 0n || !whole || num(row.withdraw) > 0) {
    const message = `${party.name} keeps its account in ${account}: enter the amounts in ${account} (a payment in rupees is converted; a bill is not)`
    throw new HttpError(400, message, { currency: message })
  }
  const typed = typeof row.rate === 'string' ? BigInt(row.rate) : undefined
  const rate = typed ?? (await rateOf(account, String(row.date)))
  if (rate === undefined) {
    const message = `No ${account} rate on or before ${String(row.date)}: type the rate, or save the day's rate under Rates`
    throw new HttpError(400, message, { rate: message })
  }
  // Hundredths of the party's currency: paisa × 10^6 / micro-rupees, half up.
  const convert = (paisa: bigint) => (2n * paisa * 1_000_000n + rate) / (2n * rate)
  const kept: Record<string, string> = {}
  let total = 0n
  for (const f of spec.fields) {
    const p = BigInt(toPaisa(num(row[f])))
    const x = convert(p)
    row[f] = fromPaisa(Number(x))
    total += x
    if (p > 0n) kept[f] = p.toString()
  }
  if (spec.total !== null) row[spec.total] = fromPaisa(Number(total))
  if (total === 0n) {
    const message = `Rs ${fromPaisa(Number(paid))} is less than 0.01 ${account} at this rate`
    throw new HttpError(400, message, { currency: message })
  }
  row.currency = account
  row.rate = rate.toString()
  mine.set(table, kept)
}

/**
 * The rupee payment's cash and bank lines made exactly the rupees paid (decision 120): the
 * conversion's rounding (under half a hundredth at the rate) moves to the realised account; the
 * stored record of it is rewritten with each save. Answers the rupees per account, for the
 * Office Accounts row.
 */
export const paidInMoves = async (
  trx: Trx,
  table: LedgerTable,
  id: number,
  moves: readonly Move[],
  accountOf: Record<string, string>,
): Promise<{ moves: Move[]; rupees: Map<string, bigint> }> => {
  const mine = paidIn.get(trx)
  let kept: Record<string, string> | null | undefined = mine?.get(table)
  mine?.delete(table)
  if (kept === undefined) {
    // A save without a check (a restore, a re-post): what it was paid stays.
    const row = await trx
      .selectFrom('fx_paid_in')
      .select('paid')
      .where('source_type', '=', table)
      .where('source_id', '=', id)
      .executeTakeFirst()
    kept = row ? (JSON.parse(row.paid) as Record<string, string>) : null
  } else {
    await trx.deleteFrom('fx_paid_in').where('source_type', '=', table).where('source_id', '=', id).execute()
    if (kept)
      await trx
        .insertInto('fx_paid_in')
        .values({ source_type: table, source_id: id, paid: JSON.stringify(kept) })
        .execute()
  }
  const rupees = new Map<string, bigint>()
  if (!kept) return { moves: [], rupees }
  const lines = linesOf(moves).lines
  const incoming = MONEY_FIELDS[table].incoming
  const out: Move[] = []
  for (const [field, paisa] of Object.entries(kept)) {
    const account = accountOf[field]
    if (!account) continue
    const line = lines.find((l) => l.account === account)
    const now = line ? abs(line.debit - line.credit) : 0n
    const want = BigInt(paisa)
    rupees.set(account, want)
    out.push(
      ...(incoming
        ? moveMoney(account, REALISED, pkr(want - now))
        : moveMoney(REALISED, account, pkr(want - now))),
    )
  }
  return { moves: out, rupees }
}

/** A deleted payment's rupees paid go with it. */
export const forgetPaidIn = (trx: Trx, table: LedgerTable, id: number) =>
  trx.deleteFrom('fx_paid_in').where('source_type', '=', table).where('source_id', '=', id).execute()

/** What a rupee payment paid, for its answer. */
export const paidInOf = async (db: Trx, table: LedgerTable, ids: readonly number[]) => {
  if (ids.length === 0) return new Map<number, number>()
  const rows = await db
    .selectFrom('fx_paid_in')
    .selectAll()
    .where('source_type', '=', table)
    .where('source_id', 'in', ids.slice(0, 1000))
    .execute()
  return new Map(
    rows.map((r) => [
      Number(r.source_id),
      fromPaisa(
        Number(
          Object.values(JSON.parse(r.paid) as Record<string, string>).reduce((s, v) => s + BigInt(v), 0n),
        ),
      ),
    ]),
  )
}

/**
 * A Receive Payment in rupees against a sale kept in another currency (issue 34 item 4, decision
 * 152): the rupees converted at the payment's rate to the sale's hundredths, half up, once (as
 * decision 120 converts a ledger payment). A payment that converts to within one hundredth of what
 * is open settles the open exactly (its rounding is realised with the rest), so a sale paid in full
 * ends at 0.00 in both currencies. Answers the hundredths settled (0: less than 0.01).
 */
export const convertSaleRupees = (paisa: bigint, rate: bigint, open: bigint) =>
  rupeesSettle(paisa, rate, open)

/**
 * The rupee payment's cash or bank line made exactly the rupees paid: the conversion's rounding
 * moves to the realised account, and the rupees paid are kept (fx_paid_in) for the payment's
 * answer and receipt (decision 152).
 */
export const salePaidInMoves = async (
  trx: Trx,
  payment: { type: string; id: number },
  account: string,
  paisa: bigint,
  moves: readonly Move[],
): Promise<Move[]> => {
  await trx
    .insertInto('fx_paid_in')
    .values({
      source_type: payment.type,
      source_id: payment.id,
      paid: JSON.stringify({ [account]: paisa.toString() }),
    })
    .execute()
  const line = linesOf(moves).lines.find((l) => l.account === account)
  const now = line ? abs(line.debit - line.credit) : 0n
  return moveMoney(account, REALISED, pkr(paisa - now))
}

/** The rupees Receive Payments in rupees paid (decision 152), by payment id. */
export const salePaidIn = async (db: Trx, ids: readonly number[]) => {
  if (ids.length === 0) return new Map<number, number>()
  const rows = await db
    .selectFrom('fx_paid_in')
    .selectAll()
    .where('source_type', '=', 'payments')
    .where('source_id', 'in', ids.slice(0, 1000))
    .execute()
  return new Map(
    rows.map((r) => [
      Number(r.source_id),
      Number(Object.values(JSON.parse(r.paid) as Record<string, string>).reduce((s, v) => s + BigInt(v), 0n)),
    ]),
  )
}

/** A Receive Payment's rupees paid go with it. */
export const forgetSalePaidIn = (trx: Trx, id: number) =>
  trx.deleteFrom('fx_paid_in').where('source_type', '=', 'payments').where('source_id', '=', id).execute()
