import {
  AutoMatchAnswer,
  BankLinesQuery,
  BankMatchesAnswer,
  BankMatchSavedAnswer,
  BankReconciliationsAnswer,
  BookLinesAnswer,
  FileAnswer,
  fromPaisa,
  guessStatementLayout,
  ImportUndoneAnswer,
  idParam,
  MAX_ID,
  MatchConfirmBody,
  MatchesConfirmedAnswer,
  MessageAnswer,
  OpeningEntryAnswer,
  ReconciliationAnswer,
  ReconciliationQuery,
  ReconciliationReportQuery,
  StatementFileBody,
  StatementImportAnswer,
  StatementImportsAnswer,
  StatementLinePostedAnswer,
  StatementLinesAnswer,
  StatementMapping,
  StatementMappingAnswer,
  StatementMappingSavedAnswer,
  StatementMatchBody,
  StatementPostBody,
  StatementPreviewAnswer,
} from '@booking/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { connectionUrl, type Db } from '../../../db/connect.ts'
import { dbKind } from '../../../db/dialect.ts'
import type { Database } from '../../../db/schema.ts'
import { audit } from '../../../lib/audit.ts'
import { officeReader } from '../../../lib/caller-scope.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { parseBody } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import { type AuthUser, requireAccess } from '../../../plugins/auth.ts'
import { sendReadAnswer } from '../../platform/documents/send-answer.ts'
import { sendReadTableDoc, sendTableDoc } from '../../platform/documents/send-table-doc.ts'
import { requestGone } from '../../platform/outside/outside-pool.ts'
import { agencySettings, agencyToday, printedAt } from '../../platform/settings/routes.ts'
import { parseLargeJsonOffLoop } from './json-body.ts'
import {
  addMatch,
  autoMatch,
  type BankState,
  bankById,
  deleteMatchRows,
  loadLineState,
  loadMatchingState,
  loadState,
  matchView,
  storeResolution,
} from './matching.ts'
import { boundaryOf, parseMultipart } from './multipart.ts'
import { postOpeningEntry } from './opening.ts'
import {
  asTheOnlyImport,
  discardPending,
  discardStoppedImports,
  storePendingLines,
} from './pending-import.ts'
import { postStatementLine } from './post-line.ts'
import { monthEnd, reconcile } from './reconciliation.ts'
import { RECONCILIATION_DOC_READER, type ReconciliationDocInput, reconciliationDoc } from './report.ts'
import { readAnswer, SCREEN_READER, type ScreenRead } from './screen-read.ts'
import { statementFileOf, statementUploadOf } from './statement-file.ts'
import { readStatementFile, readStatementLines } from './statement-reader.ts'

/**
 * A reconciliation screen's read in a document worker (decision 131), or here for a database
 * without a connection URL (none in use).
 */
const screenAnswer = async (db: Db, reply: FastifyReply, read: ScreenRead) => {
  const database = connectionUrl(db)
  if (!database) return readAnswer(db, read)
  return sendReadAnswer(reply, { reader: SCREEN_READER, input: read, database })
}

/** A 5 MB file, also as base64 in JSON (a year of a busy account is well under 1 MB of CSV). */
const FILE_LIMIT = 8 * 1024 * 1024

const BankParams = idParam
const MatchParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  match_id: z.coerce.number().int().positive().max(MAX_ID),
})
const ImportParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  import_id: z.coerce.number().int().positive().max(MAX_ID),
})
const LineParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  line_id: z.coerce.number().int().positive().max(MAX_ID),
})

