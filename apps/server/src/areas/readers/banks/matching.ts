import { isMainThread } from 'node:worker_threads'
import { addDaysIso, type BankMatch, type Direction, fromPaisa } from '@booking/shared'
import type { Kysely } from 'kysely'
import { codeOf } from '../../../books/account-rows.ts'
import { bankAccount } from '../../../books/accounts.ts'
import type { Database } from '../../../db/schema.ts'
import { HttpError } from '../../../lib/http-error.ts'

/**
 * A bank's statement lines, its book lines in force and the matches between them (decision 063),
 * loaded once per call; automatic matching and the resolution of matches whose book line was
 * reversed work on this state, and writes store what changed.
 */

type Reader = Kysely<Database>

/** The longest pause of a worker between two steps of a bank's read (decision 131). */
const MAX_PAUSE_MS = 10
let stepFrom = performance.now()

/**
 * Lets the event loop answer others between steps of a long import or match (issue 33 item 2):
 * SQLite's calls are synchronous, so awaiting them alone never gives another request a turn. In a
 * document worker (the reconciliation screen and PDF read a whole bank there, decisions 113 and
 * 131) a turn frees no core, so it pauses as long as the step took: the worker holds a core about
 * half the time and the main thread finds one free.
 */
export const breathe = async () => {
  if (isMainThread) return new Promise<void>((resolve) => setImmediate(resolve))
  await new Promise<void>((resolve) =>
    setTimeout(resolve, Math.min(MAX_PAUSE_MS, Math.max(0, performance.now() - stepFrom))),
  )
  stepFrom = performance.now()
}

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
  /**
   * Only what automatic matching needs (loadMatchingState): lines and matches outside it are in
   * the database, not here, so a line's being free is also asked of the database.
   */
  partial?: boolean
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

const stLineOf = (r: {
  id: number
  import_id: number
  row_no: number
  date: string
  narration: string
  reference: string
  amount: number | string
  direction: string
  balance: number | string | null
}): StLine => ({
  id: Number(r.id),
  import_id: Number(r.import_id),
  row: Number(r.row_no),
  date: r.date,
  narration: r.narration,
  reference: r.reference,
  signed: r.direction === 'in' ? Number(r.amount) : -Number(r.amount),
  balance: r.balance === null ? null : Number(r.balance),
})

const ST_COLUMNS = [
  'id',
  'import_id',
  'row_no',
  'date',
  'narration',
  'reference',
  'amount',
  'direction',
  'balance',
] as const

/**
 * A bank's imports still being stored (decision 112): their lines are nobody's until the import's
 * final transaction makes it current, so every reader of statement lines leaves them out. Usually
 * none; one while an import of the bank runs, or one left by a server that stopped mid-import.
 */
export const pendingImportIds = async (db: Reader, bankId: number): Promise<number[]> =>
  (
    await db
      .selectFrom('bank_statement_imports')
      .select('id')
      .where('bank_id', '=', bankId)
      .where('pending', 'is not', null)
      .execute()
  ).map((r) => Number(r.id))

/** Rows read per query while a whole state loads, with a turn of the event loop between pages. */
const PAGE = 2000

