import type { Kysely } from 'kysely'
import type { Database } from '../../../db/schema.ts'
import type { ApiRow } from '../../../lib/crud.ts'
import { answerBeside, keepOfficePurpose, keepSettlement } from './beside.ts'
import { answerSaleTaxes, taxSale } from './sale-tax.ts'

type Trx = Kysely<Database>

/** What issue 36 keeps beside a record when it is written, before it posts (areas/extensions.ts). */
export const taxWritten = async (
  trx: Trx,
  table: string,
  row: ApiRow,
  before: ApiRow | null,
  input: unknown,
) => {
  await taxSale(trx, table, row, before, input)
  await keepSettlement(trx, table, row, input)
  await keepOfficePurpose(trx, table, row, input)
}

/** Issue 36's keys on a record's answers: a sale's tax, what an entry settles, a bank charge's purpose. */
export const taxAnswered = async (trx: Trx, table: string, answers: Record<string, unknown>[]) => {
  await answerSaleTaxes(trx, table, answers)
  await answerBeside(trx, table, answers)
}
