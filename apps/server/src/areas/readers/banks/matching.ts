import { addDaysIso, type BankMatch, type Direction, fromPaisa } from '@booking/shared'
import type { Kysely } from 'kysely'
import { codeOf } from '../../../books/account-rows.ts'
import type { Database } from '../../../db/schema.ts'
import { bankAccount } from '../../../lib/books/accounts.ts'
import { HttpError } from '../../../lib/http-error.ts'

/**
 * A bank's statement lines, its book lines in force and the matches between them (decision 063),
 * loaded once per call; automatic matching and the resolution of matches whose book line was
 * reversed work on this state, and writes store what changed.
 */

type Reader = Kysely<Database>

/**
 * Lets the event loop answer others between steps of a long import or match (issue 33 item 2):
 * SQLite's calls are synchronous, so awaiting them alone never gives another request a turn.
 */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve))

export interface Bank {
  id: number
  name: string
  account: string
}

export interface StLine {
  id: number
  import_id: number
  row: number
  date: string
  narration: string
  reference: string
  /** Paisa: positive in, negative out. */
  signed: number
  balance: number | null
}

export interface BkLine {
  id: number
  date: string
  entry: string
  detail: string
  signed: number
  source_type: string
  source_id: number
}

export interface Match {
  id: number
  kind: 'auto' | 'manual'
  confirmed: boolean
  st: number[]
  bk: number[]
}

export interface BankState {
  bank: Bank
  /** The first statement line's day; null before any import. */
  start: string | null
  /** Ordered by day, then file (import), then row. */
  st: StLine[]
  stById: Map<number, StLine>
  bk: Map<number, BkLine>
  matches: Map<number, Match>
  stMatch: Map<number, number>
  bkMatch: Map<number, number>
  /** What resolving reversed book lines changed, for a write to store. */
  moved: Array<{ match: number; from: number; to: number }>
  dropped: number[]
}

/** How many days apart a statement line and a book line may be and still pair automatically. */
export const MATCH_DAYS = 3

export const directionOf = (signed: number): Direction => (signed > 0 ? 'in' : 'out')

export const bankById = async (db: Reader, id: number): Promise<Bank> => {
  const bank = await db.selectFrom('banks').select(['id', 'name']).where('id', '=', id).executeTakeFirst()
  if (!bank) throw new HttpError(404, 'Bank not found')
  // A renamed bank's lines keep the code of its first name (decision 082).
  return { id: bank.id, name: bank.name, account: await codeOf(db, bankAccount(bank.name)) }
}

const bookLineOf = (l: {
  id: number
  date: string
  entry: string
  detail: string
  debit: number | string
  credit: number | string
  source_type: string
  source_id: number
}): BkLine => ({
  id: Number(l.id),
  date: l.date,
  entry: l.entry,
  detail: l.detail,
  signed: Number(l.debit) - Number(l.credit),
  source_type: l.source_type,
  source_id: Number(l.source_id),
})

const BOOK_COLUMNS = ['id', 'date', 'entry', 'detail', 'debit', 'credit', 'source_type', 'source_id'] as const

