import {
  CONFIRM_EXPIRED,
  CONFIRM_EXPIRED_MESSAGE,
  newlyExpiredPassports,
  type RecordAccess,
  type RecordAction,
  type RecordSpec,
  type RecordTable,
  todayIso,
  toPaisa,
} from '@booking/shared'
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import { moveOwed } from '../books/day-checkpoints.ts'
import { refuseClosedWrite } from '../books/lock.ts'
import { linkAudit } from '../books/post.ts'
import { byName } from '../db/by-name.ts'
import { dbKind } from '../db/dialect.ts'
import { moneyIn, moneyOut } from '../db/money-columns.ts'
import type { Database, TableName } from '../db/schema.ts'
import { type AuthUser, requireAccess } from '../plugins/auth.ts'
import { audit } from './audit.ts'
import { nextEntry } from './entries.ts'
import { HttpError } from './http-error.ts'
import { type JournalFields, removeJournal, writeJournal } from './journal.ts'
import { LEDGER_VIEW, type Ledger } from './postings.ts'
import { insertRows } from './prepared.ts'
import { recordExtensions } from './record-extensions.ts'
import type { AnyRecordRow, ApiRow, CrudConfig, SaveContext, StoredRow } from './record-hooks.ts'
import { parseBody } from './validate.ts'

/*
 * A record write, as one pipeline (issue 32 item 4, decision 111). Every record route
 * (lib/crud.ts), an approved correction and a restore from the history run these steps, in this
 * order, inside the caller's transaction:
 *
 *   validate -> authorize                      (the route, before the transaction)
 *   shape -> check -> closed period            (the new entry's declared day; an edit's or delete's
 *                                               entry in force: decisions 128, 145)
 *   number -> store                            (the record's own row)
 *   index -> journal -> post -> credit check   (what the row writes beside it; `post` checks the
 *                                               closed days again before any line: books/post.ts)
 *   audit                                      (linked to the book entries the write appended)
 *
 * Each step is a named function below; `create`, `update`, `remove` and `restore` are the lists of
 * steps each runs. A record type's own part comes from its `crudRoutes` hooks (toRow, check,
 * journal, postingDay + postings, ledgerRows, onDelete); what every type gets from the areas, from
 * `extendRecords`.
 */

type Trx = Kysely<Database>

/** Step 1, validate: the body against the spec's schema (400 with its field messages), expired passports confirmed. */
export const validate = async (
  schema: z.ZodType,
  body: unknown,
  stored: () => Promise<AnyRecordRow | null>,
): Promise<unknown> => {
  const input = parseBody(schema, body)
  await refuseExpiredPassports(body, input, stored)
  return input
}

/** Step 2, authorize: the route's guard, from the spec's access rule (`can` underneath, plugins/auth.ts). */
export const authorize = (access: RecordAccess, action: RecordAction) => ({
  preHandler: requireAccess(access[action]),
})

/**
 * An expired passport typed into a booking is refused until the user confirms it (body flag
 * confirm_expired: true), so a warning cannot vanish with the record saved anyway (issue 23,
 * decision 049). Passports the stored record already held are not asked about again; approved
 * corrections and restores do not pass here (the admin saw the record).
 */
const refuseExpiredPassports = async (
  body: unknown,
  input: unknown,
  stored: () => Promise<AnyRecordRow | null>,
) => {
  if ((body as Record<string, unknown> | null)?.[CONFIRM_EXPIRED] === true) return
  const values = input as Record<string, unknown>
  const key = ['passport_detail', 'passportDetail'].find((k) => k in values)
  if (!key) return
  const today = todayIso()
  // The stored record is read only when something expired was sent.
  if (newlyExpiredPassports(key, values[key], today).length === 0) return
  const expired = newlyExpiredPassports(key, values[key], today, (await stored())?.passport_detail)
  if (expired.length === 0) return
  throw new HttpError(
    400,
    expired.length === 1
      ? `${expired[0]!.message}. Confirm to save it anyway.`
      : `${expired.length} passports have expired. Confirm to save them anyway.`,
    {
      ...Object.fromEntries(expired.map((e) => [e.path, e.message])),
      [CONFIRM_EXPIRED]: CONFIRM_EXPIRED_MESSAGE,
    },
  )
}

