import {
  CustomerAnswer,
  CustomerInput,
  CustomerListQuery,
  CustomerMatchesAnswer,
  CustomerMatchQuery,
  CustomerMergedAnswer,
  CustomerMergeInput,
  CustomerPageQuery,
  CustomerSavedAnswer,
  type CustomersAnswer,
  CustomersAnswerSchema,
  customerLabel,
  type FileRecord,
  fromPaisa,
  IdParams,
  MessageAnswer,
  mergedCustomerFields,
  nameKey,
  normalizePhone,
  RECORD_TYPE_LABEL,
  toPaisa,
} from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import { type Kysely, type Selectable, sql } from 'kysely'
import type { z } from 'zod'
import { customerIdAccount } from '../../../books/accounts.ts'
import { mergeAccount } from '../../../books/lines.ts'
import { PAYMENT_TABLES } from '../../../books/paid-records.ts'
import { byName } from '../../../db/by-name.ts'
import type { Db } from '../../../db/connect.ts'
import { containsCI, type DbKind, dbKind } from '../../../db/dialect.ts'
import { moneyOut } from '../../../db/money-columns.ts'
import type { Database } from '../../../db/schema.ts'
import { audit } from '../../../lib/audit.ts'
import { officeAnswers, officeReader, scopeOf, seesParty } from '../../../lib/caller-scope.ts'
import type { ApiRow } from '../../../lib/crud.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { answerOnce, idempotencyKeyOf, sendAnswer } from '../../../lib/idempotency.ts'
import { documentRoute } from '../../../lib/openapi.ts'
import { parseBody, parseIdParam } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import { type AuthUser, requireAccess } from '../../../plugins/auth.ts'
import { byDateDesc, fileRecord } from '../passengers/summary.ts'
import { customerBalance } from './balance.ts'
import { CUSTOMER_TABLES } from './link.ts'

const COLUMNS = ['id', 'name', 'mobile_number', 'address', 'passport_number', 'paper_language'] as const
/** A customer page lists this many of their newest records per type; `records_total` counts them all. */
const RECORDS_PER_TYPE = 200

type Trx = Kysely<Database>

/** The search box's columns; migration 0016 indexes the same list (its own copy). */
const SEARCH_COLUMNS = ['name', 'mobile_number', 'passport_number', 'address'] as const
const MIN_INDEXED_SEARCH = 3

/**
 * A cheap superset of the customers whose search columns contain `q`, answered by migration 0016's
 * trigram index (SQLite FTS5, PostgreSQL pg_trgm), as db/search-index.ts does for the record lists;
 * the exact OR-of-LIKE predicate still decides. Undefined under three characters.
 */
const customerSearchPrefilter = (kind: DbKind, q: string) => {
  if ([...q].length < MIN_INDEXED_SEARCH) return undefined
  const nl = kind === 'postgres' ? 'chr(10)' : 'char(10)'
  if (kind === 'postgres') {
    const text = `lower(${SEARCH_COLUMNS.map((c) => `coalesce(${c}, '')`).join(` || ${nl} || `)})`
    const pattern = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
    return sql<boolean>`${sql.raw(text)} LIKE lower(${pattern}) ESCAPE '\\'`
  }
  const chars = [...q]
  const trigrams = chars.slice(2).map(
    (_, i) =>
      `"${chars
        .slice(i, i + 3)
        .join('')
        .replace(/"/g, '""')}"`,
  )
  return sql<boolean>`${sql.ref('id')} IN (SELECT rowid FROM customers_search WHERE customers_search MATCH ${trigrams.join(' AND ')})`
}
type CustomerFields = z.output<typeof CustomerInput>
type CustomerRow = Selectable<Database['customers']>

/** The same name (ignoring case and spaces) with the same mobile or passport is the same customer (decision 009). */
const sameCustomer = (trx: Trx, input: CustomerFields, exceptId?: number) => {
  let q = trx
    .selectFrom('customers')
    .select(['name', 'mobile_number', 'passport_number'])
    .where(sql<string>`lower(trim(name))`, '=', nameKey(input.name))
    .where((eb) =>
      eb.or([
        ...(input.mobile_number ? [eb('mobile_number', '=', input.mobile_number)] : []),
        ...(input.passport_number ? [eb('passport_number', '=', input.passport_number)] : []),
      ]),
    )
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId)
  return q.executeTakeFirst()
}