export const loadState = async (db: Reader, bank: Bank): Promise<BankState> => {
  const stRows = await db
    .selectFrom('bank_statement_lines')
    .selectAll()
    .where('bank_id', '=', bank.id)
    .orderBy('date')
    .orderBy('import_id')
    .orderBy('row_no')
    .execute()
  const st: StLine[] = stRows.map((r) => ({
    id: Number(r.id),
    import_id: Number(r.import_id),
    row: Number(r.row_no),
    date: r.date,
    narration: r.narration,
    reference: r.reference,
    signed: r.direction === 'in' ? Number(r.amount) : -Number(r.amount),
    balance: r.balance === null ? null : Number(r.balance),
  }))
  const start = st[0]?.date ?? null
  await breathe()
  const matchRows = await db
    .selectFrom('bank_matches')
    .select(['id', 'kind', 'confirmed'])
    .where('bank_id', '=', bank.id)
    .orderBy('id')
    .execute()
  const matches = new Map<number, Match>(
    matchRows.map((m) => [
      Number(m.id),
      {
        id: Number(m.id),
        kind: m.kind === 'auto' ? 'auto' : 'manual',
        confirmed: Boolean(m.confirmed),
        st: [],
        bk: [],
      },
    ]),
  )
  if (matches.size > 0) {
    const ids = [...matches.keys()]
    for (const r of await db
      .selectFrom('bank_match_statement_lines')
      .select(['match_id', 'line_id'])
      .where('match_id', 'in', ids)
      .execute())
      matches.get(Number(r.match_id))?.st.push(Number(r.line_id))
    for (const r of await db
      .selectFrom('bank_match_book_lines')
      .select(['match_id', 'line_id'])
      .where('match_id', 'in', ids)
      .execute())
      matches.get(Number(r.match_id))?.bk.push(Number(r.line_id))
  }
  const matchedBook = [...matches.values()].flatMap((m) => m.bk)
  const bk = new Map<number, BkLine>()
  if (start) {
    const rows = await db
      .selectFrom('current_lines')
      .select(BOOK_COLUMNS)
      .where('account', '=', bank.account)
      .where('date', '>=', addDaysIso(start, -MATCH_DAYS))
      .execute()
    for (const r of rows) bk.set(Number(r.id), bookLineOf(r))
    await breathe()
  }
  const missing = matchedBook.filter((id) => !bk.has(id))
  if (missing.length > 0) {
    const rows = await db
      .selectFrom('current_lines')
      .select(BOOK_COLUMNS)
      .where('account', '=', bank.account)
      .where('id', 'in', missing)
      .execute()
    for (const r of rows) bk.set(Number(r.id), bookLineOf(r))
  }
  const state: BankState = {
    bank,
    start,
    st,
    stById: new Map(st.map((l) => [l.id, l])),
    bk,
    matches,
    stMatch: new Map(),
    bkMatch: new Map(),
    moved: [],
    dropped: [],
  }
  for (const m of matches.values()) {
    for (const id of m.st) state.stMatch.set(id, m.id)
    for (const id of m.bk) if (bk.has(id)) state.bkMatch.set(id, m.id)
  }
  await resolveReversed(
    db,
    state,
    missing.filter((id) => !bk.has(id)),
  )
  return state
}

/**
 * A state with lines just stored added (an import), instead of loading the bank's lines again:
 * kept in the state's order (day, file, row). Lines before the state's first day need its book
 * lines from earlier, so the caller loads the state again for those.
 */
export const withNewLines = (state: BankState, lines: StLine[]): BankState => {
  if (lines.length === 0) return state
  const before = (a: StLine, b: StLine) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.import_id - b.import_id || a.row - b.row
  state.st = [...state.st, ...lines].sort(before)
  for (const l of lines) state.stById.set(l.id, l)
  return state
}

/**
 * Book lines of matches that are no longer in force (their record was edited or deleted, decision
 * 050): the match follows the record's new line on this account when it has the same day and
 * amount, else it drops out.
 */
const resolveReversed = async (db: Reader, state: BankState, gone: number[]) => {
  if (gone.length === 0) return
  const old = await db
    .selectFrom('posting_lines')
    .select(['id', 'source_type', 'source_id', 'date', 'debit', 'credit'])
    .where('id', 'in', gone)
    .execute()
  const byId = new Map(old.map((l) => [Number(l.id), l]))
  for (const m of [...state.matches.values()]) {
    let ok = true
    for (const [i, id] of m.bk.entries()) {
      if (state.bk.has(id)) continue
      const was = byId.get(id)
      const signed = was ? Number(was.debit) - Number(was.credit) : 0
      const next = was
        ? (
            await db
              .selectFrom('current_lines')
              .select(BOOK_COLUMNS)
              .where('account', '=', state.bank.account)
              .where('source_type', '=', was.source_type)
              .where('source_id', '=', was.source_id)
              .where('date', '=', was.date)
              .execute()
          )
            .map(bookLineOf)
            .find((l) => l.signed === signed && !state.bkMatch.has(l.id))
        : undefined
      if (!next) {
        ok = false
        break
      }
      state.bk.set(next.id, next)
      state.bkMatch.set(next.id, m.id)
      state.moved.push({ match: m.id, from: id, to: next.id })
      m.bk[i] = next.id
    }
    if (!ok) dropMatch(state, m.id)
  }
}

const dropMatch = (state: BankState, matchId: number) => {
  const m = state.matches.get(matchId)
  if (!m) return
  for (const id of m.st) state.stMatch.delete(id)
  for (const id of m.bk) if (state.bkMatch.get(id) === matchId) state.bkMatch.delete(id)
  state.matches.delete(matchId)
  state.moved = state.moved.filter((x) => x.match !== matchId)
  state.dropped.push(matchId)
}

export const deleteMatchRows = async (trx: Reader, matchId: number) => {
  await trx.deleteFrom('bank_match_statement_lines').where('match_id', '=', matchId).execute()
  await trx.deleteFrom('bank_match_book_lines').where('match_id', '=', matchId).execute()
  await trx.deleteFrom('bank_matches').where('id', '=', matchId).execute()
}