/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const admin = { preHandler: requireAccess('admin') }
const GET_MAPPING = { ...admin, schema: { params: BankParams, response: { 200: StatementMappingAnswer } } }
const PUT_MAPPING = {
  ...admin,
  schema: { params: BankParams, body: StatementMapping, response: { 200: StatementMappingSavedAnswer } },
}
const FILE_BODY = { params: BankParams, body: StatementFileBody }
const POST_PREVIEW = {
  ...admin,
  bodyLimit: FILE_LIMIT,
  schema: { ...FILE_BODY, response: { 200: StatementPreviewAnswer } },
}
const POST_IMPORT = {
  ...admin,
  bodyLimit: FILE_LIMIT,
  schema: { ...FILE_BODY, response: { 201: StatementImportAnswer } },
}
const GET_IMPORTS = { ...admin, schema: { params: BankParams, response: { 200: StatementImportsAnswer } } }
const DELETE_IMPORT = { ...admin, schema: { params: ImportParams, response: { 200: ImportUndoneAnswer } } }
const POST_OPENING = { ...admin, schema: { params: BankParams, response: { 201: OpeningEntryAnswer } } }
const GET_ST_LINES = {
  ...admin,
  schema: { params: BankParams, querystring: BankLinesQuery, response: { 200: StatementLinesAnswer } },
}
const GET_BOOK_LINES = {
  ...admin,
  schema: { params: BankParams, querystring: BankLinesQuery, response: { 200: BookLinesAnswer } },
}
const GET_MATCHES = { ...admin, schema: { params: BankParams, response: { 200: BankMatchesAnswer } } }
const POST_MATCH = {
  ...admin,
  schema: { params: BankParams, body: StatementMatchBody, response: { 201: BankMatchSavedAnswer } },
}
const POST_AUTO = { ...admin, schema: { params: BankParams, response: { 200: AutoMatchAnswer } } }
const POST_CONFIRM = {
  ...admin,
  schema: { params: BankParams, body: MatchConfirmBody, response: { 200: MatchesConfirmedAnswer } },
}
const DELETE_MATCH = { ...admin, schema: { params: MatchParams, response: { 200: MessageAnswer } } }
const POST_LINE = {
  ...admin,
  schema: { params: LineParams, body: StatementPostBody, response: { 201: StatementLinePostedAnswer } },
}
const GET_RECON = {
  ...admin,
  schema: { params: BankParams, querystring: ReconciliationQuery, response: { 200: ReconciliationAnswer } },
}
const GET_RECONS = {
  ...admin,
  schema: { querystring: ReconciliationQuery, response: { 200: BankReconciliationsAnswer } },
}
const GET_RECON_PDF = {
  ...admin,
  schema: {
    params: BankParams,
    querystring: ReconciliationReportQuery,
    response: { 200: FileAnswer('application/pdf') },
  },
}

const bankIdOf = (req: FastifyRequest) => {
  const parsed = BankParams.safeParse(req.params)
  if (!parsed.success) throw new HttpError(400, 'Invalid bank ID')
  return parsed.data.id
}

const user = (req: FastifyRequest) => req.user as AuthUser

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

const savedMapping = async (db: Kysely<Database>, bankId: number): Promise<StatementMapping | null> => {
  const row = await db
    .selectFrom('bank_statement_mappings')
    .select('mapping')
    .where('bank_id', '=', bankId)
    .executeTakeFirst()
  if (!row) return null
  const parsed = StatementMapping.safeParse(JSON.parse(row.mapping))
  return parsed.success ? parsed.data : null
}

const saveMapping = async (
  trx: Kysely<Database>,
  bankId: number,
  mapping: StatementMapping,
  userId: number,
) => {
  const values = {
    mapping: JSON.stringify(mapping),
    updated_by: userId,
    updated_at: new Date().toISOString(),
  }
  await trx
    .insertInto('bank_statement_mappings')
    .values({ bank_id: bankId, ...values })
    .onConflict((oc) => oc.column('bank_id').doUpdateSet(values))
    .execute()
}

/** The state of a bank inside a write: matches whose book line was reversed are settled first (decision 063). */
/**
 * One writer per bank on PostgreSQL whatever lock the write path takes (decision 036 may give way
 * to per-account locks): imports and matches of a bank read its state, then write.
 */
const lockBank = async (trx: Kysely<Database>, bankId: number) => {
  if (dbKind(trx) === 'postgres')
    await trx.selectFrom('banks').select('id').where('id', '=', bankId).forUpdate().execute()
}

export const writeState = async (trx: Kysely<Database>, bankId: number): Promise<BankState> => {
  await lockBank(trx, bankId)
  const state = await loadState(trx, await bankById(trx, bankId))
  await storeResolution(trx, state)
  return state
}

const unmatchedCount = (state: BankState) => state.st.filter((l) => !state.stMatch.has(l.id)).length

/**
 * Bank reconciliation (issue 24 items 1-2, decisions 063-064), admins only: statement files read
 * with a mapping saved per bank, automatic and manual matching against the bank's posting lines,
 * posting an unexplained statement line as a record, the reconciliation and its monthly PDF.
 */