export const loadState = async (db: Reader, bank: Bank): Promise<BankState> => {
  // In pages along the (bank_id, date, id) index: one query for a bank's 15,000 lines held the
  // main thread for tens of ms (issue 33 item 2, decision 102); the state's order (day, file,
  // row) is one sort of the nearly sorted pages.
  const hidden = await pendingImportIds(db, bank.id)
  const st: StLine[] = []
  let after: { date: string; id: number } | null = null
  for (;;) {
    const from = after
    const rows = await db
      .selectFrom('bank_statement_lines')
      .select(ST_COLUMNS)
      .where('bank_id', '=', bank.id)
      .$if(hidden.length > 0, (q) => q.where('import_id', 'not in', hidden))
      // A range on the index's day (an OR of the two cases made SQLite walk the bank's lines
      // from the start for every page), the page's last day's earlier lines left out.
      .$if(from !== null, (q) =>
        q
          .where('date', '>=', from?.date ?? '')
          .where((eb) => eb.not(eb.and([eb('date', '=', from?.date ?? ''), eb('id', '<=', from?.id ?? 0)]))),
      )
      .orderBy('date')
      .orderBy('id')
      .limit(PAGE)
      .execute()
    for (const r of rows) st.push(stLineOf(r))
    const last = st.at(-1)
    if (rows.length < PAGE || !last) break
    after = { date: last.date, id: last.id }
    await breathe()
  }
  // The pages come by day: each day's lines are put in file and row order, a day at a time.
  const byFileRow = (a: StLine, b: StLine) => a.import_id - b.import_id || a.row - b.row
  for (let i = 0, done = 0; i < st.length; ) {
    let j = i + 1
    while (j < st.length && st[j]?.date === st[i]?.date) j++
    if (j - i > 1) for (const [k, l] of st.slice(i, j).sort(byFileRow).entries()) st[i + k] = l
    done += j - i
    i = j
    if (done >= PAGE * 10) {
      done = 0
      await breathe()
    }
  }
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
    // Joined on the bank rather than a list of match ids: a list past 32,766 ids is more than
    // SQLite takes in one statement.
    await breathe()
    for (const r of await db
      .selectFrom('bank_match_statement_lines as x')
      .innerJoin('bank_matches as m', 'm.id', 'x.match_id')
      .select(['x.match_id', 'x.line_id'])
      .where('m.bank_id', '=', bank.id)
      .execute())
      matches.get(Number(r.match_id))?.st.push(Number(r.line_id))
    await breathe()
    for (const r of await db
      .selectFrom('bank_match_book_lines as x')
      .innerJoin('bank_matches as m', 'm.id', 'x.match_id')
      .select(['x.match_id', 'x.line_id'])
      .where('m.bank_id', '=', bank.id)
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

/** Index seeks between turns of the event loop while candidates are read. */
const SEEKS_PER_TURN = 8

/**
 * A bank's matches whose book line was reversed, settled (moved to the record's new line or
 * dropped), and nothing else: the statement lines those dropped matches held are `freed`.
 */
const settledState = async (
  db: Reader,
  bank: Bank,
): Promise<{ state: BankState; freed: number[]; hidden: number[] }> => {
  const hidden = await pendingImportIds(db, bank.id)
  const first = await db
    .selectFrom('bank_statement_lines')
    .select((eb) => eb.fn.min('date').as('start'))
    .where('bank_id', '=', bank.id)
    .$if(hidden.length > 0, (q) => q.where('import_id', 'not in', hidden))
    .executeTakeFirst()
  const start = first?.start ?? null
  const state: BankState = {
    bank,
    start,
    st: [],
    stById: new Map(),
    bk: new Map(),
    matches: new Map(),
    stMatch: new Map(),
    bkMatch: new Map(),
    moved: [],
    dropped: [],
    partial: true,
  }
  if (start === null) return { state, freed: [], hidden }
  // Matched book lines reversed since (a record edited or deleted): the account's reversal lines
  // name them, and the partial index posting_lines_reversals holds only those.
  const gone = (
    await db
      .selectFrom('posting_lines')
      .select('reverses')
      .where('account', '=', bank.account)
      .where('reverses', 'is not', null)
      .where('reverses', 'in', db.selectFrom('bank_match_book_lines').select('line_id'))
      .execute()
  ).map((r) => Number(r.reverses))
  const freed: number[] = []
  if (gone.length > 0) {
    const matchIds = [
      ...new Set(
        (
          await db
            .selectFrom('bank_match_book_lines')
            .select('match_id')
            .where('line_id', 'in', gone)
            .execute()
        ).map((r) => Number(r.match_id)),
      ),
    ]
    for (const m of await db
      .selectFrom('bank_matches')
      .select(['id', 'kind', 'confirmed'])
      .where('bank_id', '=', bank.id)
      .where('id', 'in', matchIds)
      .execute())
      state.matches.set(Number(m.id), {
        id: Number(m.id),
        kind: m.kind === 'auto' ? 'auto' : 'manual',
        confirmed: Boolean(m.confirmed),
        st: [],
        bk: [],
      })
    const ids = [...state.matches.keys()]
    if (ids.length > 0) {
      for (const r of await db
        .selectFrom('bank_match_statement_lines')
        .select(['match_id', 'line_id'])
        .where('match_id', 'in', ids)
        .execute()) {
        state.matches.get(Number(r.match_id))?.st.push(Number(r.line_id))
        state.stMatch.set(Number(r.line_id), Number(r.match_id))
      }
      const bkIds: number[] = []
      for (const r of await db
        .selectFrom('bank_match_book_lines')
        .select(['match_id', 'line_id'])
        .where('match_id', 'in', ids)
        .execute()) {
        state.matches.get(Number(r.match_id))?.bk.push(Number(r.line_id))
        bkIds.push(Number(r.line_id))
      }
      for (const r of await db
        .selectFrom('current_lines')
        .select(BOOK_COLUMNS)
        .where('account', '=', bank.account)
        .where('id', 'in', bkIds)
        .execute()) {
        const l = bookLineOf(r)
        state.bk.set(l.id, l)
      }
      for (const m of state.matches.values())
        for (const id of m.bk) if (state.bk.has(id)) state.bkMatch.set(id, m.id)
      const held = [...state.stMatch.keys()]
      await resolveReversed(
        db,
        state,
        gone.filter((id) => !state.bk.has(id)),
      )
      // The statement lines of matches that dropped out are free again, though the database still
      // lists them as matched until the write stores the resolution.
      freed.push(...held.filter((id) => !state.stMatch.has(id)))
    }
  }
  return { state, freed, hidden }
}

/**
 * What automatic matching needs of a bank, and nothing more (issue 33 item 2, decision 102):
 * loading every statement line the bank ever imported took 7.7-10.4 s at 570,000 lines, on the
 * main thread. Read instead, by index: the matches whose book line was reversed (few: the
 * account's reversal lines), the free book lines from the first statement day on, and for each
 * of them the unmatched statement lines of its direction and amount within MATCH_DAYS. autoMatch
 * pairs exactly what it would pair on the whole state: a pair needs both lines free, the same
 * signed amount and at most MATCH_DAYS between them.
 */
export const loadMatchingState = async (db: Reader, bank: Bank): Promise<BankState> => {
  const { state, freed, hidden } = await settledState(db, bank)
  if (state.start === null) return state
  await breathe()
  for (const r of await db
    .selectFrom('current_lines')
    .select(BOOK_COLUMNS)
    .where('account', '=', bank.account)
    .where('date', '>=', addDaysIso(state.start, -MATCH_DAYS))
    .where('id', 'not in', db.selectFrom('bank_match_book_lines').select('line_id'))
    .execute()) {
    const l = bookLineOf(r)
    if (!state.bk.has(l.id)) state.bk.set(l.id, l)
  }
  await breathe()
  // One seek per distinct (amount, day) of the free book lines.
  const seeks = new Map<string, { signed: number; date: string }>()
  for (const b of state.bk.values())
    if (b.signed !== 0 && !state.bkMatch.has(b.id)) seeks.set(`${b.signed} ${b.date}`, b)
  const found = new Map<number, StLine>()
  let n = 0
  for (const { signed, date } of seeks.values()) {
    if (++n % SEEKS_PER_TURN === 0) await breathe()
    for (const r of await db
      .selectFrom('bank_statement_lines')
      .select(ST_COLUMNS)
      .where('bank_id', '=', bank.id)
      .where('direction', '=', directionOf(signed))
      .where('amount', '=', Math.abs(signed))
      .where('date', '>=', addDaysIso(date, -MATCH_DAYS))
      .where('date', '<=', addDaysIso(date, MATCH_DAYS))
      .$if(hidden.length > 0, (q) => q.where('import_id', 'not in', hidden))
      .where('id', 'not in', db.selectFrom('bank_match_statement_lines').select('line_id'))
      .execute())
      if (!state.stMatch.has(Number(r.id))) found.set(Number(r.id), stLineOf(r))
  }
  if (freed.length > 0)
    for (const r of await db
      .selectFrom('bank_statement_lines')
      .select(ST_COLUMNS)
      .where('id', 'in', freed)
      .execute())
      found.set(Number(r.id), stLineOf(r))
  const before = (a: StLine, b: StLine) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.import_id - b.import_id || a.row - b.row
  state.st = [...found.values()].sort(before)
  state.stById = found
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
              .$if(state.partial === true, (q) =>
                q.where('id', 'not in', db.selectFrom('bank_match_book_lines').select('line_id')),
              )
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
    // Each match is three inserts: a turn after every two keeps every wait to a few statements
    // (after ten, a turn held the loop ~10 ms on this machine; decision 112).
    if (matched.size % 2 === 0) await breathe()
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

/**
 * What posting one statement line needs (decision 102): the line, whether it is matched, and the
 * bank's reversed matches settled, without the bank's other statement lines.
 */
export const loadLineState = async (db: Reader, bank: Bank, lineId: number): Promise<BankState> => {
  const { state, freed, hidden } = await settledState(db, bank)
  const row = await db
    .selectFrom('bank_statement_lines')
    .select(ST_COLUMNS)
    .where('bank_id', '=', bank.id)
    .where('id', '=', lineId)
    .$if(hidden.length > 0, (q) => q.where('import_id', 'not in', hidden))
    .executeTakeFirst()
  if (!row) return state
  const line = stLineOf(row)
  state.st = [line]
  state.stById.set(line.id, line)
  if (!state.stMatch.has(line.id) && !freed.includes(line.id)) {
    const held = await db
      .selectFrom('bank_match_statement_lines')
      .select('match_id')
      .where('line_id', '=', line.id)
      .executeTakeFirst()
    if (held) state.stMatch.set(line.id, Number(held.match_id))
  }
  return state
}