/** Stores what resolving reversed book lines changed (every write of this area calls it first). */
export const storeResolution = async (trx: Reader, state: BankState) => {
  for (const id of state.dropped) await deleteMatchRows(trx, id)
  for (const x of state.moved)
    await trx
      .updateTable('bank_match_book_lines')
      .set({ line_id: x.to })
      .where('match_id', '=', x.match)
      .where('line_id', '=', x.from)
      .execute()
  state.dropped = []
  state.moved = []
}

/** Stores a match and enters it in the state. */
export const addMatch = async (
  trx: Reader,
  state: BankState,
  m: { kind: 'auto' | 'manual'; st: number[]; bk: number[]; userId: number | null },
): Promise<Match> => {
  const row = await trx
    .insertInto('bank_matches')
    .values({
      bank_id: state.bank.id,
      kind: m.kind,
      confirmed: m.kind === 'manual' ? 1 : 0,
      created_by: m.userId,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const id = Number(row.id)
  await trx
    .insertInto('bank_match_statement_lines')
    .values(m.st.map((line_id) => ({ match_id: id, line_id })))
    .execute()
  await trx
    .insertInto('bank_match_book_lines')
    .values(m.bk.map((line_id) => ({ match_id: id, line_id })))
    .execute()
  const match: Match = { id, kind: m.kind, confirmed: m.kind === 'manual', st: [...m.st], bk: [...m.bk] }
  state.matches.set(id, match)
  for (const l of m.st) state.stMatch.set(l, id)
  for (const l of m.bk) state.bkMatch.set(l, id)
  return match
}

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000

/** Whether the statement line names the book line: its reference in the book's entry or detail, or the book's numbers in the narration. */
export const namesEachOther = (s: StLine, b: BkLine) => {
  const book = `${b.entry} ${b.detail}`.toLowerCase()
  const said = `${s.reference} ${s.narration}`.toLowerCase()
  const ref = s.reference.trim().toLowerCase()
  if (ref.length >= 3 && book.includes(ref)) return true
  // A cheque or reference number typed into the record's detail (4+ digits), found in the narration.
  for (const n of book.match(/\d{4,}/g) ?? []) if (said.includes(n)) return true
  return false
}

/**
 * Pairs free statement lines with free book lines (decision 063): same signed amount, at most
 * MATCH_DAYS apart; pairs naming each other first, then fewer days apart, then earlier lines.
 * Returns the statement lines it matched.
 */
export const autoMatch = async (
  trx: Reader,
  state: BankState,
  userId: number | null,
): Promise<Set<number>> => {
  const free = new Map<number, BkLine[]>()
  for (const b of state.bk.values()) {
    if (state.bkMatch.has(b.id) || b.signed === 0) continue
    const list = free.get(b.signed) ?? []
    list.push(b)
    free.set(b.signed, list)
  }
  const pairs: Array<{ s: StLine; b: BkLine; named: boolean; days: number }> = []
  let seen = 0
  for (const s of state.st) {
    if (++seen % 2000 === 0) await breathe()
    if (state.stMatch.has(s.id)) continue
    for (const b of free.get(s.signed) ?? []) {
      const days = Math.abs(dayNumber(s.date) - dayNumber(b.date))
      if (days <= MATCH_DAYS) pairs.push({ s, b, named: namesEachOther(s, b), days })
    }
  }
  pairs.sort(
    (x, y) =>
      Number(y.named) - Number(x.named) ||
      x.days - y.days ||
      (x.s.date < y.s.date ? -1 : x.s.date > y.s.date ? 1 : x.s.id - y.s.id) ||
      (x.b.date < y.b.date ? -1 : x.b.date > y.b.date ? 1 : x.b.id - y.b.id),
  )
  const matched = new Set<number>()
  const usedBook = new Set<number>()
  for (const p of pairs) {
    if (matched.has(p.s.id) || usedBook.has(p.b.id)) continue
    matched.add(p.s.id)
    usedBook.add(p.b.id)
    await addMatch(trx, state, { kind: 'auto', st: [p.s.id], bk: [p.b.id], userId })
    if (matched.size % 50 === 0) await breathe()
  }
  return matched
}

export const matchView = (state: BankState, m: Match): BankMatch => {
  const sum = m.st.reduce((a, id) => a + (state.stById.get(id)?.signed ?? 0), 0)
  return {
    id: m.id,
    kind: m.kind,
    confirmed: m.confirmed,
    direction: directionOf(sum),
    amount: fromPaisa(Math.abs(sum)),
    statement_line_ids: [...m.st],
    posting_line_ids: [...m.bk],
  }
}