const alreadyExists = (same: { name: string; mobile_number: string; passport_number: string }) =>
  new HttpError(409, `Customer "${customerLabel(same)}" already exists`, {
    name: `Customer "${customerLabel(same)}" already exists`,
  })

/** A passport number as compared: no spaces, upper case. */
const passportKey = (v: string) => v.replace(/\s+/g, '').toUpperCase()

/**
 * Other customers sharing the name, the phone or the passport typed (decision 047), for the
 * warning with a link the Add Customer pop-up shows before save. Which of the three matched is said.
 */
const customerMatches = async (
  db: Kysely<Database>,
  typed: { name?: string; mobile_number?: string; passport_number?: string },
  exceptId?: number,
) => {
  const name = typed.name ? nameKey(typed.name) : ''
  const phone = normalizePhone(typed.mobile_number ?? '') || ''
  const passport = typed.passport_number ? passportKey(typed.passport_number) : ''
  if (!name && !phone && !passport) return []
  let q = db
    .selectFrom('customers')
    .select([...COLUMNS])
    .where((eb) =>
      eb.or([
        ...(name ? [eb(sql<string>`lower(trim(name))`, '=', name)] : []),
        ...(phone ? [eb('mobile_number', '=', phone)] : []),
        ...(passport ? [eb(sql<string>`upper(replace(passport_number, ' ', ''))`, '=', passport)] : []),
      ]),
    )
    .orderBy('id')
    .limit(5)
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId)
  const rows = await q.execute()
  return rows.map((c) => ({
    ...c,
    matched: [
      ...(name && nameKey(c.name) === name ? ['name'] : []),
      ...(phone && c.mobile_number === phone ? ['mobile_number'] : []),
      ...(passport && passportKey(c.passport_number ?? '') === passport ? ['passport_number'] : []),
    ],
  }))
}

const findCustomer = async (trx: Kysely<Database>, id: number, lock = false) => {
  const q = trx.selectFrom('customers').selectAll().where('id', '=', id)
  const row = await (lock && dbKind(trx) === 'postgres' ? q.forUpdate() : q).executeTakeFirst()
  if (!row) throw new HttpError(404, 'Customer not found')
  return row as CustomerRow
}

/**
 * A page of each record type's records linked to a customer (newest first; the newest
 * RECORDS_PER_TYPE without a page) and how many there are per type in all.
 */
const customerRecords = async (db: Db, id: number, page: CustomerPageQuery = {}) => {
  const limit = page.limit ?? RECORDS_PER_TYPE
  const offset = page.offset ?? 0
  const records: FileRecord[] = []
  let total = 0
  for (const table of CUSTOMER_TABLES) {
    const rows = await db
      .selectFrom(table)
      .selectAll()
      .where('customer_id', '=', id)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute()
    let counted = offset + rows.length
    if (rows.length === limit || (offset > 0 && rows.length === 0)) {
      const n = (await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('customer_id', '=', id)
        .executeTakeFirst()) as { n?: number | string } | undefined
      counted = Number(n?.n ?? 0)
    }
    total += counted
    for (const r of rows) records.push(fileRecord(table, moneyOut(table, r) as ApiRow))
  }
  return { records: records.sort(byDateDesc), total }
}

/** One payment on a customer's page: paid at booking (payment_id null) or a later payment with its receipt. */
interface CustomerPayment {
  date: string | null
  type: string
  table: string
  id: number
  entry: string
  amount: number
  /** The payments table's id (its receipt: GET /api/payments/{id}/receipt.pdf); null when paid at booking. */
  payment_id: number | null
  receipt_no: string
}

/**
 * Payments a customer made: the cash and bank paid on each record when it was entered (a refund's
 * are money paid back, so negative), and every later payment (the payments table, issue 13)
 * against a record linked to them, oldest first.
 */
