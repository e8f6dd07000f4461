import { type Kysely, sql } from 'kysely'
import { dbKind, idColumn, idType, moneyType } from './helpers/dialect.ts'

/**
 * Issue 34 items 4-5 (docs/decisions/120, 121):
 * - fx_settlements: what a payment settled of which foreign document (a bill or charge row of the
 *   same party's ledger), with which money (its own, or an earlier payment's open advance), in the
 *   party's currency (`fx`, minor units) and in rupees on each side (the document's part at its
 *   rate, the money's part at its rate); their difference is the payment entry's realised line.
 *   `asked`: the amount the payment named for the bill (null: what was open). Rewritten by each
 *   save of the payment (its lines are re-posted with it).
 * - fx_paid_in: a payment typed in rupees against a party kept in another currency, converted at
 *   its rate: the rupees paid per money field (JSON paisa), so its cash or bank line is exactly them.
 * - revaluations: one month-end revaluation per day (`as_of`), the closing rates it used (JSON,
 *   micro-rupees), the balances it restated (JSON, as answered) and who ran it; its entry and the next day's reversal are the books' sources
 *   `revaluation` and `revaluation_reversal` with its id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  const money = sql.raw(moneyType(kind))
  await db.schema
    .createTable('fx_settlements')
    .addColumn('id', sql.raw(idType(kind)), idColumn(kind))
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('place', 'integer', (c) => c.notNull())
    .addColumn('doc_type', 'text', (c) => c.notNull())
    .addColumn('doc_id', 'integer', (c) => c.notNull())
    .addColumn('money_type', 'text', (c) => c.notNull())
    .addColumn('money_id', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('fx', money, (c) => c.notNull())
    .addColumn('doc_paisa', money, (c) => c.notNull())
    .addColumn('money_paisa', money, (c) => c.notNull())
    .addColumn('asked', money)
    .execute()
  await db.schema
    .createIndex('fx_settlements_source')
    .on('fx_settlements')
    .columns(['source_type', 'source_id'])
    .execute()
  await db.schema
    .createIndex('fx_settlements_doc')
    .on('fx_settlements')
    .columns(['doc_type', 'doc_id'])
    .execute()
  await db.schema
    .createIndex('fx_settlements_money')
    .on('fx_settlements')
    .columns(['money_type', 'money_id'])
    .execute()
  await db.schema
    .createTable('fx_paid_in')
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('paid', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fx_paid_in_pk', ['source_type', 'source_id'])
    .execute()
  await db.schema
    .createTable('revaluations')
    .addColumn('id', sql.raw(idType(kind)), idColumn(kind))
    .addColumn('as_of', 'text', (c) => c.notNull().unique())
    .addColumn('rates', 'text', (c) => c.notNull())
    .addColumn('restated', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}