export const bankStatementRoutes = async (app: FastifyInstance, db: Db) => {
  // Imports a stopped server left pending are removed before anything is served (decision 112).
  await discardStoppedImports(db)
  await app.register(async (scoped) => {
    parseLargeJsonOffLoop(scoped)
    // A browser's file upload. Kept in a Map so the text guard (lib/validate.ts) does not walk its bytes.
    scoped.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: FILE_LIMIT },
      (req, body, done) => {
        const boundary = boundaryOf(req.headers['content-type'])
        if (!boundary) {
          done(new HttpError(400, 'The upload has no multipart boundary'), undefined)
          return
        }
        const parts = parseMultipart(body as Buffer, boundary).reverse()
        done(null, { multipart: new Map(parts.map((p) => [p.name, p])) })
      },
    )

    scoped.get('/banks/:id/statement-mapping', GET_MAPPING, async (req) => {
      const bank = await bankById(db, bankIdOf(req))
      return { status: 'success', mapping: await savedMapping(db, bank.id) }
    })

    scoped.put('/banks/:id/statement-mapping', PUT_MAPPING, async (req) => {
      const bankId = bankIdOf(req)
      const mapping = parseBody(StatementMapping, req.body)
      await writeTransaction(db, async (trx) => {
        await bankById(trx, bankId)
        await saveMapping(trx, bankId, mapping, user(req).id)
      })
      return { status: 'success', message: 'Mapping saved', mapping }
    })

    scoped.post('/banks/:id/statement-preview', POST_PREVIEW, async (req, reply) => {
      const bank = await bankById(db, bankIdOf(req))
      const file = await statementFileOf(req.body, requestGone(reply.raw))
      const saved = await savedMapping(db, bank.id)
      // The mapping sent, else the bank's, else one guessed from the file (header row, date layout).
      const mapping = file.mapping ?? saved ?? guessStatementLayout(file.rows)
      const columns = (file.rows[(mapping?.header_row ?? 1) - 1] ?? []).map((c) => c.trim())
      return {
        status: 'success',
        file_name: file.fileName,
        rows_total: file.total,
        rows: file.rows.slice(0, 20),
        columns,
        mapping,
        saved: !file.mapping && saved !== null,
      }
    })

    scoped.post('/banks/:id/statement-imports', POST_IMPORT, async (req, reply) => {
      const bankId = bankIdOf(req)
      await bankById(db, bankId)
      const file = statementUploadOf(req.body)
      const mapping = file.mapping ?? (await savedMapping(db, bankId))
      const gone = requestGone(reply.raw)
      if (!mapping) {
        // The file is still read, so that a file that cannot be read says so first.
        await readStatementFile(file.source, gone)
        throw new HttpError(400, 'Map the columns first', { mapping: 'Map the columns first' })
      }
      // The whole file is read before anything is written: a bad row stores nothing.
      const read = await readStatementLines(file.source, mapping, gone)
      if ('error' in read)
        throw new HttpError(
          400,
          read.error.message,
          { file: read.error.message },
          {
            row: read.error.row,
            column: read.error.column,
          },
        )
      const u = user(req)
      // Stored as pending in short transactions, then made current and matched in one small
      // final transaction (decision 112): a failure or a stop before it leaves nothing visible.
      const answer = await asTheOnlyImport(db, bankId, async () => {
        const now = new Date().toISOString()
        const importId = await writeTransaction(db, async (trx) => {
          await bankById(trx, bankId)
          const imp = await trx
            .insertInto('bank_statement_imports')
            .values({
              bank_id: bankId,
              file_name: file.fileName,
              lines: read.count,
              added: 0,
              created_by: u.id,
              created_at: now,
              opening_balance: read.opening?.paisa ?? null,
              opening_date: read.opening?.date ?? read.firstDate,
              closing_balance: read.closing?.paisa ?? null,
              pending: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
          return Number(imp.id)
        })
        try {
          const added = await storePendingLines(db, bankId, importId, read.texts, now)
          return await writeTransaction(db, async (trx) => {
            await lockBank(trx, bankId)
            const bank = await bankById(trx, bankId)
            if (file.mapping) await saveMapping(trx, bankId, file.mapping, u.id)
            const current = await trx
              .updateTable('bank_statement_imports')
              .set({ added: added.length, pending: null })
              .where('id', '=', importId)
              .where('pending', 'is not', null)
              .executeTakeFirst()
            if (Number(current.numUpdatedRows) !== 1)
              throw new Error(`Import ${importId} is no longer pending`)
            // Only what matching needs, read by index once the new lines are current (decision
            // 102): the bank's other statement lines stay in the database.
            const state = await loadMatchingState(trx, bank)
            await storeResolution(trx, state)
            const matched = await autoMatch(trx, state, u.id)
            const matchedNew = added.filter((id) => matched.has(id)).length
            const body = {
              status: 'success',
              message:
                added.length === 0
                  ? 'Every line of this file was already imported'
                  : `${added.length} statement lines imported`,
              import_id: importId,
              opening_balance: read.opening ? fromPaisa(read.opening.paisa) : null,
              closing_balance: read.closing ? fromPaisa(read.closing.paisa) : null,
              lines: read.count,
              duplicates: read.count - added.length,
              matched: matchedNew,
              unmatched: added.length - matchedNew,
            }
            await audit(trx, u, 'create', 'bank_statement_imports', importId, null, {
              bank_id: bankId,
              file_name: file.fileName,
              lines: body.lines,
              added: added.length,
            })
            return body
          })
        } catch (err) {
          // Nothing of it was ever visible; what was stored goes now (else at the next start).
          await discardPending(db, bankId, importId).catch(() => undefined)
          throw err
        }
      })
      return reply.code(201).send(answer)
    })

    scoped.get('/banks/:id/statement-imports', GET_IMPORTS, async (req) => {
      const bank = await bankById(db, bankIdOf(req))
      const rows = await db
        .selectFrom('bank_statement_imports')
        .select(['id', 'file_name', 'lines', 'added', 'created_at', 'opening_balance', 'closing_balance'])
        .where('bank_id', '=', bank.id)
        .where('pending', 'is', null)
        .orderBy('id', 'desc')
        .execute()
      const money = (v: number | string | null) => (v === null ? null : fromPaisa(Number(v)))
      return {
        status: 'success',
        imports: rows.map((r) => ({
          ...r,
          id: Number(r.id),
          lines: Number(r.lines),
          added: Number(r.added),
          opening_balance: money(r.opening_balance),
          closing_balance: money(r.closing_balance),
        })),
      }
    })

    // Undo an import (issue 37): its lines and every match holding one of them go; records posted
    // from its lines stay in the books (they are records like any other; delete them there).
    scoped.delete('/banks/:id/statement-imports/:import_id', DELETE_IMPORT, async (req) => {
      const parsed = ImportParams.safeParse(req.params)
      if (!parsed.success) throw new HttpError(400, 'Invalid import ID')
      const { id: bankId, import_id: importId } = parsed.data
      const u = user(req)
      const undone = await writeTransaction(db, async (trx) => {
        const state = await writeState(trx, bankId)
        const row = await trx
          .selectFrom('bank_statement_imports')
          .selectAll()
          .where('id', '=', importId)
          .where('bank_id', '=', bankId)
          .where('pending', 'is', null)
          .executeTakeFirst()
        if (!row) throw new HttpError(404, 'Import not found')
        // The audit keeps the import as it was before decision 112 added `pending` (always null here).
        const { pending: _pending, ...imp } = row
        const lineIds = state.st.filter((l) => l.import_id === importId).map((l) => l.id)
        const matchIds = [...new Set(lineIds.flatMap((id) => state.stMatch.get(id) ?? []))]
        for (const m of matchIds) await deleteMatchRows(trx, m)
        await trx.deleteFrom('bank_statement_lines').where('import_id', '=', importId).execute()
        await trx.deleteFrom('bank_statement_imports').where('id', '=', importId).execute()
        await audit(trx, u, 'delete', 'bank_statement_imports', importId, imp, null)
        return { lines: lineIds.length, matches: matchIds.length }
      })
      return {
        status: 'success',
        message: `Import undone: ${count(undone.lines, 'statement line')} and ${count(undone.matches, 'match', 'matches')} removed`,
        ...undone,
      }
    })

    scoped.post('/banks/:id/opening-entry', POST_OPENING, async (req, reply) => {
      const bankId = bankIdOf(req)
      const u = user(req)
      const answer = await writeTransaction(db, async (trx) => {
        const state = await writeState(trx, bankId)
        return postOpeningEntry(db, trx, state, { user: u })
      })
      return reply.code(201).send({ status: 'success', message: 'Opening balance posted', ...answer })
    })

    scoped.get('/banks/:id/statement-lines', GET_ST_LINES, async (req) => {
      officeReader(req.caller, 'office-figures')
      const query = parseBody(BankLinesQuery, req.query)
      const bank = await bankById(db, bankIdOf(req))
      return readAnswer(db, { kind: 'statement-lines', bankId: bank.id, query })
    })

    scoped.get('/banks/:id/book-lines', GET_BOOK_LINES, async (req) => {
      officeReader(req.caller, 'office-figures')
      const query = parseBody(BankLinesQuery, req.query)
      const bank = await bankById(db, bankIdOf(req))
      return readAnswer(db, { kind: 'book-lines', bankId: bank.id, query })
    })

    scoped.get('/banks/:id/matches', GET_MATCHES, async (req) => {
      officeReader(req.caller, 'office-figures')
      const state = await loadState(db, await bankById(db, bankIdOf(req)))
      return { status: 'success', matches: [...state.matches.values()].map((m) => matchView(state, m)) }
    })

    scoped.post('/banks/:id/matches', POST_MATCH, async (req, reply) => {
      const bankId = bankIdOf(req)
      const body = parseBody(StatementMatchBody, req.body)
      const u = user(req)
      const match = await writeTransaction(db, async (trx) => {
        const state = await writeState(trx, bankId)
        const st = [...new Set(body.statement_line_ids)]
        const bk = [...new Set(body.posting_line_ids)]
        // Book lines outside the loaded window (older than the first statement) may still be matched by hand.
        const missing = bk.filter((id) => !state.bk.has(id))
        if (missing.length > 0) {
          const rows = await trx
            .selectFrom('current_lines')
            .select(['id', 'date', 'entry', 'detail', 'debit', 'credit', 'source_type', 'source_id'])
            .where('account', '=', state.bank.account)
            .where('id', 'in', missing)
            .execute()
          for (const r of rows)
            state.bk.set(Number(r.id), {
              id: Number(r.id),
              date: r.date,
              entry: r.entry,
              detail: r.detail,
              signed: Number(r.debit) - Number(r.credit),
              source_type: r.source_type,
              source_id: Number(r.source_id),
            })
        }
        for (const id of st) {
          if (!state.stById.has(id))
            throw new HttpError(404, `Statement line ${id} not found in this bank`, {
              statement_line_ids: 'Not found',
            })
          const m = state.stMatch.get(id)
          if (m !== undefined)
            throw new HttpError(
              409,
              `Statement line ${id} is already in match ${m}; unmatch it first`,
              undefined,
              { match_id: m },
            )
        }
        for (const id of bk) {
          if (!state.bk.has(id))
            throw new HttpError(404, `Book line ${id} is not a line in force of this bank`, {
              posting_line_ids: 'Not found',
            })
          const m = state.bkMatch.get(id)
          if (m !== undefined)
            throw new HttpError(
              409,
              `Book line ${id} is already in match ${m}; unmatch it first`,
              undefined,
              { match_id: m },
            )
        }
        const stSum = st.reduce((a, id) => a + (state.stById.get(id)?.signed ?? 0), 0)
        const bkSum = bk.reduce((a, id) => a + (state.bk.get(id)?.signed ?? 0), 0)
        if (stSum !== bkSum) {
          const msg = 'The statement lines and the book lines do not add up to the same amount'
          throw new HttpError(400, msg, { posting_line_ids: msg })
        }
        const m = await addMatch(trx, state, { kind: 'manual', st, bk, userId: u.id })
        await audit(trx, u, 'create', 'bank_matches', m.id, null, {
          bank_id: bankId,
          statement_line_ids: st,
          posting_line_ids: bk,
        })
        return matchView(state, m)
      })
      return reply.code(201).send({ status: 'success', message: 'Lines matched', match })
    })

    scoped.post('/banks/:id/matches/auto', POST_AUTO, async (req) => {
      const bankId = bankIdOf(req)
      const u = user(req)
      return writeTransaction(db, async (trx) => {
        const state = await writeState(trx, bankId)
        const matched = await autoMatch(trx, state, u.id)
        return {
          status: 'success',
          message: `${matched.size} statement lines matched`,
          matched: matched.size,
          unmatched: unmatchedCount(state),
        }
      })
    })

    scoped.post('/banks/:id/matches/confirm', POST_CONFIRM, async (req) => {
      const bankId = bankIdOf(req)
      const body = parseBody(MatchConfirmBody, req.body)
      const confirmed = await writeTransaction(db, async (trx) => {
        const state = await writeState(trx, bankId)
        const ids = [...new Set(body.match_ids)]
        const unknown = ids.find((id) => !state.matches.has(id))
        if (unknown !== undefined) throw new HttpError(404, `Match ${unknown} not found in this bank`)
        const open = ids.filter((id) => !state.matches.get(id)?.confirmed)
        if (open.length > 0)
          await trx.updateTable('bank_matches').set({ confirmed: 1 }).where('id', 'in', open).execute()
        return open.length
      })
      return { status: 'success', message: `${confirmed} matches confirmed`, confirmed }
    })

    scoped.delete('/banks/:id/matches/:match_id', DELETE_MATCH, async (req) => {
      const parsed = MatchParams.safeParse(req.params)
      if (!parsed.success) throw new HttpError(400, 'Invalid match ID')
      const { id: bankId, match_id: matchId } = parsed.data
      const u = user(req)
      await writeTransaction(db, async (trx) => {
        const state = await writeState(trx, bankId)
        const m = state.matches.get(matchId)
        if (!m) throw new HttpError(404, 'Match not found')
        await deleteMatchRows(trx, matchId)
        await audit(trx, u, 'delete', 'bank_matches', matchId, matchView(state, m), null)
      })
      return { status: 'success', message: 'Lines unmatched' }
    })

    scoped.post('/banks/:id/statement-lines/:line_id/post', POST_LINE, async (req, reply) => {
      const parsed = LineParams.safeParse(req.params)
      if (!parsed.success) throw new HttpError(400, 'Invalid statement line ID')
      const body = parseBody(StatementPostBody, req.body)
      const u = user(req)
      const answer = await writeTransaction(db, async (trx) => {
        await lockBank(trx, parsed.data.id)
        const state = await loadLineState(trx, await bankById(trx, parsed.data.id), parsed.data.line_id)
        await storeResolution(trx, state)
        const posted = await postStatementLine(db, trx, state, { user: u }, parsed.data.line_id, body)
        return { record: posted.record, match: matchView(state, posted.match) }
      })
      return reply
        .code(201)
        .send({ status: 'success', message: 'Posted to the books and matched', ...answer })
    })

    scoped.get('/banks/:id/reconciliation', GET_RECON, async (req, reply) => {
      officeReader(req.caller, 'office-figures')
      const q = parseBody(ReconciliationQuery, req.query)
      const bank = await bankById(db, bankIdOf(req))
      const asOf = q.as_of ?? agencyToday(await agencySettings(db))
      return screenAnswer(db, reply, { kind: 'reconciliation', bankId: bank.id, asOf })
    })

    scoped.get('/bank-reconciliations', GET_RECONS, async (req, reply) => {
      officeReader(req.caller, 'office-figures')
      const q = parseBody(ReconciliationQuery, req.query)
      const asOf = q.as_of ?? agencyToday(await agencySettings(db))
      return screenAnswer(db, reply, { kind: 'reconciliations', asOf })
    })

    scoped.get('/banks/:id/reconciliation.pdf', GET_RECON_PDF, async (req, reply) => {
      officeReader(req.caller, 'office-figures')
      const q = parseBody(ReconciliationReportQuery, req.query)
      const bank = await bankById(db, bankIdOf(req))
      const settings = await agencySettings(db)
      const printed = printedAt(settings)
      // Read, reconciled and drawn in a document worker (decision 113): the main thread passes
      // the bank and the month and streams the worker's bytes.
      const database = connectionUrl(db)
      if (database) {
        const input: ReconciliationDocInput = { bankId: bank.id, month: q.month }
        return sendReadTableDoc(
          reply,
          { reader: RECONCILIATION_DOC_READER, input, database },
          settings,
          'pdf',
          printed,
        )
      }
      const state = await loadState(db, bank)
      const r = await reconcile(db, state, monthEnd(q.month))
      return sendTableDoc(reply, settings, reconciliationDoc(state, q.month, r), 'pdf', printed)
    })
  })
}