const customerPayments = async (db: Db, customerId: number, records: FileRecord[], paged = false) => {
  const byType = new Map(records.map((r) => [r.table, r.type]))
  const later: CustomerPayment[] = []
  for (const [type, table] of Object.entries(PAYMENT_TABLES)) {
    // A page lists the later payments of its own records only.
    const onPage = records.filter((r) => r.table === table).map((r) => r.id)
    if (paged && onPage.length === 0) continue
    let q = byName(db)
      .selectFrom('payments as p')
      .innerJoin(`${table} as r`, 'r.id', 'p.source_id')
      .select(['p.id', 'p.date', 'p.amount', 'p.receipt_no', 'r.id as record_id', 'r.entry'])
      .where('p.source_type', '=', type)
      .where('r.customer_id', '=', customerId)
    if (paged) q = q.where('r.id', 'in', onPage)
    const rows = await q.execute()
    for (const row of rows) {
      const p = moneyOut('payments', row) as Record<string, unknown>
      later.push({
        date: String(p.date),
        type: byType.get(table) ?? RECORD_TYPE_LABEL[table] ?? table,
        table,
        id: Number(p.record_id),
        entry: String(p.entry ?? ''),
        amount: Number(p.amount),
        payment_id: Number(p.id),
        receipt_no: String(p.receipt_no),
      })
    }
  }
  // A record's paid figure counts its later payments too (decision 054); the rest was paid at booking.
  const laterOf = new Map<string, number>()
  for (const p of later)
    laterOf.set(`${p.table}:${p.id}`, (laterOf.get(`${p.table}:${p.id}`) ?? 0) + toPaisa(p.amount))
  const atBooking: CustomerPayment[] = records
    .filter((r) => r.table !== 'protectors' && r.table !== 'refunded')
    .map((r) => {
      const paid = fromPaisa(toPaisa(r.paid) - (laterOf.get(`${r.table}:${r.id}`) ?? 0))
      return {
        date: r.date,
        type: r.type,
        table: r.table,
        id: r.id,
        entry: r.entry,
        amount: r.table === 'refund_customers' ? -paid : paid,
        payment_id: null,
        receipt_no: '',
      }
    })
    .filter((p) => p.amount !== 0)
  return [...atBooking, ...later].sort(
    (a, b) => (a.date ?? '').localeCompare(b.date ?? '') || (a.payment_id ?? 0) - (b.payment_id ?? 0),
  )
}

documentRoute('/customers', {
  get: {
    tags: ['Customers'],
    summary:
      'Every customer ({status, customers} with ids) or, with q, limit, offset or sort (name, mobile_number, created_at, "-" for descending), one page with total.',
    responses: {
      '200': {
        description: '{ status, customers: [{id, name, mobile_number, address, passport_number}], total? }',
      },
    },
  },
  post: {
    tags: ['Customers'],
    summary:
      'Add a customer (name and a mobile or passport number); the same name with the same contact is 409.',
    input: CustomerInput,
    responses: {
      '201': { description: '{ status, message, customer }' },
      '409': { description: 'Already exists' },
    },
  },
})
documentRoute('/customers/matches', {
  get: {
    tags: ['Customers'],
    summary:
      'Customers sharing the typed name, mobile number (in its stored form) or passport number: the warning before a new customer is saved.',
    responses: {
      '200': {
        description: '{ status, matches: [{id, name, mobile_number, address, passport_number, matched}] }',
      },
    },
  },
})
documentRoute('/customers/{id}', {
  get: {
    tags: ['Customers'],
    summary:
      'The customer with their newest records of every type (limit and offset: one page of each type, and the payments of those records), records_total, payments and balance (rupees owed).',
    responses: {
      '200': { description: '{ status, customer }' },
      '404': { description: 'Customer not found' },
    },
  },
  put: {
    tags: ['Customers'],
    summary: 'Admins: change name and contact details.',
    input: CustomerInput,
    responses: {
      '200': { description: '{ status, message, customer }' },
      '409': { description: 'Another customer has this name and contact' },
    },
  },
  delete: {
    tags: ['Customers'],
    summary: 'Admins: delete a customer no record names (409 otherwise: merge instead).',
    responses: {
      '200': { description: '{ status, message }' },
      '409': { description: 'The customer has records' },
    },
  },
})
documentRoute('/customers/{id}/merge', {
  post: {
    tags: ['Customers'],
    summary:
      "Admins: move every record of this customer to into_id and remove this customer (audited). The survivor keeps its non-empty fields (or this customer's for the fields listed in take) and takes this customer's where its own are empty.",
    input: CustomerMergeInput,
    responses: {
      '200': { description: '{ status, message, customer (with balance), moved: {table: ids} }' },
    },
  },
})

/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const POST_CUSTOMERS = { schema: { body: CustomerInput, response: { 201: CustomerSavedAnswer } } }