/** Who makes a change: the signed-in user, or (a correction) the employee who asked and the admin who approved. */
export interface Actor {
  user: AuthUser
  approvedBy?: string
  /** An admin's reason for saving a sale past a credit limit (issue 25), kept in the audit history. */
  overrideReason?: string
  /** The portal's booking request a new record books (issue 35 item 4), linked in its transaction. */
  bookingRequest?: number
}

/**
 * A record type's create, update, delete and restore, each run inside the caller's transaction, so
 * the routes, approved corrections and the restore of a deleted record share one lifecycle
 * (entry number, journal, postings, audit).
 */
export interface RecordLifecycle {
  table: TableName
  label: string
  findById: (trx: Kysely<Database>, id: number) => Promise<ApiRow>
  /** The row a change starts from, locked on PostgreSQL (a 404 when it is gone). */
  lockById: (trx: Kysely<Database>, id: number) => Promise<ApiRow>
  toApi: (row: AnyRecordRow) => Record<string, unknown>
  /** Validates a body with the record's own schema (400 with the spec's field messages). */
  parse: (body: unknown) => unknown
  create: (trx: Trx, actor: Actor, input: unknown) => Promise<ApiRow>
  update: (trx: Trx, actor: Actor, id: number, input: unknown) => Promise<ApiRow>
  remove: (trx: Trx, actor: Actor, id: number) => Promise<ApiRow>
  /** Puts a deleted row back with its id, entry number and creation time, and remakes its postings. */
  restore: (trx: Trx, actor: Actor, row: ApiRow) => Promise<ApiRow>
  /** The record's dashboard line (the books' upgrade rewrites it). */
  journal?: (row: ApiRow) => JournalFields | null
}

/** Store: the record table's rows. */
/**
 * A record table's rows as the lifecycle sees them: money in rupees on this side, paisa in the
 * database. The one place a record table is reached by a name known only at run time.
 */
