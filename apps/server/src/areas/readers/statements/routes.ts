import {
  BOOKS_CURRENCY,
  type Caller,
  can,
  STATEMENT_KINDS,
  StatementAnswer,
  type StatementKind,
  StatementQuery,
} from '@booking/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { customerIdOfAccount } from '../../../books/accounts.ts'
import { connectionUrl, type Db } from '../../../db/connect.ts'
import { partyReader } from '../../../lib/caller-scope.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { parseBody } from '../../../lib/validate.ts'
import { resolvePaperLang } from '../../platform/documents/paper-lang.ts'
import type { PaperLang } from '../../platform/documents/paper-words.ts'
import { sendReadTableDoc, sendTableDoc } from '../../platform/documents/send-table-doc.ts'
import { refuseOverLimit, WORKER_FROM_ROWS } from '../../platform/documents/table-doc.ts'
import { agencySettings, printedAt } from '../../platform/settings/routes.ts'
import {
  buildStatement,
  KIND_LABELS,
  STATEMENT_DOC_READER,
  type StatementDocInput,
  statementDoc,
} from './document.ts'
import { accountCurrency, foreignPage } from './foreign.ts'
import { statementLineCount } from './line-count.ts'
import { statementPage } from './page.ts'
import { statementAccount, voidsOnStatement } from './sources.ts'

/** Book lines on a page when only `offset` is given. */
const PAGE = 100

/** Statements staff may take; the rest are admin-only, like their screens. */
const EMPLOYEE_KINDS: ReadonlySet<StatementKind> = new Set(['agent', 'customer'])

const Params = z.object({
  kind: z.enum(STATEMENT_KINDS, { error: 'Statement must be agent, vendor, bank, cash or customer' }),
  name: z.string().trim().min(1, 'Name is required').max(200, 'At most 200 characters'),
})

/** GET /api/statements/{kind}/{name}?from=&to=&format=json|pdf|xlsx|csv&limit=&offset= */
/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const GET_STATEMENTS_KIND_NAME = {
  schema: { params: Params, querystring: StatementQuery, response: { 200: StatementAnswer } },
}

export const statementRoutes = async (app: FastifyInstance, db: Db) => {
  app.get('/statements/:kind/:name', GET_STATEMENTS_KIND_NAME, async (req, reply) => {
    const { kind, name } = parseBody(Params, req.params)
    if (!EMPLOYEE_KINDS.has(kind) && !can(req.caller, 'view', 'all-statements'))
      throw new HttpError(403, 'Only admins can do this')
    return sendStatement(db, req.caller, req, reply, kind, name)
  })
}

/**
 * The account of the statement a caller asks for: 404 when the party does not exist, and when
 * the caller sees one party and this is another (the same answer: decision 147).
 */
export const statementOf = async (db: Db, caller: Caller | null, kind: StatementKind, name: string) => {
  const notFound = `${KIND_LABELS[kind]} not found`
  const { account, exists } = await statementAccount(db, kind, name)
  if (!exists) throw new HttpError(404, notFound)
  await partyReader(db, caller, account, notFound)
  return { account }
}

/**
 * A party's statement as JSON (whole or paged), PDF, Excel or CSV: the staff's route and an agent's
 * desk (issue 35) both answer with this one reader, so the figures are the same line for line.
 * Scoped by the caller it is given (decision 147): staff read any party's; a one-party caller its
 * own party's only, another's answering as a missing one.
 */
export const sendStatement = async (
  db: Db,
  caller: Caller | null,
  req: FastifyRequest,
  reply: FastifyReply,
  kind: StatementKind,
  name: string,
  /** The paper's language when the request names none (an agent's desk: the party's language). */
  langDefault?: PaperLang,
) => {
  const { from, to, format, limit, offset } = parseBody(StatementQuery, req.query)
  const { account } = await statementOf(db, caller, kind, name)
  // A page for the screen (decision 077); documents are always the whole statement.
  if (format === 'json' && (limit !== undefined || offset !== undefined)) {
    const currency = await accountCurrency(db, account)
    if (currency !== BOOKS_CURRENCY) {
      const whole = await buildStatement(db, kind, name, { from, to })
      return {
        status: 'success',
        kind,
        name,
        from: from ?? null,
        to: to ?? null,
        ...foreignPage(whole, limit ?? PAGE, offset ?? 0),
      }
    }
    const page = await statementPage(db, account, { from, to }, { limit: limit ?? PAGE, offset: offset ?? 0 })
    const voided = await voidsOnStatement(db, account, { from, to })
    return { status: 'success', kind, name, from: from ?? null, to: to ?? null, ...page, voided }
  }
  if (format === 'json') {
    const statement = await buildStatement(db, kind, name, { from, to })
    return { status: 'success', kind, name, from: from ?? null, to: to ?? null, ...statement }
  }
  // The opening line makes one more row than the account has lines.
  const lines = (await statementLineCount(db, account, { from, to })) + 1
  refuseOverLimit(format, lines)
  const settings = await agencySettings(db)
  const asked = (req.query as { lang?: unknown } | undefined)?.lang
  const lang =
    asked === undefined && langDefault
      ? langDefault
      : await resolvePaperLang(db, req.query, customerIdOfAccount(account))
  const printed = printedAt(settings)
  // A large one is read and built in a document worker (decision 079): the main thread passes
  // the request's parameters and streams the worker's bytes back.
  const database = lines >= WORKER_FROM_ROWS ? connectionUrl(db) : undefined
  if (database) {
    const input: StatementDocInput = { kind, name, range: { from, to }, currency: settings.currency }
    const read = { reader: STATEMENT_DOC_READER, input, database }
    return sendReadTableDoc(reply, read, settings, format, printed, lang)
  }
  const statement = await buildStatement(db, kind, name, { from, to })
  const doc = statementDoc(kind, name, { from, to }, statement, settings.currency)
  return sendTableDoc(reply, settings, doc, format, printed, lang)
}