const GET_CUSTOMERS = { schema: { querystring: CustomerListQuery, response: { 200: CustomersAnswerSchema } } }

const GET_CUSTOMERS_ID = {
  schema: { params: IdParams, querystring: CustomerPageQuery, response: { 200: CustomerAnswer } },
}

const PUT_CUSTOMERS_ID = {
  schema: { params: IdParams, body: CustomerInput, response: { 200: CustomerSavedAnswer } },
}

const MERGE = {
  schema: { params: IdParams, body: CustomerMergeInput, response: { 200: CustomerMergedAnswer } },
}

const GET_MATCHES = { schema: { querystring: CustomerMatchQuery, response: { 200: CustomerMatchesAnswer } } }

const DELETE_CUSTOMERS_ID = { schema: { params: IdParams, response: { 200: MessageAnswer } } }

export const customerRoutes = async (app: FastifyInstance, db: Db) => {
  app.post('/customers', POST_CUSTOMERS, async (req, reply) => {
    const input = parseBody(CustomerInput, req.body)
    const user = req.user as AuthUser
    idempotencyKeyOf(req)
    const answer = await db.transaction().execute((trx) =>
      answerOnce(trx, req, user.id, async () => {
        // Two people may share a name; the same name (ignoring case and spaces) with the same mobile
        // or passport number is the same customer entered twice (decision 009).
        const same = await sameCustomer(trx, input)
        if (same) throw alreadyExists(same)
        const customer = await trx
          .insertInto('customers')
          .values({ ...input, created_by: user.username, created_at: new Date().toISOString() })
          .returningAll()
          .executeTakeFirstOrThrow()
        await audit(trx, user, 'create', 'customers', customer.id, null, customer)
        return { status: 201, body: { status: 'success', message: 'Customer Create successfully', customer } }
      }),
    )
    return sendAnswer(reply, answer)
  })

  // Every customer: an office-wide list (decision 147), checked before a cached answer is sent.
  app.get('/customers', { ...officeAnswers(db, 'staff-area'), ...GET_CUSTOMERS }, async (req) => {
    const query = parseBody(CustomerListQuery, req.query)
    const paged = query.limit !== undefined || query.q !== undefined || query.sort !== undefined
    if (!paged) {
      // The spec's answer: every customer, for the pick-lists.
      const customers = await db
        .selectFrom('customers')
        .select([...COLUMNS])
        .orderBy('name')
        .orderBy('id')
        .execute()
      return { status: 'success', customers } satisfies CustomersAnswer
    }
    const kind = dbKind(db)
    let qb = db.selectFrom('customers')
    if (query.q) {
      const q = query.q
      const prefilter = customerSearchPrefilter(kind, q)
      if (prefilter) qb = qb.where(prefilter)
      qb = qb.where((eb) => eb.or(SEARCH_COLUMNS.map((c) => containsCI(kind, sql.ref(c), q))))
    }
    const wanted = query.sort ?? 'name'
    const dir = wanted.startsWith('-') ? 'desc' : 'asc'
    const column = wanted.replace(/^-/, '') as 'name' | 'mobile_number' | 'created_at'
    const limit = query.limit ?? 50
    const offset = query.offset ?? 0
    const customers = await qb
      .select([...COLUMNS, 'created_at'])
      .orderBy(column, dir)
      .orderBy('id', dir)
      .limit(limit)
      .offset(offset)
      .execute()
    const total =
      customers.length < limit && (customers.length > 0 || offset === 0)
        ? offset + customers.length
        : Number((await qb.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0)
    return { status: 'success', customers, total }
  })

  app.get('/customers/matches', GET_MATCHES, async (req) => {
    officeReader(req.caller, 'staff-area')
    const query = parseBody(CustomerMatchQuery, req.query)
    return { status: 'success', matches: await customerMatches(db, query, query.except_id) }
  })

  app.get('/customers/:id', GET_CUSTOMERS_ID, async (req) => {
    const id = parseIdParam(req.params, 'customer')
    // One customer's page: a one-party caller's own only (decision 147).
    if (!seesParty(await scopeOf(db, req.caller), 'customer', String(id)))
      throw new HttpError(404, 'Customer not found')
    const page = parseBody(CustomerPageQuery, req.query)
    const customer = await findCustomer(db, id)
    const { records, total } = await customerRecords(db, id, page)
    const paged = page.limit !== undefined || page.offset !== undefined
    return {
      status: 'success',
      customer: {
        ...customer,
        records,
        records_total: total,
        payments: await customerPayments(db, id, records, paged),
        balance: await customerBalance(db, id),
      },
    }
  })

  app.put('/customers/:id', { ...PUT_CUSTOMERS_ID, preHandler: requireAccess('admin') }, async (req) => {
    const id = parseIdParam(req.params, 'customer')
    const input = parseBody(CustomerInput, req.body)
    const user = req.user as AuthUser
    const customer = await writeTransaction(db, async (trx) => {
      const before = await findCustomer(trx, id, true)
      const same = await sameCustomer(trx, input, id)
      if (same) throw alreadyExists(same)
      const after = await trx
        .updateTable('customers')
        .set(input)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      await audit(trx, user, 'update', 'customers', id, before, after)
      return after
    })
    return { status: 'success', message: 'Customer updated successfully', customer }
  })

  app.post('/customers/:id/merge', { ...MERGE, preHandler: requireAccess('admin') }, async (req) => {
    const id = parseIdParam(req.params, 'customer')
    const { into_id: intoId, take } = parseBody(CustomerMergeInput, req.body)
    if (intoId === id)
      throw new HttpError(400, 'A customer cannot be merged into itself', {
        into_id: 'Choose another customer to merge into',
      })
    const user = req.user as AuthUser
    const answer = await writeTransaction(db, async (trx) => {
      // Both rows locked in id order, so two merges of the same pair cannot deadlock.
      const [first, second] = id < intoId ? [id, intoId] : [intoId, id]
      const a = await findCustomer(trx, first, true)
      const b = await findCustomer(trx, second, true)
      const [from, into] = a.id === id ? [a, b] : [b, a]
      const moved: Record<string, number[]> = {}
      for (const table of CUSTOMER_TABLES) {
        const rows = await trx
          .updateTable(table)
          .set({ customer_id: intoId })
          .where('customer_id', '=', id)
          .returning('id')
          .execute()
        if (rows.length > 0) moved[table] = rows.map((r: { id: number }) => r.id)
      }
      // The books follow the records: each entry on the merged customer's account (their bookings'
      // and their payments') is posted again on the survivor's, by reversal and a new entry; one
      // dated in a closed period refuses the merge (409, decision 083).
      await mergeAccount(trx, customerIdAccount(id), customerIdAccount(intoId), customerLabel(from))
      await trx.deleteFrom('customers').where('id', '=', id).execute()
      // Nothing typed is lost: the survivor takes the merged customer's details where its own are empty.
      const kept = await trx
        .updateTable('customers')
        .set(mergedCustomerFields(into, from, take))
        .where('id', '=', intoId)
        .returningAll()
        .executeTakeFirstOrThrow()
      await audit(trx, user, 'delete', 'customers', id, from, { merged_into: intoId, moved })
      await audit(trx, user, 'update', 'customers', intoId, into, { ...kept, merged_from: id, moved })
      return { into: kept, moved }
    })
    const count = Object.values(answer.moved).reduce((n, ids) => n + ids.length, 0)
    return {
      status: 'success',
      message: `Customer merged into ${customerLabel(answer.into)}: ${count} record${count === 1 ? '' : 's'} moved`,
      customer: { ...answer.into, balance: await customerBalance(db, intoId) },
      moved: answer.moved,
    }
  })

  app.delete(
    '/customers/:id',
    { ...DELETE_CUSTOMERS_ID, preHandler: requireAccess('admin') },
    async (req) => {
      const id = parseIdParam(req.params, 'customer')
      const user = req.user as AuthUser
      await writeTransaction(db, async (trx) => {
        const before = await findCustomer(trx, id, true)
        for (const table of CUSTOMER_TABLES) {
          const used = await trx
            .selectFrom(table)
            .select('id')
            .where('customer_id', '=', id)
            .limit(1)
            .executeTakeFirst()
          if (used)
            throw new HttpError(
              409,
              'This customer has records and cannot be deleted; merge them into another customer instead',
            )
        }
        await trx.deleteFrom('customers').where('id', '=', id).execute()
        await audit(trx, user, 'delete', 'customers', id, before, null)
      })
      return { status: 'success', message: 'Customer deleted successfully' }
    },
  )
}
