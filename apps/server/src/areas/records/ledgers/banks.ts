import {
  AdminBanksAnswer,
  BANK_COLUMNS,
  BANK_TITLE_FORMS,
  BankSavedAnswer,
  currencyCode,
  idParam,
  MessageAnswer,
} from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import { type Kysely, sql } from 'kysely'
import { z } from 'zod'
import {
  bankAccount,
  currencyOf,
  enabledCurrencies,
  NOT_TURNED_ON,
  renameAccount,
  setAccountCurrency,
} from '../../../books/index.ts'
import type { Db } from '../../../db/connect.ts'
import type { Database } from '../../../db/schema.ts'
import { audit } from '../../../lib/audit.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { answerOnce, idempotencyKeyOf, sendAnswer } from '../../../lib/idempotency.ts'
import { parseBody } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import type { AuthUser } from '../../../plugins/auth.ts'

const bankName = z.string({ error: 'Bank name is required' }).trim().min(1, 'Bank name is required').max(100)
// The bank account's currency (issue 34 item 2, decision 107): PKR unless the form says otherwise.
const NewBank = z.object({ name: bankName, currency: currencyCode.optional() })
const BankChange = z.object({
  name: bankName.optional(),
  active: z.boolean().optional(),
  currency: currencyCode.optional(),
})

/** Sets the bank account's currency (refused while it is off, or once the account has lines). */
const setBankCurrency = async (
  trx: Parameters<typeof setAccountCurrency>[0],
  name: string,
  currency: string,
) => {
  if (!(await enabledCurrencies(trx)).has(currency))
    throw new HttpError(400, NOT_TURNED_ON(currency), { currency: NOT_TURNED_ON(currency) })
  const refused = await setAccountCurrency(trx, bankAccount(name), currency)
  if (refused) throw new HttpError(409, `${name}: ${refused}`, { currency: refused })
  return currency
}

const toBank = (b: { id: number; name: string; active: number }) => ({ ...b, active: Boolean(b.active) })

/**
 * The bank's account takes the new name; its lines, checkpoints and every closed figure stay as
 * they are (decision 082). Lines an older unmatched bank text posted under the new name are
 * another account: that rename is refused, as merging them would change what the books said.
 */
const renameBankAccount = async (trx: Kysely<Database>, from: string, to: string) => {
  if (!(await renameAccount(trx, bankAccount(from), bankAccount(to), to)))
    throw new HttpError(409, `Bank "${to}" already has entries in the books`, {
      name: 'Bank already has entries in the books',
    })
}

/**
 * Admin management of the bank accounts beside GET /api/banks (the auth hook limits /api/admin/*).
 * Records name their bank, so a rename carries them along (a later edit of a ticket then posts to the
 * renamed account, not to a name that no longer exists); a bank with ledger rows is only deactivated.
 */
/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const GET_ADMIN_BANKS = { schema: { response: { 200: AdminBanksAnswer } } }

const POST_ADMIN_BANKS = { schema: { body: NewBank, response: { 201: BankSavedAnswer } } }

const PUT_ADMIN_BANKS_ID = {
  schema: { params: idParam, body: BankChange, response: { 200: BankSavedAnswer } },
}

const DELETE_ADMIN_BANKS_ID = { schema: { params: idParam, response: { 200: MessageAnswer } } }

/**
 * The owner's first-sign-in step (issue 37 item 4, decision 099): the bank titles the spec seeds
 * (UBL Account 1/2, HBL Account 1/2, JAZ C, MCB FIT) are shown until the owner keeps, renames or
 * adds to them; the answer is kept under this settings key with who gave it and when.
 */
const BANK_TITLES_KEY = 'bank_titles_checked'
const BankTitlesAnswer = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  checked: z.object({ by: z.string(), at: z.string() }).nullable(),
})
const GET_BANK_TITLES = { schema: { response: { 200: BankTitlesAnswer } } }
const POST_BANK_TITLES = { schema: { response: { 200: BankTitlesAnswer } } }

