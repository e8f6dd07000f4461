import {
  businessToday,
  type CashCount,
  CashCountInput,
  CashCountSavedAnswer,
  CashCountsAnswer,
  CashCountsQuery,
  fromPaisa,
  noteNeeded,
  toPaisa,
} from '@booking/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import { CASH, CASH_OVER_SHORT } from '../../../books/accounts.ts'
import { move } from '../../../books/moves.ts'
import { linkAudit, postEntry, reverseEntry } from '../../../books/post.ts'
import { balanceTo } from '../../../books/read.ts'
import type { Db } from '../../../db/connect.ts'
import type { CashCountsTable, Database } from '../../../db/schema.ts'
import { audit } from '../../../lib/audit.ts'
import { officeReader } from '../../../lib/caller-scope.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { answerOnce, idempotencyKeyOf, sendAnswer } from '../../../lib/idempotency.ts'
import { removeJournal, writeJournal } from '../../../lib/journal.ts'
import { parseBody } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import type { AuthUser } from '../../../plugins/auth.ts'

type Trx = Kysely<Database>
/** The books' source type of a count's over/short entry. */
export const CASH_COUNT_SOURCE = 'cash_counts'

const toCount = (r: Selectable<CashCountsTable>): CashCount => ({
  id: Number(r.id),
  date: r.date,
  counted: fromPaisa(r.counted),
  expected: fromPaisa(r.expected),
  difference: fromPaisa(r.difference),
  note: r.note,
  employee: r.employee,
  created_at: r.created_at,
  replaced: r.replaced_by !== null,
})

/** The day's count in force (the newest, not replaced), or undefined. */
export const countOf = async (db: Trx, date: string) =>
  db
    .selectFrom('cash_counts')
    .selectAll()
    .where('date', '=', date)
    .where('replaced_by', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst()

/**
 * Saves a count (decision 065): a count already in force for the day is replaced (its entry
 * reversed), then Cash in Office at the day's end is read from the books and the difference posts
 * Dr cash / Cr Cash over/short (over) or the other way (short), dated that day. The books' lock
 * date refuses a closed day in postEntry, like every other money write.
 */
const saveCount = async (trx: Trx, user: AuthUser, input: CashCountInput): Promise<CashCount> => {
  const previous = await countOf(trx, input.date)
  if (previous) {
    await reverseEntry(trx, { type: CASH_COUNT_SOURCE, id: Number(previous.id) })
    await removeJournal(trx, CASH_COUNT_SOURCE, Number(previous.id))
  }
  const expected = await balanceTo(trx, CASH, input.date)
  const counted = BigInt(toPaisa(input.counted))
  const difference = counted - expected
  if (difference !== 0n && !input.note) {
    const message = noteNeeded(Number(difference))
    throw new HttpError(400, message, { note: message })
  }
  const row = await trx
    .insertInto('cash_counts')
    .values({
      date: input.date,
      // Paisa as text: exact however large; the columns are integers.
      counted: counted.toString() as unknown as number,
      expected: expected.toString() as unknown as number,
      difference: difference.toString() as unknown as number,
      note: input.note,
      employee: user.username,
      created_by: user.id,
      created_at: new Date().toISOString(),
      replaced_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  const id = Number(row.id)
  if (previous)
    await trx
      .updateTable('cash_counts')
      .set({ replaced_by: id })
      .where('id', '=', Number(previous.id))
      .execute()
  const entry = `Cash count ${id}`
  const rupees = fromPaisa(difference)
  // All Bookings lists the difference; its figures are the count's cash line (over is cash in, short is out).
  await writeJournal(
    trx,
    CASH_COUNT_SOURCE,
    id,
    difference === 0n
      ? null
      : {
          date: input.date,
          entry,
          name: 'Cash over/short',
          employee: user.username,
        },
  )
  // Posted even when nothing is over or short: an empty entry still passes the lock date.
  await postEntry(trx, {
    source: { type: CASH_COUNT_SOURCE, id },
    day: input.date,
    meta: { entry, detail: `Cash over/short: ${input.note || 'counted'}` },
    moves: move(CASH, CASH_OVER_SHORT, rupees),
  })
  const saved = toCount(row)
  await linkAudit(
    trx,
    { type: CASH_COUNT_SOURCE, id },
    await audit(trx, user, 'create', CASH_COUNT_SOURCE, id, previous ? toCount(previous) : null, saved),
    user.id,
  )
  return saved
}

const POST_CASH_COUNTS = { schema: { body: CashCountInput, response: { 201: CashCountSavedAnswer } } }
const GET_CASH_COUNTS = { schema: { querystring: CashCountsQuery, response: { 200: CashCountsAnswer } } }

/** POST/GET /api/cash-counts: every signed-in user may count the drawer and read the counts (decision 065). */
export const cashCountRoutes = async (app: FastifyInstance, db: Db) => {
  app.post('/cash-counts', POST_CASH_COUNTS, async (req: FastifyRequest, reply) => {
    const input = parseBody(CashCountInput, req.body)
    if (input.date > businessToday())
      throw new HttpError(400, 'A count cannot be dated after today', {
        date: 'A count cannot be dated after today',
      })
    const user = req.user as AuthUser
    // A malformed key is refused here, before the request joins the write queue.
    idempotencyKeyOf(req)
    const answer = await writeTransaction(db, (trx) =>
      answerOnce(trx, req, user.id, async () => ({
        status: 201,
        body: {
          status: 'success',
          message: 'Cash count saved',
          cash_count: await saveCount(trx, user, input),
        },
      })),
    )
    return sendAnswer(reply, answer)
  })

  app.get('/cash-counts', GET_CASH_COUNTS, async (req) => {
    officeReader(req.caller, 'staff-area')
    const { from, to } = parseBody(CashCountsQuery, req.query)
    let q = db.selectFrom('cash_counts').selectAll()
    if (from) q = q.where('date', '>=', from)
    if (to) q = q.where('date', '<=', to)
    const rows = await q.orderBy('date', 'desc').orderBy('id', 'desc').limit(1000).execute()
    return { status: 'success', cash_counts: rows.map(toCount) }
  })
}
