import {
  bpToRate,
  CustomerTaxAnswer,
  IdParams,
  PROVINCES,
  provinceField,
  rateToBp,
  type TaxAuthority,
  type TaxRate,
  TaxRateInput,
  TaxRateSavedAnswer,
  TaxRatesAnswer,
  type TaxRule,
  TaxRuleInput,
  TaxRuleSavedAnswer,
  TaxRulesAnswer,
} from '@booking/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Db } from '../../../db/connect.ts'
import type { Row } from '../../../db/schema.ts'
import { audit } from '../../../lib/audit.ts'
import { HttpError } from '../../../lib/http-error.ts'
import { parseBody, parseIdParam } from '../../../lib/validate.ts'
import { writeTransaction } from '../../../lib/write-batch.ts'
import { type AuthUser, requireAccess } from '../../../plugins/auth.ts'

const toRate = (r: Row<'tax_rates'>): TaxRate => ({
  id: Number(r.id),
  name: r.name,
  authority: r.authority as TaxAuthority,
  rate: bpToRate(Number(r.rate_bp)),
  from: r.from,
  to: r.to ?? null,
  is_default: Number(r.is_default) === 1,
  confirmed: Number(r.confirmed) === 1,
  source: r.source,
})

const rateValues = (v: z.output<typeof TaxRateInput>) => ({
  name: v.name,
  authority: v.authority,
  rate_bp: rateToBp(v.rate),
  from: v.from,
  to: v.to,
  is_default: v.is_default ? 1 : 0,
  confirmed: v.confirmed ? 1 : 0,
  source: v.source,
})

const CustomerTaxInput = z.object({
  ntn: z.string().trim().max(20, 'At most 20 characters').optional(),
  cnic: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{5}-?\d{7}-?\d$/.test(v), 'CNIC must be 13 digits (12345-1234567-1)')
    .optional(),
  province: provinceField.optional(),
})

/** Route schemas, declared for docs and types; the handlers parse (lib/route-schemas.ts). */
const GET_RATES = { schema: { response: { 200: TaxRatesAnswer } } }
const GET_RULES = { schema: { response: { 200: TaxRulesAnswer } } }
const POST_RATES = { schema: { body: TaxRateInput, response: { 201: TaxRateSavedAnswer } } }
const PUT_RATE = { schema: { params: IdParams, body: TaxRateInput, response: { 200: TaxRateSavedAnswer } } }
const PUT_RULE = { schema: { body: TaxRuleInput, response: { 200: TaxRuleSavedAnswer } } }
const PUT_CUSTOMER_TAX = {
  schema: { params: IdParams, body: CustomerTaxInput, response: { 200: CustomerTaxAnswer } },
}

/**
 * Issue 36 item 1 (decision 088): the sales tax rates and the taxable/exempt rules admins keep, and
 * a customer's NTN, CNIC and province. Everyone reads the rates (the sale forms show them).
 */
export const taxRoutes = async (app: FastifyInstance, db: Db) => {
  const user = (req: FastifyRequest) => req.user as AuthUser
  const admin = { preHandler: requireAccess('admin') }

  app.get('/tax/rates', GET_RATES, async () => {
    const rows = await db
      .selectFrom('tax_rates')
      .selectAll()
      .orderBy('authority')
      .orderBy('from')
      .orderBy('id')
      .execute()
    return { status: 'success', rates: rows.map(toRate), provinces: PROVINCES }
  })

  app.post('/tax/rates', { ...POST_RATES, ...admin }, async (req, reply) => {
    const v = parseBody(TaxRateInput, req.body)
    const rate = await writeTransaction(db, async (trx) => {
      // One default per authority: a new default replaces the old one.
      if (v.is_default)
        await trx
          .updateTable('tax_rates')
          .set({ is_default: 0 })
          .where('authority', '=', v.authority)
          .execute()
      const row = await trx
        .insertInto('tax_rates')
        .values(rateValues(v))
        .returningAll()
        .executeTakeFirstOrThrow()
      await audit(trx, user(req), 'create', 'tax_rates', Number(row.id), null, toRate(row))
      return toRate(row)
    })
    return reply.code(201).send({ status: 'success', message: 'Tax rate saved successfully', rate })
  })

  app.put('/tax/rates/:id', { ...PUT_RATE, ...admin }, async (req) => {
    const id = parseIdParam(req.params, 'tax rate')
    const v = parseBody(TaxRateInput, req.body)
    const rate = await writeTransaction(db, async (trx) => {
      const before = await trx.selectFrom('tax_rates').selectAll().where('id', '=', id).executeTakeFirst()
      if (!before) throw new HttpError(404, 'Tax rate not found')
      if (v.is_default)
        await trx
          .updateTable('tax_rates')
          .set({ is_default: 0 })
          .where('authority', '=', v.authority)
          .execute()
      const row = await trx
        .updateTable('tax_rates')
        .set(rateValues(v))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      await audit(trx, user(req), 'update', 'tax_rates', id, toRate(before), toRate(row))
      return toRate(row)
    })
    return { status: 'success', message: 'Tax rate updated successfully', rate }
  })

  app.get('/tax/rules', GET_RULES, async () => {
    const rows = await db.selectFrom('tax_rules').selectAll().orderBy('record_type').orderBy('kind').execute()
    const rules: TaxRule[] = rows.map((r) => ({
      record_type: r.record_type,
      kind: r.kind,
      taxable: Number(r.taxable) === 1,
    }))
    return { status: 'success', rules }
  })

  app.put('/tax/rules', { ...PUT_RULE, ...admin }, async (req) => {
    const v = parseBody(TaxRuleInput, req.body)
    await writeTransaction(db, async (trx) => {
      await trx
        .deleteFrom('tax_rules')
        .where('record_type', '=', v.record_type)
        .where('kind', '=', v.kind)
        .execute()
      await trx
        .insertInto('tax_rules')
        .values({ record_type: v.record_type, kind: v.kind, taxable: v.taxable ? 1 : 0 })
        .execute()
    })
    return { status: 'success', message: 'Tax rule saved successfully', rule: v }
  })

  app.put('/customers/:id/tax', PUT_CUSTOMER_TAX, async (req) => {
    const id = parseIdParam(req.params, 'customer')
    const v = parseBody(CustomerTaxInput, req.body)
    const customer = await writeTransaction(db, async (trx) => {
      const found = await trx.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst()
      if (!found) throw new HttpError(404, 'Customer not found')
      const changes = {
        ...(v.ntn !== undefined ? { ntn: v.ntn } : {}),
        ...(v.cnic !== undefined ? { cnic: v.cnic } : {}),
        ...(v.province !== undefined ? { province: v.province } : {}),
      }
      // A body naming none of the three changes nothing.
      if (Object.keys(changes).length === 0) return found
      const row = await trx
        .updateTable('customers')
        .set(changes)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      await audit(trx, user(req), 'update', 'customers', id, found, row)
      return row
    })
    return {
      status: 'success',
      message: 'Customer tax details saved',
      customer: {
        id: Number(customer.id),
        ntn: customer.ntn,
        cnic: customer.cnic,
        province: customer.province,
      },
    }
  })
}