export const bankRoutes = async (app: FastifyInstance, db: Db) => {
  const checked = async () => {
    const row = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', BANK_TITLES_KEY)
      .executeTakeFirst()
    return row ? (JSON.parse(row.value) as { by: string; at: string }) : null
  }
  app.get('/admin/bank-titles', GET_BANK_TITLES, async () => ({
    status: 'success',
    checked: await checked(),
  }))
  app.post('/admin/bank-titles/checked', POST_BANK_TITLES, async (req) => {
    const user = req.user as AuthUser
    const value = { by: user.username, at: new Date().toISOString() }
    await writeTransaction(db, async (trx) => {
      const text = JSON.stringify(value)
      const found = await trx
        .selectFrom('settings')
        .select('key')
        .where('key', '=', BANK_TITLES_KEY)
        .executeTakeFirst()
      if (found)
        await trx.updateTable('settings').set({ value: text }).where('key', '=', BANK_TITLES_KEY).execute()
      else await trx.insertInto('settings').values({ key: BANK_TITLES_KEY, value: text }).execute()
      const banks = await trx.selectFrom('banks').select(['id', 'name', 'active']).orderBy('id').execute()
      await audit(trx, user, 'update', 'banks', 0, null, { bank_titles_checked: value, banks })
    })
    return { status: 'success', message: 'Bank accounts kept', checked: value }
  })

  const duplicate = (name: string) =>
    new HttpError(409, `Bank "${name}" already exists`, { name: 'Bank already exists' })

  // The manage dialog's list: each bank with its ledger row count, so Delete is offered only where allowed.
  app.get('/admin/banks', GET_ADMIN_BANKS, async () => {
    const banks = await db
      .selectFrom('banks')
      .leftJoin('account_entries', 'account_entries.bank_name', 'banks.name')
      .select((eb) => [
        'banks.id',
        'banks.name',
        'banks.active',
        eb.fn.count<number>('account_entries.id').as('entries'),
      ])
      .groupBy(['banks.id', 'banks.name', 'banks.active'])
      .orderBy('banks.id')
      .execute()
    return { status: 'success', banks: banks.map((b) => ({ ...toBank(b), entries: Number(b.entries) })) }
  })

  app.post('/admin/banks', POST_ADMIN_BANKS, async (req, reply) => {
    const { name, currency } = parseBody(NewBank, req.body)
    const user = req.user as AuthUser
    idempotencyKeyOf(req)
    const answer = await db.transaction().execute((trx) =>
      answerOnce(trx, req, user.id, async () => {
        const bank = await trx
          .insertInto('banks')
          .values({ name, active: 1, created_at: new Date().toISOString() })
          .onConflict((oc) => oc.column('name').doNothing())
          .returning(['id', 'name', 'active'])
          .executeTakeFirst()
        if (!bank) throw duplicate(name)
        const kept = currency === undefined ? 'PKR' : await setBankCurrency(trx, name, currency)
        await audit(trx, user, 'create', 'banks', bank.id, null, { ...bank, currency: kept })
        return {
          status: 201,
          body: { status: 'success', message: 'Bank added', bank: { ...toBank(bank), currency: kept } },
        }
      }),
    )
    return sendAnswer(reply, answer)
  })

  app.put('/admin/banks/:id', PUT_ADMIN_BANKS_ID, async (req) => {
    const { id } = parseBody(idParam, req.params)
    const change = parseBody(BankChange, req.body)
    // A rename rewrites the records naming the bank and its account's name (no line): a write like theirs (decision 036).
    const bank = await writeTransaction(db, async (trx) => {
      const before = await trx.selectFrom('banks').selectAll().where('id', '=', id).executeTakeFirst()
      if (!before) throw new HttpError(404, 'Bank not found')
      const name = change.name ?? before.name
      if (name !== before.name) {
        const taken = await trx.selectFrom('banks').select('id').where('name', '=', name).executeTakeFirst()
        if (taken) throw duplicate(name)
        // Every column the specs say names an office account, in each form a select writes it
        // (its name or a title made of it), so every record keeps naming this bank (decision 110).
        for (const [table, column] of BANK_COLUMNS)
          for (const form of BANK_TITLE_FORMS)
            await trx
              .updateTable(table)
              .set({ [column]: form(name) })
              .where(sql.ref(column), '=', form(before.name))
              .execute()
        await renameBankAccount(trx, before.name, name)
      }
      const active = change.active === undefined ? before.active : change.active ? 1 : 0
      const after = await trx
        .updateTable('banks')
        .set({ name, active })
        .where('id', '=', id)
        .returning(['id', 'name', 'active'])
        .executeTakeFirstOrThrow()
      if (change.currency !== undefined) await setBankCurrency(trx, name, change.currency)
      // A rename rewrites the name on every record that carries it: worth a trace.
      await audit(trx, req.user, 'update', 'banks', id, before, after)
      return after
    })
    return {
      status: 'success',
      message: 'Bank updated',
      bank: { ...toBank(bank), currency: await currencyOf(db, bankAccount(bank.name)) },
    }
  })

  app.delete('/admin/banks/:id', DELETE_ADMIN_BANKS_ID, async (req) => {
    const { id } = parseBody(idParam, req.params)
    await db.transaction().execute(async (trx) => {
      const bank = await trx.selectFrom('banks').selectAll().where('id', '=', id).executeTakeFirst()
      if (!bank) throw new HttpError(404, 'Bank not found')
      const used = await trx
        .selectFrom('account_entries')
        .select('id')
        .where('bank_name', '=', bank.name)
        .limit(1)
        .executeTakeFirst()
      if (used) throw new HttpError(409, 'This bank has ledger entries; deactivate it instead')
      await trx.deleteFrom('banks').where('id', '=', id).execute()
      await audit(trx, req.user, 'delete', 'banks', id, bank, null)
    })
    return { status: 'success', message: 'Bank deleted' }
  })
}