export const repository = (table: RecordTable, columns: readonly string[]) => {
  const t = byName
  const out = (row: Record<string, unknown>) => moneyOut(table, row) as ApiRow
  // Only the table's columns are written: a body's keys kept beside the record (issue 36's
  // tax_authority, settles_cost_of) reach the extensions through `input`, never the table.
  const known = new Set(columns)
  const own = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).filter(([k]) => known.has(k)))
  return {
    /** `lock`: FOR UPDATE on PostgreSQL (SQLite's single writer already serializes). */
    find: async (trx: Kysely<Database>, id: number, lock = false): Promise<ApiRow | undefined> => {
      // A ledger row another record posted shows its figures through its ledger's view (decision
      // 072); the lock is on the table (a posted row is never edited here, refuseLinked).
      const from = !lock && table in LEDGER_VIEW ? LEDGER_VIEW[table as Ledger] : table
      const query = t(trx).selectFrom(from).selectAll().where('id', '=', id)
      const row = await (lock && dbKind(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst()
      return row ? out(row) : undefined
    },
    exists: async (trx: Kysely<Database>, id: number) =>
      Boolean(await t(trx).selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()),
    insert: async (trx: Kysely<Database>, values: Record<string, unknown>): Promise<ApiRow> =>
      out((await insertRows(trx, table, [moneyIn(table, own(values))], { returning: '*' }))[0]!),
    update: async (trx: Kysely<Database>, id: number, values: Record<string, unknown>) => {
      const row = await t(trx)
        .updateTable(table)
        .set(moneyIn(table, own(values)))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
      return row ? out(row) : undefined
    },
    remove: async (trx: Kysely<Database>, id: number) => {
      await t(trx).deleteFrom(table).where('id', '=', id).execute()
    },
  }
}

export const recordLifecycleOf = <S extends RecordSpec, R extends Record<string, unknown>>(
  cfg: CrudConfig<S, R>,
  rows: ReturnType<typeof repository>,
  found: {
    findById: (trx: Kysely<Database>, id: number) => Promise<ApiRow>
    /** The row an edit or delete starts from, locked on PostgreSQL. */
    lockById: (trx: Kysely<Database>, id: number) => Promise<ApiRow>
    notFound: () => HttpError
  },
  toApi: (row: AnyRecordRow) => Record<string, unknown>,
): RecordLifecycle => {
  const { findById, lockById, notFound } = found
  const table = cfg.table

  /** Shape: the type's `toRow` makes the stored row from the parsed body. */
  const shape = (input: unknown, actor: Actor, before: ApiRow | null) =>
    cfg.toRow(input as z.output<S['input']>, { user: actor.user, before: before as StoredRow<S> | null })

  /** Check: the type's `check` hook, before any write (banks, names, duplicates). `input` on create and update only. */
  const check = (trx: Trx, row: R | null, actor: Actor, before: ApiRow | null, input?: unknown) =>
    cfg.check
      ? cfg.check(trx, row, {
          user: actor.user,
          before: before as StoredRow<S> | null,
          input: input as z.output<S['input']> | undefined,
        })
      : Promise.resolve()

  /**
   * Closed period (decisions 128, 145), before the store: a 409 when the entry the row will post
   * lands on a closed day (`next`: the row as it will be stored; the type's `postingDay` says the
   * day from the row alone), or when an edit's or delete's record (`id`) has money in force on one.
   * Types that post nothing pass.
   */
  const closedPeriod = (trx: Trx, next: Record<string, unknown> | null, id: number | null) => {
    // A write posts through `postings`; a delete reverses through `onDelete`.
    if (!(next ? cfg.postings : cfg.onDelete)) return Promise.resolve()
    const day = next && cfg.postingDay ? cfg.postingDay(next as StoredRow<S>) : null
    return refuseClosedWrite(trx, day ? [day] : [], id === null ? null : { type: table, id })
  }

  /** Number: the record's entry number from the counters ("current/global"). */
  const number = async (trx: Trx) => {
    const { current, global } = await nextEntry(trx, cfg.formType)
    return cfg.entryText ? cfg.entryText(current, global) : `${current}/${global}`
  }

  /**
   * Credit check, prepared before the lines change (it reads the party's lines as they were) and
   * run after `post`; it may refuse the write (readers/collect/credit.ts).
   */
  const prepareCreditCheck = (trx: Trx, id: number, actor: Actor, created: boolean) =>
    recordExtensions().postingsCheck(trx, { type: table, id }, actor, created)

  /** Index: the customer link, passport index and sale tax, before the journal, postings and audit read the row. */
  const index = (trx: Trx, row: ApiRow, before: ApiRow | null, input?: unknown) =>
    recordExtensions().written(trx, cfg.table, row, before, input)

  /** Journal: the record's All Bookings row (its place; figures come from the lines, decision 078). */
  const journal = async (trx: Trx, row: ApiRow, before: ApiRow | null) => {
    if (!cfg.journal) return
    const place = cfg.journal(row as StoredRow<S>)
    await writeJournal(trx, cfg.table, row.id, place)
    // A record paid later that moves to another day takes its payments' part of what its type
    // still owes along (decision 078); its own lines move with its entries.
    const was = before ? cfg.journal(before as StoredRow<S>) : null
    const paid = toPaisa(Number((before as { payments_total?: unknown } | null)?.payments_total ?? 0))
    if (was && place && paid !== 0) await moveOwed(trx, cfg.table, was.date, place.date, BigInt(paid))
  }

  /**
   * Post: the type's `ledgerRows` (a row kept in another ledger that no back-fill writes), then its
   * `postings`, which turn the row into moves and post them (books/lines.ts -> books/post.ts
   * `postEntry`: closed-period check again, reversal of the entry in force, new entry).
   */
  const post = async (trx: Trx, row: ApiRow, actor: Actor, ctx: Omit<SaveContext, 'user'>) => {
    const stored = row as StoredRow<S>
    const before = ctx.before as StoredRow<S> | null
    await cfg.ledgerRows?.(trx, stored, { user: actor.user, created: ctx.created, before })
    await cfg.postings?.(trx, stored, { lenient: false, before, created: ctx.created })
  }

  /** Audit: the change's history row, linked to the book entries the change posted (decision 050). */
  const auditLinked = async (
    trx: Trx,
    actor: Actor,
    action: 'create' | 'update' | 'delete' | 'restore',
    id: number,
    before: unknown,
    after: unknown,
  ) =>
    linkAudit(
      trx,
      { type: table, id },
      await audit(trx, actor, action, table, id, before, after),
      actor.user.id,
    )

  /** What a written row keeps beside it: index, journal, post (create, update and restore). */
  const afterWrite = async (
    trx: Trx,
    row: ApiRow,
    actor: Actor,
    ctx: Omit<SaveContext, 'user'>,
    input?: unknown,
  ) => {
    await index(trx, row, ctx.before, input)
    await journal(trx, row, ctx.before)
    await post(trx, row, actor, ctx)
  }

  return {
    table,
    label: cfg.label,
    // Stored rows are ApiRows at run time; the hook is typed by its table.
    journal: cfg.journal as ((row: ApiRow) => JournalFields | null) | undefined,
    findById,
    lockById,
    toApi,
    parse: (body) => parseBody(cfg.input, body),
    create: async (trx, actor, input) => {
      const u = actor.user
      const values = shape(input, actor, null)
      await check(trx, values, actor, null, input)
      const own = {
        ...(cfg.employeeColumn ? { [cfg.employeeColumn]: u.username } : {}),
        created_by: u.id,
        created_at: new Date().toISOString(),
      }
      await closedPeriod(trx, { ...values, ...own }, null)
      const entry = await number(trx)
      const row = await rows.insert(trx, { ...values, entry, ...own })
      const creditCheck = await prepareCreditCheck(trx, row.id, actor, true)
      await afterWrite(trx, row, actor, { created: true, before: null }, input)
      await creditCheck()
      await recordExtensions().created(trx, { type: table, id: row.id }, actor)
      await auditLinked(trx, actor, 'create', row.id, null, row)
      return row
    },
    update: async (trx, actor, id, input) => {
      const before = await lockById(trx, id)
      // Entry number, author and creation time belong to the record, not to the edit.
      const {
        entry: _e,
        created_at: _c,
        id: _i,
        [cfg.employeeColumn ?? 'employee']: _emp,
        ...changes
      } = shape(input, actor, before)
      await check(trx, changes as R, actor, before, input)
      await closedPeriod(trx, { ...before, ...changes }, id)
      const creditCheck = await prepareCreditCheck(trx, id, actor, false)
      const row = await rows.update(trx, id, changes)
      if (!row) throw notFound()
      await afterWrite(trx, row, actor, { created: false, before }, input)
      await creditCheck()
      await auditLinked(trx, actor, 'update', id, before, row)
      return row
    },
    remove: async (trx, actor, id) => {
      const before = await lockById(trx, id)
      await check(trx, null, actor, before)
      await closedPeriod(trx, null, id)
      await rows.remove(trx, id)
      await removeJournal(trx, cfg.table, id)
      await recordExtensions().removed(trx, cfg.table, id)
      // Post, for a delete: the type's `onDelete` reverses its entry (books/post.ts `reverseEntry`).
      await cfg.onDelete?.(trx, before as StoredRow<S>)
      await auditLinked(trx, actor, 'delete', id, before, null)
      return before
    },
    restore: async (trx, actor, deleted) => {
      if (await rows.exists(trx, deleted.id)) throw new HttpError(409, `This ${cfg.label} already exists`)
      await check(trx, deleted as unknown as R, actor, null)
      await closedPeriod(trx, deleted, null)
      const row = await rows.insert(trx, deleted)
      await afterWrite(trx, row, actor, { created: true, before: null })
      await auditLinked(trx, actor, 'restore', row.id, null, row)
      return row
    },
  }
}
