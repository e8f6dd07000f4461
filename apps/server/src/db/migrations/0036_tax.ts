import { type Kysely, sql } from 'kysely'
import { dbKind, idColumn, idType, moneyType } from './helpers/dialect.ts'

/**
 * Issue 36 (decisions 088-091): tax and costs.
 *
 * - tax_rates: the sales tax rates admins keep, per authority (SRB, PRA, KPRA, BRA, ICT), in basis
 *   points (1500 = 15 %), dated; `is_default` is the one a sale takes when it names no other,
 *   `confirmed` 0 marks a shipped rate no public source confirmed (decision 088).
 * - tax_rules: per record type and kind (Services' visa type, '' for every kind): taxable or exempt.
 * - sale_taxes: the tax of one sale (its authority, rate, taxable value and tax, paisa).
 * - tax_invoices / tax_invoice_counters: a sale's invoice serial, one series per tax year.
 * - payments: the income tax a customer withheld (section, certificate).
 * - customers: NTN, CNIC and province.
 * - cost_settlements: the "Costs to pay" a Protector or Expense entry settles.
 * - office_purposes: an Office Accounts entry that is a bank charge or bank profit; the ones the
 *   bank reconciliation posted before are found here by their detail and their match.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  const money = moneyType(kind)
  await db.schema
    .createTable('tax_rates')
    .addColumn('id', idType(kind), idColumn(kind))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('authority', 'varchar(10)', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('from', 'varchar(10)', (c) => c.notNull())
    .addColumn('to', 'varchar(10)')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  const rates: [string, string, number, string, number, number, string][] = [
    [
      'SRB standard rate (travel agents, tour operators)',
      'SRB',
      1500,
      '2024-07-01',
      1,
      1,
      'Sindh Finance Act 2024',
    ],
    ['SRB reduced rate, without input tax', 'SRB', 500, '2024-07-01', 0, 1, 'Sindh Finance Act 2024'],
    ['PRA standard rate', 'PRA', 1600, '2012-08-01', 1, 1, 'Punjab Sales Tax on Services Act 2012'],
    [
      'PRA reduced rate for travel agents and tour operators',
      'PRA',
      500,
      '2016-01-11',
      0,
      0,
      'PRA notification, January 2016',
    ],
    ['KPRA standard rate', 'KPRA', 1500, '2013-07-01', 1, 0, 'Khyber Pakhtunkhwa Finance Act 2013'],
    ['BRA standard rate', 'BRA', 1500, '2015-07-01', 1, 0, 'Balochistan Sales Tax on Services Act 2015'],
    ['ICT standard rate', 'ICT', 1600, '2019-07-01', 1, 0, 'ICT (Tax on Services) Ordinance 2001, Table 1'],
    [
      'ICT reduced rate for tour operators and travel agents (not Hajj and Umrah)',
      'ICT',
      500,
      '2019-07-01',
      0,
      0,
      'ICT (Tax on Services) Ordinance 2001, Table 2',
    ],
  ]
  await db
    .insertInto('tax_rates')
    .values(
      rates.map(([name, authority, rate_bp, from, is_default, confirmed, source]) => ({
        name,
        authority,
        rate_bp,
        from,
        is_default,
        confirmed,
        source,
      })),
    )
    .execute()

  await db.schema
    .createTable('tax_rules')
    .addColumn('record_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('kind', 'varchar(100)', (c) => c.notNull())
    .addColumn('taxable', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('tax_rules_pk', ['record_type', 'kind'])
    .execute()
  // Hajj and Umrah packages are exempt in Sindh (Finance Act 2024) and ICT (Table 2).
  await db.insertInto('tax_rules').values({ record_type: 'umrah', kind: '', taxable: 0 }).execute()

  await db.schema
    .createTable('sale_taxes')
    .addColumn('source_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('authority', 'varchar(10)', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('taxable_value', money, (c) => c.notNull())
    .addColumn('tax_amount', money, (c) => c.notNull())
    .addColumn('exempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inclusive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('sale_taxes_pk', ['source_type', 'source_id'])
    .execute()
  await db.schema.createIndex('sale_taxes_date').on('sale_taxes').columns(['date']).execute()

  await db.schema
    .createTable('tax_invoice_counters')
    .addColumn('tax_year', 'varchar(9)', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('tax_invoices')
    .addColumn('id', idType(kind), idColumn(kind))
    .addColumn('tax_year', 'varchar(9)', (c) => c.notNull())
    .addColumn('serial', 'integer', (c) => c.notNull())
    .addColumn('source_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('tax_invoices_serial', ['tax_year', 'serial'])
    .addUniqueConstraint('tax_invoices_source', ['source_type', 'source_id'])
    .execute()

  await sql`ALTER TABLE payments ADD COLUMN tax_withheld ${sql.raw(money)} NOT NULL DEFAULT 0`.execute(db)
  await sql`ALTER TABLE payments ADD COLUMN tax_section varchar(40) NOT NULL DEFAULT ''`.execute(db)
  await sql`ALTER TABLE payments ADD COLUMN tax_certificate varchar(100) NOT NULL DEFAULT ''`.execute(db)
  await sql`ALTER TABLE customers ADD COLUMN ntn varchar(20) NOT NULL DEFAULT ''`.execute(db)
  await sql`ALTER TABLE customers ADD COLUMN cnic varchar(20) NOT NULL DEFAULT ''`.execute(db)
  await sql`ALTER TABLE customers ADD COLUMN province varchar(40) NOT NULL DEFAULT ''`.execute(db)

  await db.schema
    .createTable('cost_settlements')
    .addColumn('source_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('settles_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('settles_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('cost_settlements_pk', ['source_type', 'source_id'])
    .execute()

  await db.schema
    .createTable('office_purposes')
    .addColumn('entry_id', 'integer', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('reposted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await markReconciledBankEntries(db)
}

/**
 * Bank charges and profit the reconciliation posted (decision 064) went to the owner's equity:
 * an Office Accounts entry of no vendor whose detail the reconciliation wrote and whose line is
 * matched to a statement line. They are marked here and re-posted at start (a reversal and a new
 * entry, decision 091). Entries already marked are left as they are.
 */
export async function markReconciledBankEntries(db: Kysely<any>): Promise<void> {
  for (const [purpose, prefix] of [
    ['bank_charge', 'Bank charge: '],
    ['bank_profit', 'Bank profit: '],
  ] as const) {
    await sql`INSERT INTO office_purposes (entry_id, purpose, reposted)
      SELECT a.id, ${purpose}, 0 FROM account_entries a
      WHERE a.source_type IS NULL AND a.vendor_name = '' AND substr(a.detail, 1, ${prefix.length}) = ${prefix}
        AND NOT EXISTS (SELECT 1 FROM office_purposes o WHERE o.entry_id = a.id)
        AND EXISTS (SELECT 1 FROM posting_lines l JOIN bank_match_book_lines m ON m.line_id = l.id
          WHERE l.source_type = 'account_entries' AND l.source_id = a.id)`.execute(db)
  }
}
