import {
  BankLedgerAnswer,
  BOOKS_CURRENCY,
  CASH_IN_OFFICE,
  ListQuery,
  RECORD_SPECS,
  rateOfMicro,
} from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import {
  currencyOf,
  removeLines,
  rowCurrency,
  settleEntryCurrency,
  vendorAccount,
} from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import type { Database } from '../../../db/schema.ts'
import { type AnyRecordRow, type ApiRow, crudRoutes } from '../../../lib/crud.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { parseListQuery } from '../../../lib/list-query.ts'
import { removePostings, syncPosting } from '../../../lib/postings.ts'
import { requireAccess } from '../../../plugins/auth.ts'
import { LEDGER_LISTS, ledgerList, refuseLinked } from '../ledgers/running-balance.ts'
import { cashLedger } from './cash-ledger.ts'
import { foreignBankCurrency, inBankCurrency } from './foreign-list.ts'
import { officeAccountOf, officeCashJournal, postOfficeEntry } from './postings.ts'
import { bankTransferRoutes } from './transfers.ts'

const bankList = ledgerList(LEDGER_LISTS.accounts)

/**
 * One bank's rows, or (the "Cash in Office" account) every cash movement of the books. A bank kept
 * in another currency runs its balance in it, the rupees beside (decision 150).
 */
const list = async (db: Db, query: ListQuery): Promise<{ rows: AnyRecordRow[]; total?: number }> => {
  if (query.name === CASH_IN_OFFICE) return cashLedger(db, query)
  const answer = await bankList(db, query)
  const currency = await foreignBankCurrency(db, query.name)
  if (currency === null) return answer
  return { ...answer, rows: await inBankCurrency(db, query.name!, currency, query, answer.rows) }
}

/** The rate as the rupees per unit it was typed as (stored as micro-rupees, decision 107). */
const rateOut = (row: AnyRecordRow) =>
  'rate' in row ? { ...row, rate: row.rate == null ? null : rateOfMicro(row.rate as string | number) } : row

/** New rows go only to a bank account that exists and is active; old rows of a deactivated bank stay editable. */
const checkBank = async (trx: Kysely<Database>, name: string) => {
  // Office cash is an account too: its opening balance and owner's money in or out (decision 023).
  if (name === CASH_IN_OFFICE) return
  const bank = await trx.selectFrom('banks').select('active').where('name', '=', name).executeTakeFirst()
  if (!bank) throw new HttpError(400, 'Unknown bank account', { bank_name: 'Unknown bank account' })
  if (!bank.active)
    throw new HttpError(400, 'This bank account is inactive', { bank_name: 'This bank account is inactive' })
}

/**
 * Issue 34 (decision 132), before anything is written: the entry's currency (its bank's by
 * default; another is a 400) and rate (typed, kept, or the day's), set on the row. A vendor named
 * on an entry in another currency than rupees keeps its account in that currency (its ledger row
 * is in it): another is a 400 on the vendor.
 */
const settleOfficeCurrency = async (
  trx: Kysely<Database>,
  row: Record<string, unknown>,
  before: Record<string, unknown> | null,
) => {
  const name = String(row.bank_name)
  await settleEntryCurrency(trx, row, before, {
    address: officeAccountOf(row as ApiRow<'account_entries'>),
    name,
  })
  const vendor = String(row.vendor_name ?? '').trim()
  if (!vendor || row.currency === BOOKS_CURRENCY) return
  const kept = await currencyOf(trx, vendorAccount(vendor))
  if (kept !== row.currency) {
    const message = `${vendor} keeps its account in ${kept}: an entry in ${String(row.currency)} cannot name it`
    throw new HttpError(400, message, { vendor_name: message })
  }
}

/** The vendor ledger line an account entry with a vendor posts, in the account's transaction. */
const vendorPosting = (row: ApiRow<'account_entries'>) =>
  row.vendor_name
    ? {
        vender_name: row.vendor_name,
        date: row.date,
        entry: row.entry,
        detail: row.detail,
        bank_title: row.bank_name,
        credit: row.credit,
        debit: row.debit,
        withdraw: 0,
        // In the vendor's currency, which is the entry's (decision 132).
        ...(rowCurrency(row).rate === null ? {} : { currency: row.currency, rate: row.rate }),
      }
    : null

/** Office Accounts (bank ledgers), admin only. GET /accounts/{bankName} answers a plain array as the spec's client reads it. */
export const accountRoutes = async (app: FastifyInstance, db: Db) => {
  // Between two banks, one of them in rupees (decision 143).
  bankTransferRoutes(app, db)
  await app.register(async (scoped) => {
    crudRoutes(scoped, db, RECORD_SPECS.account_entries, {
      getOne: false,
      toRow: ({ entry: _entry, ...values }) => values,
      check: async (trx, row, { before }) => {
        refuseLinked(before)
        if (row && (!before || before.bank_name !== row.bank_name)) await checkBank(trx, row.bank_name)
        if (row) await settleOfficeCurrency(trx, row as Record<string, unknown>, before)
      },
      toApi: (row) => rateOut(row as AnyRecordRow) as typeof row,
      // The entry's vendor row is the write's own: a back-fill never wrote it (decision 145).
      ledgerRows: (trx, row) =>
        syncPosting(trx, 'vender_entries', { type: 'account_entries', id: row.id }, vendorPosting(row)),
      postingDay: (row) => (row.source_type ? null : row.date),
      postings: (trx, row) => postOfficeEntry(trx, row),
      onDelete: async (trx, row) => {
        await removePostings(trx, { type: 'account_entries', id: row.id })
        await removeLines(trx, { type: 'account_entries', id: row.id })
      },
      // Office cash in or out is on the dashboard with the rest of Cash in Office, netted as its
      // one cash line is (decision 055): credit 500 and debit 200 are 300 in, not 500 in and 200 out.
      journal: (row) =>
        row.bank_name === CASH_IN_OFFICE && !row.source_type ? officeCashJournal(row) : null,
      list,
    })

    scoped.get(
      '/accounts/:bankName',
      {
        preHandler: requireAccess(RECORD_SPECS.account_entries.access.view),
        schema: { querystring: ListQuery, response: { 200: BankLedgerAnswer } },
      },
      async (req) => {
        const { bankName } = req.params as { bankName: string }
        const { rows } = await list(db, { ...parseListQuery(req.query), name: bankName })
        // A rupee bank's rows have no rate (null as before); a foreign bank's read as typed.
        return rows.map(rateOut)
      },
    )
  })
}
